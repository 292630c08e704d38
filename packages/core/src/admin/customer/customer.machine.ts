import { assign, setup } from 'xstate';
import { notProvided } from '../../machine-kit.ts';
import type { AppNotification } from '../../notifications/notifications.types.ts';
import {
  customerActionDone,
  customerActionError,
  customerLoadError,
  reasonError,
} from './customer.rules.ts';
import type {
  AdminCustomerDetail,
  CustomerAction,
  CustomerContext,
  CustomerEvent,
} from './customer.types.ts';

/**
 * A customer's page (docs/product.md#back-office): loaded from `GET /api/admin/customers/{id}`;
 * an action (send a password reset, resend the account-creation link) asks a confirmation with a
 * reason, then reloads the page so its mails and history show what was done.
 */
export const customerMachine = setup({
  types: {
    context: {} as CustomerContext,
    events: {} as CustomerEvent,
    input: {} as { id: string },
  },
  actors: {
    fetchCustomer: notProvided<AdminCustomerDetail, { id: string }>('fetchCustomer'),
    runAction: notProvided<void, { id: string; kind: CustomerAction; reason: string }>('runAction'),
  },
  actions: {
    notify: (_, _params: AppNotification) => {},
  },
}).createMachine({
  id: 'customer',
  context: ({ input }) => ({ id: input.id, detail: null, error: null, action: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'fetchCustomer',
        input: ({ context }) => ({ id: context.id }),
        onDone: {
          target: 'ready',
          actions: assign({ detail: ({ event }) => event.output, error: null }),
        },
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => customerLoadError(event.error) }),
        },
      },
    },
    failed: { on: { 'customer.retry': 'loading' } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'action.open': {
              target: 'confirming',
              actions: assign({
                action: ({ event }) => ({
                  kind: event.kind,
                  reason: '',
                  reasonError: null,
                  error: null,
                }),
              }),
            },
          },
        },
        confirming: {
          on: {
            'action.reasonChanged': {
              actions: assign({
                action: ({ context, event }) =>
                  context.action && { ...context.action, reason: event.reason, reasonError: null },
              }),
            },
            'action.confirm': [
              {
                guard: ({ context }) => reasonError(context.action?.reason ?? '') !== null,
                actions: assign({
                  action: ({ context }) =>
                    context.action && {
                      ...context.action,
                      reasonError: reasonError(context.action.reason),
                    },
                }),
              },
              { target: 'acting' },
            ],
            'action.cancel': { target: 'idle', actions: assign({ action: null }) },
          },
        },
        acting: {
          entry: assign({
            action: ({ context }) => context.action && { ...context.action, error: null },
          }),
          invoke: {
            src: 'runAction',
            input: ({ context }) => ({
              id: context.id,
              kind: context.action?.kind ?? 'password-reset',
              reason: context.action?.reason.trim() ?? '',
            }),
            onDone: {
              target: '#customer.loading',
              actions: [
                {
                  type: 'notify',
                  params: ({ context }) => ({
                    type: 'success',
                    message: customerActionDone[context.action?.kind ?? 'password-reset'],
                  }),
                },
                assign({ action: null }),
              ],
            },
            onError: {
              target: 'confirming',
              actions: assign({
                action: ({ context, event }) =>
                  context.action && { ...context.action, error: customerActionError(event.error) },
              }),
            },
          },
        },
      },
    },
  },
});
