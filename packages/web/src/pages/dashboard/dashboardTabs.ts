import * as registered from './tabs/index.ts';
import type { DashboardTabDefinition } from './tabs/definition.ts';
import { plansHref, tabHref, type DashboardTab } from './tabs.ts';

/** Every tab's definition, by name. */
export const dashboardTabs: Readonly<Record<DashboardTab, DashboardTabDefinition>> = registered;

const names = Object.keys(dashboardTabs) as DashboardTab[];

/** A table with one entry per tab, typed by the tab union (a tab cannot be left out). */
export function perTab<T>(
  entry: (tab: DashboardTabDefinition, name: DashboardTab) => T,
): Record<DashboardTab, T> {
  return Object.fromEntries(
    names.map((name) => [name, entry(dashboardTabs[name], name)]),
  ) as Record<DashboardTab, T>;
}

export const defaultTab: DashboardTab = 'licences';

/**
 * Fetches the code of a tab's panel ahead of its first render, when it comes in a chunk of its
 * own: a tab chosen before its code is here waits for it (DashboardPage.tsx). Offline, the code
 * is fetched at the render instead.
 */
export function preloadPanel(tab: DashboardTab): Promise<unknown> {
  const { panel } = dashboardTabs[tab];
  return 'preload' in panel ? panel.preload().catch(() => undefined) : Promise.resolve();
}

/** Whether a tab's panel renders without suspending (its code is here or came with the page). */
export function isPanelLoaded(tab: DashboardTab): boolean {
  const { panel } = dashboardTabs[tab];
  return 'isLoaded' in panel ? panel.isLoaded() : true;
}

/** The tab named by the URL's `tab` query; the default for a missing or unknown one. */
export function tabFromSearch(search: string): DashboardTab {
  const tab = new URLSearchParams(search).get('tab');
  return names.find((known) => known === tab) ?? defaultTab;
}

const sidebarEntries = names
  .flatMap((name) => {
    const { sidebar } = dashboardTabs[name];
    return sidebar === null ? [] : [{ name, ...sidebar }];
  })
  .sort((a, b) => a.position - b.position);

/**
 * `preloadPanel` of each tab whose panel has a chunk of its own, for `usePreloadWhenIdle`: the
 * sidebar's from the top, then those reached from elsewhere.
 */
export const panelPreloads: readonly (() => Promise<unknown>)[] = [
  ...sidebarEntries.map((entry) => entry.name),
  ...names.filter((name) => dashboardTabs[name].sidebar === null),
]
  .filter((name) => 'preload' in dashboardTabs[name].panel)
  .map((name) => () => preloadPanel(name));

/**
 * docs/product.md#dashboard-sidebar, what the dashboard's part of the sidebar shows on `tab`: the
 * listed tabs, the current one marked, and 'Upgrade Plan' (to the plan grid), marked on the
 * subscription tab.
 */
export function navigationOf(tab: DashboardTab) {
  return {
    tabs: sidebarEntries.map((entry) => ({
      tab: entry.name,
      label: entry.label,
      href: tabHref(entry.name),
      current: entry.name === tab,
    })),
    upgrade: { tab: 'subscription' as const, href: plansHref, current: tab === 'subscription' },
  };
}
