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

/**
 * A signed-in customer's payment is being attached to the account (retries included, and until
 * 'Mon abonnement' opens): the page shows 'Activation de votre abonnement…'.
 */
export const selectIsActivating = (snapshot: PaymentSuccessSnapshot) =>
  snapshot.matches('attaching') ||
  snapshot.matches('waitingToRetry') ||
  snapshot.matches('attached');

/** Why the payment could not be attached (with 'Réessayer'), or null. */
export const selectActivationError = (snapshot: PaymentSuccessSnapshot) =>
  snapshot.matches('attachFailed') ? snapshot.context.attachError : null;
