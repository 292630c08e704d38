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

/**
 * What a form's view hands its page for each text field, in the spirit of zag's `connect`: the
 * page spreads `field(name)` on its input instead of repeating value, change and error per field.
 */
export interface TextFieldView<Name extends string = string> {
  name: Name;
  value: string;
  onChange: (value: string) => void;
  /** The field's French message, shown under it, or undefined. */
  errorMessage: string | undefined;
}

/** The `field(name)` getter of a form: its values, its errors by field, its change command. */
export function fieldGetter<Name extends string>(
  values: Readonly<Record<Name, string>>,
  errors: Readonly<Partial<Record<Name, string>>>,
  change: (name: Name, value: string) => void,
): (name: Name) => TextFieldView<Name> {
  return (name) => ({
    name,
    value: values[name],
    onChange: (value) => change(name, value),
    errorMessage: errors[name],
  });
}
