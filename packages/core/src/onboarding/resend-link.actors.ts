import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { resendLinkMachine } from './resend-link.machine.ts';

/** `resendLinkMachine.provide(...)` over the real client. */
export function createResendLinkImplementations({
  client,
}: {
  client: PortalClient;
}): ImplementationsOf<typeof resendLinkMachine> {
  return {
    actors: {
      resendLink: fromPromise(async ({ input, signal }) => {
        const data = requireData(
          await client.api.POST('/api/onboarding/resend-link', { body: input, signal }),
          'resend-link',
        );
        return { message: data.message };
      }),
    },
  };
}
