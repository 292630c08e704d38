import { createCustomerImplementations, customerMachine, type CustomerAction } from '@portal/core';
import { createFlow } from '../../../app/flow.tsx';

/** A customer's page and its confirmed actions. */
export const customerFlow = createFlow({
  machine: customerMachine,
  implement: ({ client, notify }) => createCustomerImplementations({ client, notify }),
  commands: (send) => ({
    retry: () => send({ type: 'customer.retry' }),
    open: (kind: CustomerAction) => send({ type: 'action.open', kind }),
    changeReason: (reason: string) => send({ type: 'action.reasonChanged', reason }),
    confirm: () => send({ type: 'action.confirm' }),
    cancel: () => send({ type: 'action.cancel' }),
  }),
});
