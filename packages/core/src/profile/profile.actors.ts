import { fromPromise } from 'xstate';
import type { PortalClient } from '../api/client.ts';
import type { AuthUser } from '../auth/auth.types.ts';
import { requireData } from '../auth/response.ts';
import type { ImplementationsOf } from '../machine-kit.ts';
import type { Notify } from '../notifications/notifications.types.ts';
import type { profileMachine } from './profile.machine.ts';

export interface ProfileDependencies {
  client: PortalClient;
  notify: Notify;
  /** Called with the saved user (the app sends `user.updated` to the auth actor). */
  onUserUpdated?: (user: AuthUser) => void;
}

/** What `profileMachine.provide(...)` needs. */
export function createProfileImplementations({
  client,
  notify,
  onUserUpdated,
}: ProfileDependencies): ImplementationsOf<typeof profileMachine> {
  return {
    actors: {
      fetchProfile: fromPromise(async () => {
        const [profile, current] = await Promise.all([
          client.api.GET('/api/client/profile'),
          client.api.GET('/api/client/subscription/current'),
        ]);
        const data = requireData(profile, 'profile');
        const user = data.customer ?? data.admin;
        if (user === undefined) throw new Error('profile: ni client ni administrateur');
        return { user, subscription: requireData(current, 'subscription/current') };
      }),
      updateProfile: fromPromise(async ({ input }) => {
        // The contract requires these three; the form's validation guarantees them.
        const { first_name = '', last_name = '', shop_domain = '', ...optional } = input;
        const result = await client.api.PUT('/api/client/profile', {
          body: { first_name, last_name, shop_domain, ...optional },
        });
        return requireData(result, 'update profile').customer;
      }),
    },
    actions: {
      notify: (_, notification) => notify(notification),
      announceUser: (_, params) => onUserUpdated?.(params.user),
    },
  };
}
