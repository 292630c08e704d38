import { createOnboardingImplementations, onboardingMachine } from '@portal/core';
import type { AppServices } from '../../app/services.tsx';

/**
 * The onboarding stores the new account's tokens itself; the auth actor then fetches the customer
 * with them and the dashboard opens without a page load.
 */
export const buildOnboarding = ({ client, auth, navigate }: AppServices) =>
  onboardingMachine.provide(
    createOnboardingImplementations({
      client,
      navigate: (to) => {
        if (to === '/dashboard') auth.send({ type: 'auth.sessionStarted' });
        navigate(to);
      },
    }),
  );
