import { createPaymentSuccessImplementations, paymentSuccessMachine } from '@portal/core';
import { createFlow } from '../../app/flow.tsx';

/** The provider's return page: loads the checkout session's details (it takes no command). */
export const paymentSuccessFlow = createFlow({
  machine: paymentSuccessMachine,
  implement: ({ client }) => createPaymentSuccessImplementations({ client }),
  commands: () => ({}),
});

export const PaymentSuccessProvider = paymentSuccessFlow.Provider;
export const usePaymentSuccessSelector = paymentSuccessFlow.useSelector;
