import type { ReactElement } from 'react';
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
  type PasswordChangeValues,
  type PortalRequest,
  type ProfileOverview,
  type ProfileUpdate,
  type SidebarStorage,
} from '@portal/core';
import { createTestServices, demoUser, renderPage } from '../../test/services.tsx';
import { DashboardMachinesProvider, type DashboardMachines } from './dashboardMachines.tsx';

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

export const noSubscription: CurrentSubscription = {
  hasSubscription: false,
  subscription: null,
  usage: { licensesUsed: 0, licensesLimit: 0, licensesRemaining: 0 },
};

/** Fake actors for each dashboard machine: every answer can be replaced per test. */
export interface DashboardFakes {
  fetchLicences?: () => Promise<LicencesOverview>;
  createLicence?: (save: LicenceSave) => Promise<Licence>;
  updateLicence?: (save: LicenceSave) => Promise<Licence>;
  deleteLicence?: (id: string) => Promise<void>;
  download?: (filename: string) => Promise<Blob>;
  save?: (blob: Blob, filename: string) => void;
  fetchSubscription?: () => Promise<CurrentSubscription>;
  openPortal?: (request: PortalRequest) => Promise<string | null>;
  redirect?: (url: string) => void;
  fetchProfile?: () => Promise<ProfileOverview>;
  updateProfile?: (update: ProfileUpdate) => Promise<AuthUser>;
  onUserUpdated?: (user: AuthUser) => void;
  changePassword?: (values: PasswordChangeValues) => Promise<void>;
  storage?: SidebarStorage;
}

/** The real dashboard machines provided with fake actors; notices go to the app's notify. */
export function fakeDashboardMachines(
  notify: (notice: { type: 'success' | 'error' | 'warning' | 'info'; message: string }) => void,
  fakes: DashboardFakes = {},
): DashboardMachines {
  const storage = fakes.storage ?? window.localStorage;
  return {
    licences: licencesMachine.provide({
      actors: {
        fetchLicences: fromPromise(
          fakes.fetchLicences ??
            (async () => ({ licences: [sampleLicence], usage: scaleSubscription.usage })),
        ),
        createLicence: fromPromise(({ input }: { input: LicenceSave }) =>
          (fakes.createLicence ?? (async () => sampleLicence))(input),
        ),
        updateLicence: fromPromise(({ input }: { input: LicenceSave }) =>
          (fakes.updateLicence ?? (async () => sampleLicence))(input),
        ),
        deleteLicence: fromPromise(({ input }: { input: { _id: string } }) =>
          (fakes.deleteLicence ?? (async () => undefined))(input._id),
        ),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    themeDownload: themeDownloadMachine.provide({
      actors: {
        downloadTheme: fromPromise(({ input }: { input: { filename: string } }) =>
          (fakes.download ?? (async () => new Blob(['PK'])))(input.filename),
        ),
      },
      actions: {
        saveFile: (_, params) => (fakes.save ?? (() => {}))(params.blob, params.filename),
      },
    }),
    subscription: subscriptionMachine.provide({
      actors: {
        fetchCurrentSubscription: fromPromise(
          fakes.fetchSubscription ?? (async () => scaleSubscription),
        ),
        openCustomerPortal: fromPromise(({ input }: { input: PortalRequest }) =>
          (fakes.openPortal ?? (async () => 'http://portal.test/sandbox/portal/ps_1'))(input),
        ),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        redirect: (_, params) => fakes.redirect?.(params.url),
      },
      guards: {
        isAllowedPortalUrl: (_, params) =>
          params.url !== null && params.url.startsWith('http://portal.test/'),
      },
    }),
    profile: profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(
          fakes.fetchProfile ?? (async () => ({ user: demoUser, subscription: scaleSubscription })),
        ),
        updateProfile: fromPromise(({ input }: { input: ProfileUpdate }) =>
          (fakes.updateProfile ?? (async (update) => ({ ...demoUser, ...update }) as AuthUser))(
            input,
          ),
        ),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        announceUser: (_, params) => fakes.onUserUpdated?.(params.user),
      },
    }),
    password: passwordMachine.provide({
      actors: {
        changePassword: fromPromise(({ input }: { input: PasswordChangeValues }) =>
          (fakes.changePassword ?? (async () => undefined))(input),
        ),
      },
      actions: { notify: (_, notice) => notify(notice) },
    }),
    sidebar: sidebarMachine.provide(createSidebarImplementations({ storage })),
  };
}

/** Renders `ui` inside the app's providers and the dashboard's fake machines, at `path`. */
export function renderDashboard(
  ui: ReactElement,
  { path = '/dashboard', fakes = {} }: { path?: string; fakes?: DashboardFakes } = {},
) {
  const test = createTestServices({ authenticated: true });
  const machines = fakeDashboardMachines(test.services.notify, fakes);
  const view = renderPage(
    <DashboardMachinesProvider machines={machines}>{ui}</DashboardMachinesProvider>,
    test.services,
    path,
  );
  const notification = () => test.services.notifications.getSnapshot().context.current;
  return { ...view, ...test, notification };
}
