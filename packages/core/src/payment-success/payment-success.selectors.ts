import type { SnapshotFrom } from 'xstate';
import type { paymentSuccessMachine } from './payment-success.machine.ts';

type PaymentSuccessSnapshot = SnapshotFrom<typeof paymentSuccessMachine>;

/** While the checkout session's details load, the page shows a spinner. */
export const selectIsLoadingPayment = (snapshot: PaymentSuccessSnapshot) =>
  snapshot.matches('starting') || snapshot.matches('loading');

/** What the page shows: plan name, billing label and the amount paid (null when unknown). */
export const selectPaymentSummary = (snapshot: PaymentSuccessSnapshot) => ({
  planName: snapshot.context.planName,
  billingLabel: snapshot.context.billingLabel,
  amount: snapshot.context.amount,
});
