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
import type { DashboardMachines } from './dashboardMachines.tsx';

/** Fake actors (named as core's) and effects of the dashboard machines; each can be replaced. */
export interface DashboardFakes {
  fetchLicences?: () => Promise<LicencesOverview>;
  createLicence?: (save: LicenceSave) => Promise<Licence>;
  updateLicence?: (save: LicenceSave) => Promise<Licence>;
  deleteLicence?: (id: string) => Promise<void>;
  downloadTheme?: (filename: string) => Promise<Blob>;
  saveFile?: (blob: Blob, filename: string) => void;
  fetchCurrentSubscription?: () => Promise<CurrentSubscription>;
  openCustomerPortal?: (request: PortalRequest) => Promise<string | null>;
  redirect?: (url: string) => void;
  fetchProfile?: () => Promise<ProfileOverview>;
  updateProfile?: (update: ProfileUpdate) => Promise<AuthUser>;
  onUserUpdated?: (user: AuthUser) => void;
  changePassword?: (values: PasswordChangeValues) => Promise<void>;
}

/** What the fakes answer when a test or story does not say otherwise. */
export interface DashboardSampleData {
  user: AuthUser;
  licences: LicencesOverview;
  subscription: CurrentSubscription;
  /** The customer portal's origin: its URLs are the only ones the subscription may follow. */
  portalOrigin: string;
  storage: SidebarStorage;
}

/**
 * The real dashboard machines provided with fake actors, for component tests
 * (`pages/dashboard/testing.tsx`) and stories (`sample-data/dashboardFakes.tsx`): what a panel
 * shows is what its machine decides for the answers scripted here.
 */
export function fakeDashboardMachines(
  notify: Notify,
  sample: DashboardSampleData,
  fakes: DashboardFakes = {},
): DashboardMachines {
  const firstLicence = sample.licences.licences[0] as Licence;
  return {
    licences: licencesMachine.provide({
      actors: {
        fetchLicences: fromPromise(fakes.fetchLicences ?? (async () => sample.licences)),
        createLicence: fromPromise(({ input }: { input: LicenceSave }) =>
          (fakes.createLicence ?? (async () => firstLicence))(input),
        ),
        updateLicence: fromPromise(({ input }: { input: LicenceSave }) =>
          (fakes.updateLicence ?? (async () => firstLicence))(input),
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
          (fakes.downloadTheme ?? (async () => new Blob(['PK'])))(input.filename),
        ),
      },
      actions: { saveFile: (_, params) => fakes.saveFile?.(params.blob, params.filename) },
    }),
    subscription: subscriptionMachine.provide({
      actors: {
        fetchCurrentSubscription: fromPromise(
          fakes.fetchCurrentSubscription ?? (async () => sample.subscription),
        ),
        openCustomerPortal: fromPromise(({ input }: { input: PortalRequest }) =>
          (fakes.openCustomerPortal ?? (async () => `${sample.portalOrigin}/sandbox/portal/ps_1`))(
            input,
          ),
        ),
      },
      actions: {
        notify: (_, notice) => notify(notice),
        redirect: (_, params) => fakes.redirect?.(params.url),
      },
      guards: {
        isAllowedPortalUrl: (_, params) =>
          params.url !== null && params.url.startsWith(`${sample.portalOrigin}/`),
      },
    }),
    profile: profileMachine.provide({
      actors: {
        fetchProfile: fromPromise(
          fakes.fetchProfile ??
            (async () => ({ user: sample.user, subscription: sample.subscription })),
        ),
        updateProfile: fromPromise(({ input }: { input: ProfileUpdate }) =>
          (fakes.updateProfile ?? (async (update) => ({ ...sample.user, ...update }) as AuthUser))(
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
    sidebar: sidebarMachine.provide(createSidebarImplementations({ storage: sample.storage })),
  };
}

export const noSubscription: CurrentSubscription = {
  hasSubscription: false,
  subscription: null,
  usage: { licensesUsed: 0, licensesLimit: 0, licensesRemaining: 0 },
};
