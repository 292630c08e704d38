import type { SnapshotFrom } from 'xstate';
import type { checkoutMachine } from './checkout.machine.ts';

type Snapshot = SnapshotFrom<typeof checkoutMachine>;

/**
 * docs/product.md#pricing-and-checkout: the processing flag, which also shows the "preparing
 * payment" overlay.
 */
export const selectIsProcessing = (snapshot: Snapshot) => snapshot.matches('processing');

export const selectCheckoutError = (snapshot: Snapshot) => snapshot.context.error;

/** The plan being paid for, so its button can show a spinner. */
export const selectChosenPlanId = (snapshot: Snapshot) =>
  snapshot.matches('processing') ? (snapshot.context.choice?.planId ?? null) : null;
