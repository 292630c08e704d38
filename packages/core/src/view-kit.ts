/**
 * What every view model is made of (docs/architecture.md, "How a screen gets its machine"): a
 * flow's `<flow>.view.ts` turns its machine's snapshot into everything its screen shows, and
 * names the commands the screen may send.
 */

/** A button whose words follow its state ('Gérer mon abonnement', then 'Redirection…'). */
export interface ActionButton {
  label: string;
  /** Its call is under way: it keeps its place and refuses presses. */
  pending: boolean;
}

/** `label`, or `pendingLabel` while its call is under way. */
export function actionButton(label: string, pendingLabel: string, pending: boolean): ActionButton {
  return { label: pending ? pendingLabel : label, pending };
}
