import { messageFor, type FeatureErrorTable } from '../api/feature-errors.ts';
import { formatDate, formatTimeAgo } from '../domain/formatting.ts';
import { licenceOwnVerdict, type VerificationStatus } from '../domain/licence-verification.ts';
import { messages } from '../domain/messages.ts';
import { givesAccess, type SubscriptionState } from '../domain/subscription-status.ts';
import { themeUpdateFor } from '../domain/theme-releases.ts';
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

/**
 * What a licence's card shows beside its domains (docs/product.md#licences-tab): its status as
 * the licence verification judges it, its expiry, and what the theme last reported.
 */
export interface LicenceSummary {
  /** 'success' while the theme runs without a word to its owner (active, trial), else 'accent'. */
  tone: 'success' | 'accent';
  /** The badge: 'Active', 'Essai gratuit', 'Paiement en échec', 'Suspendue' or 'Inactive'. */
  status: string;
  /** The expiry date in fr-FR, 'Sans expiration' without one. */
  expiry: string;
  /** What the verification tells the shop owner (grace, suspension, the reason it is inactive). */
  verdict: string | null;
  /** The admin's reason for a suspension ('Motif : …'). */
  reason: string | null;
  /** 'Vérifiée il y a 5 minutes sur …, thème en version 2.0.0', or that it never reported. */
  seen: string;
  /** 'Mise à jour disponible : version 2.1.0' when the theme runs an older version. */
  update: string | null;
}

/** What the summary reads beside the licence: the list's moment and the customer's subscription. */
export interface LicenceSituation {
  /** The subscription's status; unknown counts as access, as adding a licence does. */
  subscription: SubscriptionState | null;
  /** The theme's latest version (the list's `latest_version`). */
  latestVersion: string | null;
  /** The app's clock (ms), for 'il y a …'. */
  now: number;
}

const verdictLabels: Record<VerificationStatus, string> = {
  active: messages.licences.statusActive,
  trial: messages.subscription.statusLabels.trialing,
  grace: messages.subscription.statusLabels.past_due,
  inactive: messages.licences.statusInactive,
};

export function licenceSummaryOf(licence: Licence, situation: LicenceSituation): LicenceSummary {
  const { subscription } = situation;
  const suspended = licence.suspended_at !== null;
  // The verification's own judgement (docs/product.md, 'Licence verification'), never a copy.
  const verdict = licenceOwnVerdict({
    status: licence.status,
    suspended,
    subscription:
      subscription === null ? 'active' : subscription === 'none' ? undefined : subscription,
  });
  const expiry = formatDate(licence.expires_at);
  const update =
    situation.latestVersion === null
      ? null
      : themeUpdateFor(licence.last_seen_version, situation.latestVersion);
  return {
    tone: verdict.status === 'active' || verdict.status === 'trial' ? 'success' : 'accent',
    status: suspended ? messages.licences.statusSuspended : verdictLabels[verdict.status],
    expiry: expiry === '' ? messages.licences.noExpiry : expiry,
    verdict: verdict.message ?? null,
    reason:
      suspended && licence.suspension_reason !== null
        ? messages.licences.suspensionReason(licence.suspension_reason)
        : null,
    seen:
      licence.last_seen_at === null
        ? messages.licences.neverSeen
        : messages.licences.seen(
            formatTimeAgo(licence.last_seen_at, situation.now),
            licence.last_seen_host,
            licence.last_seen_version,
          ),
    update: update === null ? null : messages.licences.updateAvailable(update),
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
