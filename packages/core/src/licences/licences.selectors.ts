import type { SnapshotFrom } from 'xstate';
import type { licencesMachine } from './licences.machine.ts';
import {
  addLicenceBlockedReason,
  noAccessReasonOf,
  isRemainingHighlighted,
  limitWarningOf,
  usageBadgeLabels,
  usageBadgeOf,
  type UsageBadge,
} from './licences.rules.ts';
import type { Licence, LicenceUsage } from './licences.types.ts';

export type LicencesSnapshot = SnapshotFrom<typeof licencesMachine>;

export const selectLicences = (snapshot: LicencesSnapshot): Licence[] => snapshot.context.licences;

export const selectUsage = (snapshot: LicencesSnapshot): LicenceUsage | null =>
  snapshot.context.usage;

export const selectIsLicencesLoading = (snapshot: LicencesSnapshot): boolean =>
  snapshot.matches({ list: 'loading' });

export const selectLicencesLoadError = (snapshot: LicencesSnapshot): string | null =>
  snapshot.context.loadError;

/** The usage card's badge: its kind (for styling) and its French label. */
export const selectUsageBadge = (
  snapshot: LicencesSnapshot,
): { kind: UsageBadge; label: string } | null => {
  const { usage } = snapshot.context;
  if (usage === null) return null;
  const kind = usageBadgeOf(usage);
  return { kind, label: usageBadgeLabels[kind] };
};

export const selectIsRemainingHighlighted = (snapshot: LicencesSnapshot): boolean =>
  snapshot.context.usage !== null && isRemainingHighlighted(snapshot.context.usage);

/**
 * docs/product.md#licences-tab: the warning shown (and the add button disabled) at the limit; null
 * otherwise.
 */
export const selectLimitWarning = (snapshot: LicencesSnapshot): string | null =>
  limitWarningOf(snapshot.context);

/**
 * Why the subscription gives no access (trial ended, subscription ended, none): the usage card
 * then says 'Aucun abonnement actif' instead of a limit of 0. Null with access or before loading.
 */
export const selectNoAccessReason = (snapshot: LicencesSnapshot): string | null =>
  noAccessReasonOf(snapshot.context.subscription);

/** Why 'Ajouter une licence' is unavailable (no access, or the limit), else null. */
export const selectAddBlockedReason = (snapshot: LicencesSnapshot): string | null =>
  addLicenceBlockedReason(snapshot.context);

export type LicenceModal = 'closed' | 'create' | 'edit' | 'delete';

export const selectModal = (snapshot: LicencesSnapshot): LicenceModal => {
  if (snapshot.matches({ modal: 'form' }))
    return snapshot.context.editing === null ? 'create' : 'edit';
  if (snapshot.matches({ modal: 'confirmingDelete' })) return 'delete';
  return 'closed';
};

export const selectLicenceForm = (snapshot: LicencesSnapshot) => snapshot.context.form;

export const selectLicenceFieldErrors = (snapshot: LicencesSnapshot) =>
  snapshot.context.fieldErrors;

export const selectLicenceModalError = (snapshot: LicencesSnapshot): string | null =>
  snapshot.context.modalError;

/** The form's save button shows its loading state. */
export const selectIsSavingLicence = (snapshot: LicencesSnapshot): boolean =>
  snapshot.matches({ modal: { form: 'creating' } }) ||
  snapshot.matches({ modal: { form: 'updating' } });

export const selectIsDeletingLicence = (snapshot: LicencesSnapshot): boolean =>
  snapshot.matches({ modal: { confirmingDelete: 'deleting' } });

export const selectLicencePendingDeletion = (snapshot: LicencesSnapshot): Licence | null =>
  snapshot.context.deleting;
