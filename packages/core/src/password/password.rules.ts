import { messageFor, type FeatureErrorTable } from '../api/feature-errors.ts';
import { messages } from '../domain/messages.ts';

/** docs/product.md#feature-errors: password change errors by status. */
export const passwordChangeErrors: FeatureErrorTable = {
  byStatus: {
    400: { serverMessageOr: messages.profile.invalidData },
    401: messages.password.currentIncorrect,
  },
  fallback: messages.password.changeError,
};

export function passwordChangeErrorMessage(error: unknown): string {
  return messageFor(error, passwordChangeErrors);
}
