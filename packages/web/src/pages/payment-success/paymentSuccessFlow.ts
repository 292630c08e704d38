import {
  createPaymentSuccessImplementations,
  paymentSuccessMachine,
  selectIsAuthenticated,
} from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/**
 * The provider's return page: a visitor's shows the checkout session's details; a signed-in
 * customer's attaches the payment to the account, then opens 'Mon abonnement'.
 */
export const paymentSuccessFlow = createFlow({
  machine: paymentSuccessMachine,
  implement: ({ client, notify, navigate, auth }) =>
    createPaymentSuccessImplementations({
      client,
      notify,
      navigate,
      isSignedIn: () => selectIsAuthenticated(auth.getSnapshot()),
    }),
  commands: (send) => ({
    retryAttach: () => send({ type: 'paymentSuccess.retryAttach' }),
  }),
});

export const PaymentSuccessProvider = paymentSuccessFlow.Provider;
export const usePaymentSuccessSelector = paymentSuccessFlow.useSelector;
export const usePaymentSuccessEvents = paymentSuccessFlow.useEvents;
