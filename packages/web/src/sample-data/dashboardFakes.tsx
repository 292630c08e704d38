import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import type { CurrentSubscription, Licence, Notify, SidebarStorage } from '@portal/core';
import { useServices } from '../app/services.tsx';
import {
  DashboardMachinesProvider,
  type DashboardMachines,
} from '../pages/dashboard/dashboardMachines.tsx';
import {
  fakeDashboardMachines,
  type DashboardFakes,
} from '../pages/dashboard/fakeDashboardMachines.ts';
import { StoryFrame, storyOrigin, storyUser, type StoryFrameProps } from './storyServices.tsx';

export { noSubscription } from '../pages/dashboard/fakeDashboardMachines.ts';

export const storyLicences: Licence[] = [
  {
    _id: 'l1',
    custom_domain: 'boutique-exemple.fr',
    shop_domain: 'boutique-exemple.myshopify.com',
    theme_name: 'Thème Portal',
    status: 'active',
    expires_at: '2027-03-15T10:00:00.000Z',
  },
  {
    _id: 'l2',
    custom_domain: 'atelier-cuir.com',
    shop_domain: 'atelier-cuir.myshopify.com',
    theme_name: 'Thème Portal',
    status: 'active',
    expires_at: '2026-12-01T10:00:00.000Z',
  },
  {
    _id: 'l3',
    custom_domain: 'the-epicerie.fr',
    shop_domain: 'the-epicerie.myshopify.com',
    theme_name: 'Thème Portal',
    status: 'expired',
    expires_at: '2026-06-30T10:00:00.000Z',
  },
];

/** Scale: 3 licences, 2 used. */
export const scaleSubscription: CurrentSubscription = {
  hasSubscription: true,
  subscription: { name: 'Scale', price: 39.99, plan_id: 'scale', billingCycle: 'monthly' },
  usage: { licensesUsed: 2, licensesLimit: 3, licensesRemaining: 1 },
};

/** Sidebar memory of a story: starts empty, forgets everything when the story ends. */
function memoryStorage(): SidebarStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** The real dashboard machines over the story's fake actors; a story never leaves Storybook. */
export function storyDashboardMachines(
  notify: Notify,
  actors: DashboardFakes = {},
): DashboardMachines {
  return fakeDashboardMachines(
    notify,
    {
      user: storyUser,
      licences: { licences: storyLicences.slice(0, 2), usage: scaleSubscription.usage },
      subscription: scaleSubscription,
      portalOrigin: storyOrigin,
      storage: memoryStorage(),
    },
    actors,
  );
}

function DashboardFrame({ actors, children }: { actors: DashboardFakes; children: ReactNode }) {
  const { notify } = useServices();
  const [machines] = useState(() => storyDashboardMachines(notify, actors));
  return <DashboardMachinesProvider machines={machines}>{children}</DashboardMachinesProvider>;
}

export interface DashboardStoryOptions extends Omit<StoryFrameProps, 'children'> {
  dashboard?: DashboardFakes;
}

/** A signed-in customer's frame with the dashboard machines over the story's fake actors. */
export function withDashboard({
  dashboard = {},
  path = '/dashboard',
  ...options
}: DashboardStoryOptions = {}): Decorator {
  return (Story) => (
    <StoryFrame user={storyUser} path={path} {...options}>
      <DashboardFrame actors={dashboard}>
        <Story />
      </DashboardFrame>
    </StoryFrame>
  );
}
