import type { components } from '../../api/schema.gen.ts';

export type AdminCustomerDetail = components['schemas']['AdminCustomerDetail'];
export type JournalEvent = components['schemas']['JournalEvent'];

/** The actions on a customer (`POST /api/admin/customers/{id}/…`), each with a reason. */
export type CustomerAction = 'password-reset' | 'onboarding-link';

export interface CustomerActionDraft {
  kind: CustomerAction;
  reason: string;
  /** What is wrong with the reason, shown once the admin confirmed. */
  reasonError: string | null;
  /** Why the server refused (409: nothing to resend, no account yet), in French. */
  error: string | null;
}

export interface CustomerContext {
  id: string;
  detail: AdminCustomerDetail | null;
  error: string | null;
  action: CustomerActionDraft | null;
}

export type CustomerEvent =
  | { type: 'customer.retry' }
  | { type: 'action.open'; kind: CustomerAction }
  | { type: 'action.reasonChanged'; reason: string }
  | { type: 'action.confirm' }
  | { type: 'action.cancel' };
