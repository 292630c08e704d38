import { useState, type ReactNode } from 'react';
import type { Decorator } from '@storybook/react-vite';
import { fromPromise } from 'xstate';
import {
  createSidebarImplementations,
  licencesMachine,
  passwordMachine,
  profileMachine,
  sidebarMachine,
  subscriptionMachine,
  themeDownloadMachine,
  type AuthUser,
  type CurrentSubscription,
  type Licence,
  type LicenceSave,
  type LicencesOverview,
  type Notify,
  type PasswordChangeValues,
  type PortalRequest,
  type ProfileOverview,
  type ProfileUpdate,
  type SidebarStorage,
} from '@portal/core';
import { useServices } from '../app/services.tsx';
import {
  DashboardMachinesProvider,
  type DashboardMachines,
} from '../pages/dashboard/dashboardMachines.tsx';
import { StoryFrame, storyOrigin, storyUser, type StoryFrameProps } from './storyServices.tsx';

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

export const noSubscription: CurrentSubscription = {
  hasSubscription: false,
  subscription: null,
  usage: { licensesUsed: 0, licensesLimit: 0, licensesRemaining: 0 },
};

/** Fake actors for each dashboard machine; anything left out answers with the data above. */
export interface DashboardActors {
  fetchLicences?: () => Promise<LicencesOverview>;
  createLicence?: (save: LicenceSave) => Promise<Licence>;
  updateLicence?: (save: LicenceSave) => Promise<Licence>;
  deleteLicence?: () => Promise<void>;
  downloadTheme?: () => Promise<Blob>;
  fetchCurrentSubscription?: () => Promise<CurrentSubscription>;
  openCustomerPortal?: (request: PortalRequest) => Promise<string | null>;
  fetchProfile?: () => Promise<ProfileOverview>;
  updateProfile?: (update: ProfileUpdate) => Promise<AuthUser>;
  changePassword?: (values: PasswordChangeValues) => Promise<void>;
}

/** Sidebar memory of a story: starts empty, forgets everything when the story ends. */
function memoryStorage(): SidebarStorage {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, value),
  };
}

/** The real dashboard machines, provided with the story's fake actors; notices go to `notify`. */
export function storyDashboardMachines(
  notify: Notify,
  actors: DashboardActors = {},
): DashboardMachines {
  const overview = { licences: storyLicences.slice(0, 2), usage: scaleSubscription.usage };
  return {
    licences: licencesMachine.provide({
      actors: {
        fetchLicences: fromPromise(actors.fetchLicences ?? (async () => overview)),
        createLicence: fromPromise(({ input }: { input: LicenceSave }) =>
          (actors.createLicence ?? (async () => storyLicences[0] as Licence))(input),
        ),
        updateLicence: fromPromise(({ input }: { input: LicenceSave }) =>
          (actors.updateLicence ?? (async () => storyLicences[0] as Licence))(input),
        ),
        deleteLicence: fromPromise(actors.deleteLicence ?? (async () => undefined)),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    themeDownload: themeDownloadMachine.provide({
      actors: {
        downloadTheme: fromPromise(actors.downloadTheme ?? (async () => new Blob(['PK']))),
      },
      // A story never saves a file.
      actions: { saveFile: () => {} },
    }),
    subscription: subscriptionMachine.provide({
      actors: {
        fetchCurrentSubscription: fromPromise(
          actors.fetchCurrentSubscription ?? (async () => scaleSubscription),
        ),
        openCustomerPortal: fromPromise(({ input }: { input: PortalRequest }) =>
          (actors.openCustomerPortal ?? (async () => `${storyOrigin}/sandbox/portal/ps_1`))(input),
        ),
      },
      // A story never leaves Storybook: the portal URL is accepted and not followed.
      actions: { notify: (_, notice) => notify(notice), redirect: () => {} },
      guards: { isAllowedPortalUrl: (_, params) => params.url !== null },
    }),
    profile: profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(
          actors.fetchProfile ??
            (async () => ({ user: storyUser, subscription: scaleSubscription })),
        ),
        updateProfile: fromPromise(({ input }: { input: ProfileUpdate }) =>
          (actors.updateProfile ?? (async (update) => ({ ...storyUser, ...update }) as AuthUser))(
            input,
          ),
        ),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    password: passwordMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }: { input: PasswordChangeValues }) =>
          (actors.changePassword ?? (async () => undefined))(input),
        ),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    sidebar: sidebarMachine.provide(createSidebarImplementations({ storage: memoryStorage() })),
  };
}

function DashboardFrame({ actors, children }: { actors: DashboardActors; children: ReactNode }) {
  const { notify } = useServices();
  const [machines] = useState(() => storyDashboardMachines(notify, actors));
  return <DashboardMachinesProvider machines={machines}>{children}</DashboardMachinesProvider>;
}

export interface DashboardStoryOptions extends Omit<StoryFrameProps, 'children'> {
  dashboard?: DashboardActors;
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
