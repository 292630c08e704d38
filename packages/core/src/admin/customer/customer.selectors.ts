import type { SnapshotFrom } from 'xstate';
import type { customerMachine } from './customer.machine.ts';

type CustomerSnapshot = SnapshotFrom<typeof customerMachine>;

export const selectCustomerDetail = (snapshot: CustomerSnapshot) => snapshot.context.detail;

/** Loading the page for the first time (a reload after an action keeps the page shown). */
export const selectIsCustomerLoading = (snapshot: CustomerSnapshot) =>
  snapshot.matches('loading') && snapshot.context.detail === null;

export const selectCustomerError = (snapshot: CustomerSnapshot) =>
  snapshot.matches('failed') ? snapshot.context.error : null;

/** The action being confirmed, if any, and whether its call is under way. */
export const selectCustomerAction = (snapshot: CustomerSnapshot) =>
  snapshot.context.action === null
    ? null
    : { ...snapshot.context.action, pending: snapshot.matches({ ready: 'acting' }) };
