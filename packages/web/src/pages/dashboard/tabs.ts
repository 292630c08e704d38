import type * as registered from './tabs/index.ts';

/** A dashboard tab's name, the address's `?tab=`: one per line of `tabs/index.ts`. */
export type DashboardTab = keyof typeof registered;

export function tabHref(tab: DashboardTab): string {
  return `/dashboard?tab=${tab}`;
}

/** The plan grid of 'Mon abonnement' ('Upgrade Plan', 'Choisir un plan'): the panel moves to it. */
export const plansSection = 'formules';
export const plansHref = `${tabHref('subscription')}&section=${plansSection}`;

/** Whether the URL asks for the plan grid. */
export function wantsPlans(search: string): boolean {
  return new URLSearchParams(search).get('section') === plansSection;
}
