import { useCallback } from 'react';
import {
  connectOnboarding,
  createOnboardingImplementations,
  createResendLinkImplementations,
  onboardingMachine,
  resendLinkMachine,
  type OnboardingViewModel,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/**
 * Account creation after a paid checkout, or signing in to the existing account to attach the
 * payment there. The onboarding stores the account's tokens itself; the auth actor then fetches
 * the customer with them and the dashboard opens without a page load. Its commands are the view
 * model's (core's `connectOnboarding` builds them over `send`).
 */
export const onboardingFlow = createFlow({
  machine: onboardingMachine,
  implement: ({ client, auth, navigate, notify }) =>
    createOnboardingImplementations({
      client,
      notify,
      navigate,
      onSessionStarted: () => auth.send({ type: 'auth.sessionStarted' }),
    }),
  commands: (send) => send,
});

export const OnboardingProvider = onboardingFlow.Provider;

/** The onboarding page's one selector: everything it shows and may send, from the snapshot. */
export function useOnboardingView(): OnboardingViewModel {
  const send = onboardingFlow.useEvents();
  return onboardingFlow.useSelector(
    useCallback((snapshot) => connectOnboarding(snapshot, send), [send]),
  );
}

/** `/onboarding` without a usable session: the account-creation link mailed again. */
export const resendLinkFlow = createFlow({
  machine: resendLinkMachine,
  implement: ({ client }) => createResendLinkImplementations({ client }),
  commands: (send) => ({
    resend: (email: string) => send({ type: 'resend.submit', email }),
  }),
});

export const ResendLinkProvider = resendLinkFlow.Provider;
export const useResendLinkSelector = resendLinkFlow.useSelector;
export const useResendLinkEvents = resendLinkFlow.useEvents;
