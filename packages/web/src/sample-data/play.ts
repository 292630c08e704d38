import { userEvent } from 'storybook/test';

/**
 * A text as Testing Library queries compare it: fr-FR money and numbers hold narrow no-break
 * spaces, which the queries' normaliser turns into plain spaces on the page side only.
 */
export function asShown(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Puts a whole value in a field at once (a paste): one change event instead of one per key. */
export async function enter(field: HTMLElement, value: string) {
  await userEvent.click(field);
  await userEvent.paste(value);
}
