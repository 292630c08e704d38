import { messages } from '../domain/messages.ts';
import type { PasswordChangeField, PasswordChangeValues } from '../domain/validation/password.ts';
import { actionButton, type ActionButton } from '../view-kit.ts';
import {
  selectIsChangingPassword,
  selectIsPasswordFormOpen,
  selectPasswordError,
  selectPasswordFieldErrors,
  selectPasswordForm,
  type PasswordSnapshot,
} from './password.selectors.ts';
import type { PasswordEvent } from './password.types.ts';

/** 'Sécurité' as the profile tab shows it: the password change, once asked for. */
export interface PasswordView {
  /** The form, once 'Changer le mot de passe' was pressed; null while closed. */
  form: {
    values: PasswordChangeValues;
    errors: Partial<Record<PasswordChangeField, string>>;
    error: string | null;
    /** The fields are read-only while the change is sent. */
    readOnly: boolean;
    submit: ActionButton;
  } | null;
}

export function passwordView(snapshot: PasswordSnapshot): PasswordView {
  const submitting = selectIsChangingPassword(snapshot);
  return {
    form: selectIsPasswordFormOpen(snapshot)
      ? {
          values: selectPasswordForm(snapshot),
          errors: selectPasswordFieldErrors(snapshot),
          error: selectPasswordError(snapshot),
          readOnly: submitting,
          submit: actionButton(messages.password.submit, messages.password.submitting, submitting),
        }
      : null,
  };
}

export function passwordCommands(send: (event: PasswordEvent) => void) {
  return {
    open: () => send({ type: 'password.open' }),
    change: (field: PasswordChangeField, value: string) =>
      send({ type: 'password.change', field, value }),
    save: () => send({ type: 'password.submit' }),
    cancel: () => send({ type: 'password.cancel' }),
  };
}
