import { useMemo } from 'react';
import { useSelector } from '@xstate/react';
import type { AuthSnapshot } from '@portal/core';
import { useServices } from './services.tsx';

/**
 * The app-wide session, read like any flow (docs/architecture.md, "How a screen gets its
 * machine"): the auth actor is long-lived, created by the app root (or the fake services), so it
 * needs no provider of its own.
 */
export function useAuthSelector<T>(
  selector: (snapshot: AuthSnapshot) => T,
  compare?: (a: T, b: T) => boolean,
): T {
  return useSelector(useServices().auth, selector, compare);
}

export function useAuthEvents() {
  const { auth } = useServices();
  return useMemo(
    () => ({
      logOut: () => auth.send({ type: 'auth.logout' }),
      /** The start-up fetch of the customer failed (not refused): try again now. */
      retryUser: () => auth.send({ type: 'auth.retryUser' }),
    }),
    [auth],
  );
}
