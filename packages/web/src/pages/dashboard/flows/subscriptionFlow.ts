import { createSubscriptionImplementations, subscriptionMachine } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** 'Mon abonnement': the current subscription and the way to the provider's customer portal. */
export const subscriptionFlow = createFlow({
  machine: subscriptionMachine,
  implement: ({ client, notify, redirect, portalRedirectPolicy }) =>
    createSubscriptionImplementations({
      client,
      notify,
      redirect,
      redirectPolicy: portalRedirectPolicy,
    }),
  commands: (send) => ({
    reload: () => send({ type: 'subscription.reload' }),
    openPortal: (stripeCustomerId: string | null) =>
      send({ type: 'subscription.openPortal', stripeCustomerId }),
  }),
});

export const SubscriptionProvider = subscriptionFlow.Provider;
export const useSubscriptionSelector = subscriptionFlow.useSelector;
export const useSubscriptionEvents = subscriptionFlow.useEvents;
