import {
  createSubscriptionImplementations,
  subscriptionMachine,
  type PlanChoice,
} from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/**
 * 'Mon abonnement': the current subscription, its management (plan change with its
 * confirmation, cancel at period end, resume) and the way to the provider's customer portal.
 */
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
    changePlan: (plan: PlanChoice) => send({ type: 'subscription.changePlan', plan }),
    keepLicence: (licenceId: string, keep: boolean) =>
      send({ type: 'subscription.keepLicence', licenceId, keep }),
    retryPreparation: () => send({ type: 'subscription.retryPreparation' }),
    confirmChange: () => send({ type: 'subscription.confirmChange' }),
    cancelSubscription: () => send({ type: 'subscription.cancel' }),
    confirmCancel: () => send({ type: 'subscription.confirmCancel' }),
    resume: () => send({ type: 'subscription.resume' }),
    closeDialog: () => send({ type: 'subscription.closeDialog' }),
  }),
});

export const SubscriptionProvider = subscriptionFlow.Provider;
export const useSubscriptionSelector = subscriptionFlow.useSelector;
export const useSubscriptionEvents = subscriptionFlow.useEvents;
