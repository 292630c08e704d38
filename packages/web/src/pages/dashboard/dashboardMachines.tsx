import { createContext, useContext, useMemo, type ReactNode } from 'react';
import {
  createLicencesImplementations,
  createPasswordImplementations,
  createProfileImplementations,
  createSidebarImplementations,
  createSubscriptionImplementations,
  createThemeDownloadImplementations,
  licencesMachine,
  passwordMachine,
  profileMachine,
  sidebarMachine,
  subscriptionMachine,
  themeDownloadMachine,
  type RedirectPolicy,
  type SaveFile,
  type SidebarStorage,
} from '@portal/core';
import { useServices, type AppServices } from '../../app/services.tsx';
import { saveWithBrowser } from '../../app/saveWithBrowser.ts';

/** The dashboard's machines, provided with their implementations; each panel runs its own actor. */
export interface DashboardMachines {
  licences: typeof licencesMachine;
  subscription: typeof subscriptionMachine;
  themeDownload: typeof themeDownloadMachine;
  sidebar: typeof sidebarMachine;
  profile: typeof profileMachine;
  password: typeof passwordMachine;
}

/** The provider's hosted customer portal. */
const stripePortalOrigin = 'https://billing.stripe.com';

export interface BrowserDashboardOptions {
  storage: SidebarStorage;
  save: SaveFile;
  redirect: (url: string) => void;
  /** Allowed portal origins (the sandbox provider serves its portal from the page's origin). */
  redirectPolicy: RedirectPolicy;
}

export function createDashboardMachines(
  { client, notify, auth }: Pick<AppServices, 'client' | 'notify' | 'auth'>,
  options: BrowserDashboardOptions,
): DashboardMachines {
  return {
    profile: profileMachine.provide(
      createProfileImplementations({
        client,
        notify,
        // The sidebar's name follows the saved profile.
        onUserUpdated: (user) => auth.send({ type: 'user.updated', user }),
      }),
    ),
    password: passwordMachine.provide(createPasswordImplementations({ client, notify })),
    licences: licencesMachine.provide(createLicencesImplementations({ client, notify })),
    subscription: subscriptionMachine.provide(
      createSubscriptionImplementations({
        client,
        notify,
        redirect: options.redirect,
        redirectPolicy: options.redirectPolicy,
      }),
    ),
    themeDownload: themeDownloadMachine.provide(
      createThemeDownloadImplementations({ client, save: options.save }),
    ),
    sidebar: sidebarMachine.provide(createSidebarImplementations({ storage: options.storage })),
  };
}

function browserOptions(): BrowserDashboardOptions {
  const origin = window.location.origin;
  return {
    storage: window.localStorage,
    save: saveWithBrowser,
    redirect: (url) => window.location.assign(url),
    redirectPolicy: { allowedOrigins: [stripePortalOrigin, origin], allowedDevOrigins: [origin] },
  };
}

const DashboardMachinesContext = createContext<DashboardMachines | null>(null);

/** Tests and stories hand in the same machines provided with fake actors. */
export function DashboardMachinesProvider({
  machines,
  children,
}: {
  machines: DashboardMachines;
  children: ReactNode;
}) {
  return (
    <DashboardMachinesContext.Provider value={machines}>
      {children}
    </DashboardMachinesContext.Provider>
  );
}

/** The provided machines, or the browser's ones over the app's client. */
export function useDashboardMachines(): DashboardMachines {
  const provided = useContext(DashboardMachinesContext);
  const { client, notify, auth } = useServices();
  return useMemo(
    () => provided ?? createDashboardMachines({ client, notify, auth }, browserOptions()),
    [provided, client, notify, auth],
  );
}
