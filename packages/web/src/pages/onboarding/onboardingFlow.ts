import {
  createOnboardingImplementations,
  createResendLinkImplementations,
  onboardingMachine,
  resendLinkMachine,
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
 * Account creation after a paid checkout, or signing in to the existing account to attach the
 * payment there. The onboarding stores the account's tokens itself; the auth actor then fetches
 * the customer with them and the dashboard opens without a page load.
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
  commands: (send) => ({
    change: (field: FieldOf<'onboarding.change'>, value: string) =>
      send({ type: 'onboarding.change', field, value }),
    toggle: (field: FieldOf<'onboarding.toggle'>, value: boolean) =>
      send({ type: 'onboarding.toggle', field, value }),
    submit: () => send({ type: 'onboarding.submit' }),
    backToPricing: () => send({ type: 'onboarding.backToPricing' }),
    changeSignIn: (field: FieldOf<'onboarding.changeSignIn'>, value: string) =>
      send({ type: 'onboarding.changeSignIn', field, value }),
    signInAndAttach: () => send({ type: 'onboarding.signInAndAttach' }),
    retryAttach: () => send({ type: 'onboarding.retryAttach' }),
    useAnotherEmail: () => send({ type: 'onboarding.useAnotherEmail' }),
  }),
});

export const OnboardingProvider = onboardingFlow.Provider;
export const useOnboardingSelector = onboardingFlow.useSelector;
export const useOnboardingEvents = onboardingFlow.useEvents;

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
