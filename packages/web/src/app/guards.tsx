import { useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import {
  BACK_OFFICE_PATH,
  selectIsAdmin,
  selectIsAuthenticated,
  selectIsLoadingUser,
  selectUserLoadError,
} from '@portal/core';
import { Banner } from '../ui/Banner.tsx';
import { Button } from '../ui/Button.tsx';
import { Spinner } from '../ui/Spinner.tsx';
import { useAuthEvents, useAuthSelector } from './authFlow.ts';
import { PageMain } from './PageMain.tsx';
import { useServices } from './services.tsx';

/**
 * docs/product.md#root-view-guards-and-page-titles: a route requiring authentication sends visitors
 * to /login. While start-up is still fetching the stored session's customer, nothing is decided
 * yet.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const loadingUser = useAuthSelector(selectIsLoadingUser);
  const loadError = useAuthSelector(selectUserLoadError);
  const admin = useAuthSelector(selectIsAdmin);
  if (loadingUser) return <Spinner label="Chargement…" />;
  if (!authenticated) return <Redirect to="/login" replace />;
  if (loadError !== null) return <UserUnavailable message={loadError} />;
  if (admin) return <LeaveFor url={BACK_OFFICE_PATH} />;
  return <>{children}</>;
}

/**
 * Leaves this document for another with a full page load: an admin's screens are the back
 * office's, a document of its own (docs/decisions.md, 'The back office's own build').
 */
export function LeaveFor({ url }: { url: string }) {
  const { redirect } = useServices();
  useEffect(() => {
    redirect(url);
  }, [redirect, url]);
  return <Spinner label="Chargement…" />;
}

/**
 * The stored session stands but its customer could not be fetched (a server or network failure,
 * not a refusal): the session is kept, the auth machine tries again by itself, and the merchant
 * can too (docs/decisions.md, "Start-up fetch of the customer").
 */
function UserUnavailable({ message }: { message: string }) {
  const { retryUser, logOut } = useAuthEvents();
  return (
    <PageMain routeName="Tableau de bord" narrow>
      <Banner tone="error">{message}</Banner>
      <div className="auth-actions">
        <Button onPress={retryUser}>Réessayer</Button>
        <Button variant="secondary" onPress={logOut}>
          Se déconnecter
        </Button>
      </div>
    </PageMain>
  );
}

/**
 * docs/product.md#root-view-guards-and-page-titles: a guest-only route sends authenticated users to
 * /dashboard, and admins (just signed in, or with a stored session) to the back office.
 */
export function GuestOnly({ children }: { children: ReactNode }) {
  const authenticated = useAuthSelector(selectIsAuthenticated);
  const loadingUser = useAuthSelector(selectIsLoadingUser);
  const admin = useAuthSelector(selectIsAdmin);
  if (loadingUser) return <Spinner label="Chargement…" />;
  if (admin) return <LeaveFor url={BACK_OFFICE_PATH} />;
  if (authenticated) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
