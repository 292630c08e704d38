import { messageFor, type FeatureErrorTable } from '../api/feature-errors.ts';
import { formatDate } from '../domain/formatting.ts';
import { messages } from '../domain/messages.ts';
import { givesAccess, type SubscriptionState } from '../domain/subscription-status.ts';
import {
  LOW_REMAINING_THRESHOLD,
  UNLIMITED_LICENCES,
  type Licence,
  type LicenceUsage,
} from './licences.types.ts';

export type UsageBadge = 'unlimited' | 'limitReached' | 'available';

/**
 * docs/product.md#licences-tab: 'Illimité' at 999, 'Limite atteinte' when used >= limit, otherwise
 * 'Disponible'.
 */
export function usageBadgeOf(usage: LicenceUsage): UsageBadge {
  if (usage.licensesLimit === UNLIMITED_LICENCES) return 'unlimited';
  if (usage.licensesUsed >= usage.licensesLimit) return 'limitReached';
  return 'available';
}

export const usageBadgeLabels: Record<UsageBadge, string> = {
  unlimited: messages.licences.unlimited,
  limitReached: messages.licences.limitReached,
  available: messages.licences.available,
};

/**
 * The usage card with access, as the licences tab and the dashboard's served frame draw it
 * (docs/product.md#licences-tab): its badge, and its figures in words ('Illimité' for the limit
 * and what remains on an unlimited plan).
 */
export interface UsageCardView {
  badge: { kind: UsageBadge; label: string };
  used: string;
  limit: string;
  remaining: string;
  remainingHighlighted: boolean;
}

export function usageCardOf(usage: LicenceUsage): UsageCardView {
  const kind = usageBadgeOf(usage);
  const label = usageBadgeLabels[kind];
  const unlimited = kind === 'unlimited';
  return {
    badge: { kind, label },
    used: String(usage.licensesUsed),
    limit: unlimited ? label : String(usage.licensesLimit),
    remaining: unlimited ? label : String(usage.licensesRemaining),
    remainingHighlighted: isRemainingHighlighted(usage),
  };
}

export function isLicenceLimitReached(usage: LicenceUsage | null): boolean {
  return usage !== null && usageBadgeOf(usage) === 'limitReached';
}

export function isRemainingHighlighted(usage: LicenceUsage): boolean {
  return (
    usage.licensesLimit !== UNLIMITED_LICENCES && usage.licensesRemaining <= LOW_REMAINING_THRESHOLD
  );
}

/**
 * Why no licence can be added (docs/product.md#licences-tab): a subscription that gives no access
 * (its end, said as the server says it), else the limit reached; null when adding is possible
 * (an unknown status counts as access: the server refuses anyway).
 */
export function addLicenceBlockedReason(state: {
  usage: LicenceUsage | null;
  subscription: SubscriptionState | null;
}): string | null {
  return noAccessReasonOf(state.subscription) ?? limitWarningOf(state);
}

/**
 * docs/product.md#licences-tab: the warning shown above the list (and why adding is unavailable)
 * at the limit, while the subscription gives access; null otherwise.
 */
export function limitWarningOf(state: {
  usage: LicenceUsage | null;
  subscription: SubscriptionState | null;
}): string | null {
  return state.usage !== null &&
    isLicenceLimitReached(state.usage) &&
    noAccessReasonOf(state.subscription) === null
    ? messages.licences.limitWarning(state.usage.licensesLimit)
    : null;
}

/** The end of access in words, or null while the subscription gives access (or is unknown). */
export function noAccessReasonOf(subscription: SubscriptionState | null): string | null {
  if (subscription === null || givesAccess(subscription)) return null;
  if (subscription === 'trial_ended') return messages.subscriptionRules.trialEnded;
  if (subscription === 'canceled') return messages.subscriptionRules.subscriptionEnded;
  return messages.subscription.noneReason;
}

/** What a licence's card shows beside its domains: its status badge and its expiry. */
export interface LicenceSummary {
  active: boolean;
  /** 'Active' for the status 'active', 'Inactive' for any other, 'Suspendue' while suspended. */
  status: string;
  /** The expiry date in fr-FR, 'Sans expiration' without one. */
  expiry: string;
}

export function licenceSummaryOf(
  licence: Pick<Licence, 'status' | 'expires_at' | 'suspended_at'>,
): LicenceSummary {
  // A suspension leaves the status as it was (the contract's `suspended_at`): it is said instead.
  const suspended = licence.suspended_at != null;
  const active = licence.status === 'active' && !suspended;
  const expiry = formatDate(licence.expires_at);
  const { statusActive, statusInactive, statusSuspended } = messages.licences;
  return {
    active,
    status: suspended ? statusSuspended : active ? statusActive : statusInactive,
    expiry: expiry === '' ? messages.licences.noExpiry : expiry,
  };
}

/**
 * docs/product.md#feature-errors: the server's own message when present, else the text for its
 * status.
 */
export const licenceErrors: FeatureErrorTable = {
  preferServerMessage: true,
  byStatus: {
    400: messages.licences.badRequest,
    403: messages.licences.forbidden,
    404: messages.licences.notFound,
    409: messages.licences.conflict,
  },
  fallback: messages.licences.unexpected,
};

export function licenceErrorMessage(error: unknown): string {
  return messageFor(error, licenceErrors);
}
