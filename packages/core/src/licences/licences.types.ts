import type { components } from '../api/schema.gen.ts';
import type { LicenceField } from '../domain/domains.ts';
import type { LicenceFormValues } from '../domain/validation/licence.ts';
import type { SubscriptionState } from '../domain/subscription-status.ts';
import type { CurrentSubscription } from '../subscription/subscription.types.ts';

export type Licence = components['schemas']['License'];
export type LicenceUsage = CurrentSubscription['usage'];

/** docs/product.md#licences-tab: this limit means "no limit". */
export const UNLIMITED_LICENCES = 999;
/** docs/product.md#licences-tab: the remaining count is highlighted at or under this number. */
export const LOW_REMAINING_THRESHOLD = 2;

export interface LicencesOverview {
  licences: Licence[];
  usage: LicenceUsage;
  /** The subscription's status: without access no licence can be added (unknown: allowed). */
  subscription?: SubscriptionState;
  /** The theme's latest release, to compare with what each licence's theme reported. */
  latestVersion?: string;
}

/** A create has no `_id`; an edit carries the licence's. */
export type LicenceSave = { values: LicenceFormValues } & (
  { mode: 'create' } | { mode: 'edit'; _id: string }
);

export interface LicencesContext {
  licences: Licence[];
  usage: LicenceUsage | null;
  subscription: SubscriptionState | null;
  latestVersion: string | null;
  loadError: string | null;
  /** The modal's fields exactly as typed (normalised only in the payload). */
  form: LicenceFormValues;
  fieldErrors: Partial<Record<LicenceField, string>>;
  /** The licence being edited; null in create mode. */
  editing: Licence | null;
  /** The licence awaiting delete confirmation. */
  deleting: Licence | null;
  /** The open modal's server error. */
  modalError: string | null;
}

export type LicencesEvent =
  | { type: 'licences.reload' }
  | { type: 'licence.add' }
  | { type: 'licence.edit'; licence: Licence }
  | { type: 'licence.change'; field: LicenceField; value: string }
  | { type: 'licence.submit' }
  | { type: 'licence.delete'; licence: Licence }
  | { type: 'licence.confirmDelete' }
  /** Closes whichever modal is open. */
  | { type: 'licence.cancel' };
