import { messages } from '../domain/messages.ts';
import { isAllowedRedirect, type RedirectPolicy } from '../domain/redirects.ts';
import type { CurrentSubscription } from './subscription.types.ts';

/**
 * docs/product.md#subscription-tab and docs/decisions.md: the customer portal URL the server
 * handed back is followed only when the redirect policy allows it (an https provider origin, or
 * the sandbox's in development).
 * The one owner of this rule: the real implementation and every fake use it.
 */
export function isAllowedPortalUrl(url: string | null, policy: RedirectPolicy): boolean {
  return url !== null && isAllowedRedirect(url, policy);
}

export interface SubscriptionStatusBadge {
  active: boolean;
  /** 'Actif' or 'Inactif'. */
  label: string;
  /** 'Aucun abonnement' when inactive. */
  detail: string | null;
}

/**
 * 'Actif' when hasSubscription, else 'Inactif' with 'Aucun abonnement' (see
 * docs/product.md#profile-tab).
 */
export function subscriptionStatusBadgeOf(
  current: CurrentSubscription | null,
): SubscriptionStatusBadge {
  const active = current?.hasSubscription ?? false;
  return active
    ? { active, label: messages.profile.active, detail: null }
    : { active, label: messages.profile.inactive, detail: messages.profile.noSubscription };
}

/** A plan as a plan grid shows it: its id and its name. */
export interface PlanIdentity {
  id: string;
  name: string;
}

/**
 * Which of `plans` is the customer's current one: the subscription's plan id when the server
 * sent it, else its name (the current subscription carries name and price, see
 * docs/product.md#data-the-product-handles). Null when there is no subscription or no plan
 * matches.
 */
export function currentPlanIdOf(
  current: CurrentSubscription | null,
  plans: readonly PlanIdentity[],
): string | null {
  const subscription = current?.subscription ?? null;
  if (subscription === null) return null;
  const plan =
    plans.find((candidate) => candidate.id === subscription.plan_id) ??
    plans.find((candidate) => candidate.name === subscription.name);
  return plan?.id ?? null;
}
