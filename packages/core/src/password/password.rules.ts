import { isApiError } from '../api/errors.ts';
import { messages } from '../domain/messages.ts';

/** Spec 8, password change errors by status. */
export function passwordChangeErrorMessage(error: unknown): string {
  if (!isApiError(error)) return messages.password.changeError;
  switch (error.status) {
    case 400:
      return error.serverMessage ?? messages.profile.invalidData;
    case 401:
      return messages.password.currentIncorrect;
    default:
      return messages.password.changeError;
  }
}
