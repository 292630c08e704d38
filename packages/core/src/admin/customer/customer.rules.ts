import { messageFor } from '../../api/feature-errors.ts';
import { messages } from '../../domain/messages.ts';
import type { CustomerAction } from './customer.types.ts';

/** The contract's `AdminReason`: 1 to 500 characters, not only spaces. */
export const REASON_MAX_LENGTH = 500;

/** What is wrong with an action's reason, in French; null when it may be sent. */
export function reasonError(reason: string): string | null {
  if (reason.trim() === '') return messages.admin.customer.reasonRequired;
  if (reason.length > REASON_MAX_LENGTH) return messages.admin.customer.reasonTooLong;
  return null;
}

/** The customer could not be loaded: 404 says so, anything else in the client's words. */
export function customerLoadError(error: unknown): string {
  return messageFor(error, {
    byStatus: { 404: messages.admin.customerNotFound },
    fallback: { apiMessageOr: messages.admin.customer.loadFailed },
  });
}

/** An action refused: the server's words for its 409s (nothing to resend, no account yet). */
export function customerActionError(error: unknown): string {
  return messageFor(error, {
    byStatus: { 409: { serverMessageOr: messages.admin.customer.actionFailed } },
    fallback: { apiMessageOr: messages.admin.customer.actionFailed },
  });
}

/** The notice once an action is done. */
export const customerActionDone: Record<CustomerAction, string> = {
  'password-reset': messages.admin.passwordResetSent,
  'onboarding-link': messages.admin.onboardingLinkSent,
};
