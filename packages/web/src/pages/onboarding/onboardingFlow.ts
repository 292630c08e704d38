import {
  createOnboardingImplementations,
  onboardingMachine,
  type OnboardingEvent,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

type FieldOf<Type extends OnboardingEvent['type']> =
  Extract<OnboardingEvent, { type: Type }> extends {
    field: infer Field;
  }
    ? Field
    : never;

/**
 * Account creation after a paid checkout. The onboarding stores the new account's tokens itself;
 * the auth actor then fetches the customer with them and the dashboard opens without a page load.
 */
export const onboardingFlow = createFlow({
  machine: onboardingMachine,
  implement: ({ client, auth, navigate }) =>
    createOnboardingImplementations({
      client,
      navigate,
      onSessionStarted: () => auth.send({ type: 'auth.sessionStarted' }),
    }),
  commands: (send) => ({
    change: (field: FieldOf<'onboarding.change'>, value: string) =>
      send({ type: 'onboarding.change', field, value }),
    toggle: (field: FieldOf<'onboarding.toggle'>, value: boolean) =>
      send({ type: 'onboarding.toggle', field, value }),
    submit: () => send({ type: 'onboarding.submit' }),
    backToPricing: () => send({ type: 'onboarding.backToPricing' }),
  }),
});

export const OnboardingProvider = onboardingFlow.Provider;
export const useOnboardingSelector = onboardingFlow.useSelector;
export const useOnboardingEvents = onboardingFlow.useEvents;
