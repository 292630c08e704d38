import { fromPromise } from 'xstate';
import type { PortalClient } from '../../api/client.ts';
import { requireData } from '../../auth/response.ts';
import type { ImplementationsOf } from '../../machine-kit.ts';
import type { Notify } from '../../notifications/notifications.types.ts';
import type { customerMachine } from './customer.machine.ts';

/** What `customerMachine.provide(...)` needs, over the portal client. */
export function createCustomerImplementations({
  client,
  notify,
}: {
  client: PortalClient;
  notify: Notify;
}): ImplementationsOf<typeof customerMachine> {
  return {
    actors: {
      fetchCustomer: fromPromise(async ({ input, signal }) =>
        requireData(
          await client.api.GET('/api/admin/customers/{id}', {
            params: { path: { id: input.id } },
            signal,
          }),
          'admin customer',
        ),
      ),
      runAction: fromPromise(async ({ input }) => {
        const options = { params: { path: { id: input.id } }, body: { reason: input.reason } };
        if (input.kind === 'password-reset')
          await client.api.POST('/api/admin/customers/{id}/password-reset', options);
        else await client.api.POST('/api/admin/customers/{id}/onboarding-link', options);
      }),
    },
    actions: {
      notify: (_, notice) => notify(notice),
    },
  };
}
