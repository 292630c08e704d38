import { messages } from '../domain/messages.ts';
import type { ProfileField, ProfileValues } from '../domain/validation/profile.ts';
import {
  subscriptionSummaryOf,
  type SubscriptionStatusBadge,
} from '../subscription/subscription.rules.ts';
import { actionButton, type ActionButton } from '../view-kit.ts';
import { isReadOnlyProfileField } from './profile.rules.ts';
import {
  profileFields,
  selectIsEditingProfile,
  selectIsProfileLoading,
  selectIsSavingProfile,
  selectProfileDetails,
  selectProfileFieldErrors,
  selectProfileForm,
  selectProfileLoadError,
  selectProfileSaveError,
  selectProfileSubscription,
  type ProfileSnapshot,
} from './profile.selectors.ts';
import type { ProfileEvent } from './profile.types.ts';

export interface ProfileView {
  loading: boolean;
  loadError: string | null;
  /**
   * 'Abonnement' (docs/product.md#profile-tab): the subscription tab's summary, its rules and
   * texts (`subscriptionSummaryOf`). Without access (none, trial ended, ended) it leads to the
   * plans instead of the plan and figures.
   */
  subscription: {
    badge: Pick<SubscriptionStatusBadge, 'label' | 'tone'>;
    /** A trial, an active or a past-due subscription. */
    givesAccess: boolean;
    /** 'Aucun abonnement' without one. */
    detail: string | null;
    trialLine: string | null;
    planName: string | null;
    figures: string | null;
  };
  /** The view mode's values in order, 'Non renseigné' where there is none; null until loaded. */
  details: { field: ProfileField; value: string }[] | null;
  /** The edit form, while editing (or saving). */
  form: {
    values: ProfileValues;
    errors: Partial<Record<ProfileField, string>>;
    error: string | null;
    /** The fields that cannot be changed: the email, and every one while saving. */
    readOnly: Record<ProfileField, boolean>;
    submit: ActionButton;
  } | null;
}

/** 'Mon profil' as the tab shows it, at `now` (a trial's days left). */
export function profileView(snapshot: ProfileSnapshot, now: number): ProfileView {
  const details = selectProfileDetails(snapshot);
  const saving = selectIsSavingProfile(snapshot);
  const summary = subscriptionSummaryOf(selectProfileSubscription(snapshot), now);
  return {
    loading: selectIsProfileLoading(snapshot),
    loadError: selectProfileLoadError(snapshot),
    subscription: {
      badge: { label: summary.badge.label, tone: summary.badge.tone },
      givesAccess: summary.badge.active,
      detail: summary.badge.detail,
      trialLine: summary.trialLine,
      planName: summary.planName,
      figures: summary.figures,
    },
    details:
      details === null
        ? null
        : profileFields.map((field) => ({
            field,
            value: details[field] ?? messages.profile.notProvided,
          })),
    form: selectIsEditingProfile(snapshot)
      ? {
          values: selectProfileForm(snapshot),
          errors: selectProfileFieldErrors(snapshot),
          error: selectProfileSaveError(snapshot),
          readOnly: Object.fromEntries(
            profileFields.map((field) => [field, saving || isReadOnlyProfileField(field)]),
          ) as Record<ProfileField, boolean>,
          submit: actionButton(messages.forms.save, messages.forms.saving, saving),
        }
      : null,
  };
}

export function profileCommands(send: (event: ProfileEvent) => void) {
  return {
    reload: () => send({ type: 'profile.reload' }),
    edit: () => send({ type: 'profile.edit' }),
    change: (field: ProfileField, value: string) => send({ type: 'profile.change', field, value }),
    save: () => send({ type: 'profile.save' }),
    cancel: () => send({ type: 'profile.cancel' }),
  };
}
