import type { components } from '../api/schema.gen.ts';
import type { LicenceField } from '../domain/domains.ts';
import type { LicenceFormValues } from '../domain/validation/licence.ts';
import type { SubscriptionState } from '../domain/subscription-status.ts';
import type { CurrentSubscription } from '../subscription/subscription.types.ts';

export type Licence = components['schemas']['License'];
export type LicenceUsage = CurrentSubscription['usage'];

/**
 * A licence's reporting fields while its theme never checked it and no admin suspended it: what
 * the server sends for a new licence (docs/api.md).
 */
export const unreportedLicence = {
  last_seen_at: null,
  last_seen_host: null,
  last_seen_version: null,
  suspended_at: null,
  suspension_reason: null,
} as const satisfies Partial<Licence>;

/** docs/product.md#licences-tab: this limit means "no limit". */
export const UNLIMITED_LICENCES = 999;
/** docs/product.md#licences-tab: the remaining count is highlighted at or under this number. */
export const LOW_REMAINING_THRESHOLD = 2;

export interface LicencesOverview {
  licences: Licence[];
  usage: LicenceUsage;
  /** The theme's latest version, which the list answers with the licences. */
  latestVersion: string;
  /** The subscription's status: without access no licence can be added (unknown: allowed). */
  subscription?: SubscriptionState;
}

/** A create has no `_id`; an edit carries the licence's. */
export type LicenceSave = { values: LicenceFormValues } & (
  { mode: 'create' } | { mode: 'edit'; _id: string }
);

export interface LicencesContext {
  licences: Licence[];
  usage: LicenceUsage | null;
  /** The theme's latest version: a licence whose theme reported an older one says so. */
  latestVersion: string | null;
  subscription: SubscriptionState | null;
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
