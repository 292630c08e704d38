import { useEffect, type ReactNode } from 'react';
import { backOfficeAccess, messages, type BackOfficeAccess } from '@portal/core';
import { useAuthEvents, useAuthSelector } from '../app/authFlow.ts';
import { useServices } from '../app/services.tsx';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { AdminShell } from './AdminShell.tsx';
import { AdminRoutes } from './routes.tsx';

const sameAccess = (a: BackOfficeAccess, b: BackOfficeAccess) =>
  JSON.stringify(a) === JSON.stringify(b);

/** The back office: its frame and pages, for a signed-in admin only. */
export function AdminApp() {
  return (
    <RequireAdmin>
      <AdminShell>
        <AdminRoutes />
      </AdminShell>
    </RequireAdmin>
  );
}

/**
 * Only an admin stays (core's `backOfficeAccess`): a visitor goes to /login, a customer to their
 * dashboard, each a page of the app's document.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const access = useAuthSelector(backOfficeAccess, sameAccess);
  const { navigate } = useServices();
  const leaveFor = access.status === 'refused' ? access.leaveFor : null;
  useEffect(() => {
    if (leaveFor !== null) navigate(leaveFor);
  }, [leaveFor, navigate]);
  if (access.status === 'granted') return <>{children}</>;
  if (access.status === 'unavailable') return <AdminUnavailable message={access.message} />;
  return <Spinner label="Chargement…" />;
}

/** The stored session stands but its account could not be fetched: retry, or sign out. */
function AdminUnavailable({ message }: { message: string }) {
  const { retryUser, logOut } = useAuthEvents();
  return (
    <main id="main" className="page page--narrow">
      <Banner tone="error">{message}</Banner>
      <div className="admin-actions">
        <Button onPress={retryUser}>{messages.admin.retry}</Button>
        <Button variant="secondary" onPress={logOut}>
          {messages.admin.shell.logOut}
        </Button>
      </div>
    </main>
  );
}
