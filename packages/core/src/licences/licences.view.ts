import { messages } from '../domain/messages.ts';
import type { LicenceField } from '../domain/domains.ts';
import type { LicenceFormValues } from '../domain/validation/licence.ts';
import { actionButton, type ActionButton } from '../view-kit.ts';
import {
  licenceSummaryOf,
  usageCardOf,
  type LicenceSummary,
  type UsageCardView,
} from './licences.rules.ts';
import {
  selectAddBlockedReason,
  selectIsDeletingLicence,
  selectIsLicencesLoading,
  selectIsSavingLicence,
  selectLicenceFieldErrors,
  selectLicenceForm,
  selectLicenceModalError,
  selectLicencePendingDeletion,
  selectLicences,
  selectLicencesLoadError,
  selectLimitWarning,
  selectModal,
  selectNoAccessReason,
  selectUsage,
  type LicenceModal,
  type LicencesSnapshot,
} from './licences.selectors.ts';
import type { LicenceReportContext } from './licences.report.ts';
import type { Licence, LicencesEvent } from './licences.types.ts';

/** 'Gestion des licences' as the tab shows it (docs/product.md#licences-tab). */
export interface LicencesView {
  /**
   * 'Utilisation des licences': without access, 'Aucun abonnement actif' and why (never a limit
   * of 0); with access, the figures; while loading, its placeholder; null otherwise.
   */
  usageCard:
    | { kind: 'noAccess'; badge: string; reason: string }
    | ({ kind: 'usage' } & UsageCardView)
    | { kind: 'loading' }
    | null;
  /** 'Ajouter une licence': unavailable with its reason (said by the card or the limit warning). */
  add: {
    unavailable: { reason: string; saidBy: 'noAccess' | 'limitWarning' } | null;
  };
  list: {
    items: { licence: Licence; summary: LicenceSummary }[];
    loading: boolean;
    loadError: string | null;
    /** Why adding is unavailable: the empty list then leads to 'Mon abonnement'. */
    blocked: string | null;
    /** What each row's report reads beside its licence (licences.report.ts, loaded later). */
    report: LicenceReportContext;
    /** 'Vous avez atteint la limite de {n} licences de votre abonnement.' at the limit. */
    limitWarning: string | null;
    /** The list, or its empty state, is shown with the customer's data (or its error). */
    shown: boolean;
  };
  modal: LicenceModal;
  /** The create or edit modal, while open. */
  form: {
    title: string;
    values: LicenceFormValues;
    errors: Partial<Record<LicenceField, string>>;
    error: string | null;
    /** The fields are read-only while the licence is saved. */
    readOnly: boolean;
    submit: ActionButton;
  } | null;
  /** The delete confirmation, while open. */
  deletion: { domain: string; error: string | null; confirm: ActionButton } | null;
}

function usageCardOfView(snapshot: LicencesSnapshot): LicencesView['usageCard'] {
  const usage = selectUsage(snapshot);
  const reason = selectNoAccessReason(snapshot);
  if (usage !== null && reason !== null)
    return { kind: 'noAccess', badge: messages.subscription.noActiveSubscription, reason };
  if (usage !== null) return { kind: 'usage', ...usageCardOf(usage) };
  return selectIsLicencesLoading(snapshot) ? { kind: 'loading' } : null;
}

export function licencesView(snapshot: LicencesSnapshot): LicencesView {
  const blocked = selectAddBlockedReason(snapshot);
  const licences = selectLicences(snapshot);
  const loading = selectIsLicencesLoading(snapshot);
  const loadError = selectLicencesLoadError(snapshot);
  const modal = selectModal(snapshot);
  const saving = selectIsSavingLicence(snapshot);
  const pending = selectLicencePendingDeletion(snapshot);
  const deleting = selectIsDeletingLicence(snapshot);
  return {
    usageCard: usageCardOfView(snapshot),
    add: {
      unavailable:
        blocked === null
          ? null
          : {
              reason: blocked,
              saidBy: selectNoAccessReason(snapshot) !== null ? 'noAccess' : 'limitWarning',
            },
    },
    list: {
      items: licences.map((licence) => ({ licence, summary: licenceSummaryOf(licence) })),
      loading,
      loadError,
      blocked,
      limitWarning: selectLimitWarning(snapshot),
      report: {
        latestVersion: snapshot.context.latestVersion,
        subscription: snapshot.context.subscription,
      },
      shown: loadError === null && (!loading || licences.length > 0),
    },
    modal,
    form:
      modal === 'create' || modal === 'edit'
        ? {
            title: modal === 'edit' ? messages.licences.editTitle : messages.licences.addTitle,
            values: selectLicenceForm(snapshot),
            errors: selectLicenceFieldErrors(snapshot),
            error: selectLicenceModalError(snapshot),
            readOnly: saving,
            submit: actionButton(messages.forms.save, messages.forms.saving, saving),
          }
        : null,
    deletion:
      modal === 'delete' && pending !== null
        ? {
            domain: pending.custom_domain,
            error: selectLicenceModalError(snapshot),
            confirm: actionButton(messages.licences.delete, messages.licences.deleting, deleting),
          }
        : null,
  };
}

export function licencesCommands(send: (event: LicencesEvent) => void) {
  return {
    reload: () => send({ type: 'licences.reload' }),
    addLicence: () => send({ type: 'licence.add' }),
    editLicence: (licence: Licence) => send({ type: 'licence.edit', licence }),
    change: (field: LicenceField, value: string) => send({ type: 'licence.change', field, value }),
    save: () => send({ type: 'licence.submit' }),
    deleteLicence: (licence: Licence) => send({ type: 'licence.delete', licence }),
    confirmDelete: () => send({ type: 'licence.confirmDelete' }),
    cancel: () => send({ type: 'licence.cancel' }),
  };
}
