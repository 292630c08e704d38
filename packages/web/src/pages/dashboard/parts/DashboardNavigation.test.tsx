import type { ComponentType } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../../../testing/render.tsx';
import { SidebarProvider, useSidebarEvents } from '../../../shell/sidebarFlow.ts';
import type { Preloadable } from '../../../ui/preloadable.ts';
import { dashboardTabs } from '../dashboardTabs.ts';
import type { DashboardTab } from '../tabs.ts';
import { DashboardNavigation } from './DashboardNavigation.tsx';

/** Watches a tab's panel preload (it still fetches: the spy calls through). */
function watchPreload(tab: DashboardTab) {
  return vi.spyOn(dashboardTabs[tab].panel as Preloadable<ComponentType>, 'preload');
}

function OverlayToggle() {
  const { toggle } = useSidebarEvents();
  return (
    <button type="button" onClick={toggle}>
      Menu
    </button>
  );
}

/** The dashboard's navigation alone, in a sidebar as wide as `viewportWidth`. */
async function renderNavigation(viewportWidth: number) {
  renderPage(
    <SidebarProvider input={{ viewportWidth }}>
      <OverlayToggle />
      <DashboardNavigation tab="licences" />
    </SidebarProvider>,
    '/dashboard',
    { signedIn: true },
  );
  return screen.findByRole('navigation', { name: 'Onglets du tableau de bord' });
}

// A tab chosen before its code is here waits for it (DashboardPage.tsx): the code is fetched at
// the visitor's intent.
describe("a tab's code is fetched before its click", () => {
  afterEach(() => vi.restoreAllMocks());

  test('as the pointer comes over its link (Upgrade Plan too), or a finger presses it', async () => {
    const themes = watchPreload('themes');
    const trendtrack = watchPreload('trendtrack');
    const subscription = watchPreload('subscription');
    const tabs = await renderNavigation(1280);
    const user = userEvent.setup();
    expect(themes).not.toHaveBeenCalled();
    await user.hover(within(tabs).getByRole('link', { name: 'Thème' }));
    expect(themes).toHaveBeenCalled();

    expect(subscription).not.toHaveBeenCalled();
    await user.hover(screen.getByRole('link', { name: 'Upgrade Plan' }));
    expect(subscription).toHaveBeenCalled();

    expect(trendtrack).not.toHaveBeenCalled();
    await user.pointer({
      keys: '[TouchA>]',
      target: within(tabs).getByRole('link', { name: 'TrendTrack' }),
    });
    expect(trendtrack).toHaveBeenCalled();
    await user.pointer({ keys: '[/TouchA]' });
  });

  test("under 900 px, as the overlay opens: every other tab's, the sidebar's first", async () => {
    const order: DashboardTab[] = [];
    const others = (['themes', 'trendtrack', 'profil', 'subscription'] as const).map((tab) =>
      watchPreload(tab).mockImplementation(() => {
        order.push(tab);
        return Promise.resolve(() => null);
      }),
    );
    await renderNavigation(375);
    const user = userEvent.setup();
    for (const preload of others) expect(preload).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    // One per idle period.
    await waitFor(
      () => {
        for (const preload of others) expect(preload).toHaveBeenCalled();
      },
      { timeout: 8000 },
    );
    expect(order).toEqual(['themes', 'trendtrack', 'profil', 'subscription']);
  });
});
