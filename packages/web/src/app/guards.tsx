import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useSelector } from '@xstate/react';
import { selectIsAuthenticated, selectIsLoadingUser } from '@portal/core';
import { Spinner } from '../ui/Spinner.tsx';
import { useServices } from './services.tsx';

/**
 * Spec 2: a route requiring authentication sends visitors to /login. While start-up is still
 * fetching the stored session's customer, nothing is decided yet.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { auth } = useServices();
  const authenticated = useSelector(auth, selectIsAuthenticated);
  const loadingUser = useSelector(auth, selectIsLoadingUser);
  if (loadingUser) return <Spinner label="Chargement…" />;
  if (!authenticated) return <Redirect to="/login" replace />;
  return <>{children}</>;
}

/** Spec 2: a guest-only route sends authenticated users to /dashboard. */
export function GuestOnly({ children }: { children: ReactNode }) {
  const { auth } = useServices();
  const authenticated = useSelector(auth, selectIsAuthenticated);
  const loadingUser = useSelector(auth, selectIsLoadingUser);
  if (loadingUser) return <Spinner label="Chargement…" />;
  if (authenticated) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
