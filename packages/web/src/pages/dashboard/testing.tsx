import type { ReactElement } from 'react';
import type { CurrentSubscription, Licence } from '@portal/core';
import { createTestServices, demoUser, renderPage } from '../../test/services.tsx';
import { DashboardMachinesProvider } from './dashboardMachines.tsx';
import { fakeDashboardMachines, type DashboardFakes } from './fakeDashboardMachines.ts';

export { noSubscription } from './fakeDashboardMachines.ts';

export const sampleLicence: Licence = {
  _id: 'l1',
  custom_domain: 'boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  theme_name: 'Thème Boutique',
  status: 'active',
  expires_at: '2027-01-15T10:00:00.000Z',
};

export const scaleSubscription: CurrentSubscription = {
  hasSubscription: true,
  subscription: { name: 'Scale', price: 39.99, plan_id: 'scale', billingCycle: 'monthly' },
  usage: { licensesUsed: 1, licensesLimit: 3, licensesRemaining: 2 },
};

/** Renders `ui` inside the app's providers and the dashboard's fake machines, at `path`. */
export function renderDashboard(
  ui: ReactElement,
  { path = '/dashboard', fakes = {} }: { path?: string; fakes?: DashboardFakes } = {},
) {
  const test = createTestServices({ authenticated: true });
  const machines = fakeDashboardMachines(
    test.services.notify,
    {
      user: demoUser,
      licences: { licences: [sampleLicence], usage: scaleSubscription.usage },
      subscription: scaleSubscription,
      portalOrigin: 'http://portal.test',
      storage: window.localStorage,
    },
    fakes,
  );
  const view = renderPage(
    <DashboardMachinesProvider machines={machines}>{ui}</DashboardMachinesProvider>,
    test.services,
    path,
  );
  const notification = () => test.services.notifications.getSnapshot().context.current;
  return { ...view, ...test, notification };
}
