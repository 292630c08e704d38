/**
 * A text as Testing Library queries compare it: fr-FR money and numbers hold narrow no-break
 * spaces, which the queries' normaliser turns into plain spaces on the page side only.
 */
export function asShown(text: string): string {
  return text.replace(/\s+/g, ' ');
}
