import {
  createSubscriptionImplementations,
  selectIsAuthenticated,
  subscriptionCommands,
  subscriptionMachine,
  subscriptionView,
} from '@portal/core';
import { createViewFlow } from '../../../../app/flowView.ts';

/**
 * 'Mon abonnement': the subscription machine, parent of the plan grid's pricing and checkout
 * machines (docs/statecharts.md), given their implementations too: the current subscription, its
 * management (plan change with its confirmation, cancel at period end, resume), the provider's
 * customer portal, and the plans with a signed-in checkout.
 */
export const subscriptionFlow = createViewFlow({
  machine: subscriptionMachine,
  implement: ({ client, notify, redirect, portalRedirectPolicy, auth }) =>
    createSubscriptionImplementations({
      client,
      notify,
      redirect,
      redirectPolicy: portalRedirectPolicy,
      isSignedIn: () => selectIsAuthenticated(auth.getSnapshot()),
    }),
  commands: subscriptionCommands,
  view: subscriptionView,
});

export const SubscriptionProvider = subscriptionFlow.Provider;
export const useSubscriptionView = subscriptionFlow.useView;
