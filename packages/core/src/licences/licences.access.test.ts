import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { futureAccessToken, scriptedClient } from '../auth/testing.ts';
import type { SubscriptionStatus } from '../domain/subscription-status.ts';
import type { CurrentSubscription } from '../subscription/subscription.types.ts';
import { createLicencesImplementations } from './licences.actors.ts';
import { licencesMachine } from './licences.machine.ts';
import {
  selectAddBlockedReason,
  selectLimitWarning,
  selectNoAccessReason,
} from './licences.selectors.ts';

function current(
  status: SubscriptionStatus | null,
  used: number,
  limit: number,
): CurrentSubscription {
  return {
    hasSubscription: status === 'trialing' || status === 'active' || status === 'past_due',
    subscription: status === null ? null : { name: 'Basic', price: 19.99, status },
    usage: {
      licensesUsed: used,
      licensesLimit: limit,
      licensesRemaining: Math.max(0, limit - used),
    },
  };
}

async function loaded(subscription: CurrentSubscription) {
  const { client } = scriptedClient({
    'GET /api/client/licenses': { status: 200, body: { licenses: [] } },
    'GET /api/client/subscription/current': { status: 200, body: subscription },
  });
  client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const actor = createActor(
    licencesMachine.provide(createLicencesImplementations({ client, notify: () => {} })),
  ).start();
  await waitFor(actor, (s) => s.matches({ list: 'ready' }));
  return actor;
}

describe('adding a licence needs a subscription that gives access', () => {
  it.each([
    ['trial_ended', 'Votre essai gratuit est terminé : choisissez un plan pour continuer.'],
    ['canceled', 'Votre abonnement est terminé : choisissez un plan pour continuer.'],
    [null, 'Aucun abonnement actif : choisissez un plan pour créer vos licences.'],
  ] as const)('%s: says why, no limit of 0, and the add is refused', async (status, reason) => {
    const actor = await loaded(current(status, 0, 0));
    const snapshot = actor.getSnapshot();
    expect(selectNoAccessReason(snapshot)).toBe(reason);
    expect(selectAddBlockedReason(snapshot)).toBe(reason);
    expect(selectLimitWarning(snapshot)).toBeNull();
    expect(snapshot.can({ type: 'licence.add' })).toBe(false);
    actor.send({ type: 'licence.add' });
    expect(actor.getSnapshot().matches({ modal: 'closed' })).toBe(true);
  });

  it.each(['trialing', 'active', 'past_due'] as const)(
    '%s: adding is open below the limit',
    async (status) => {
      const snapshot = (await loaded(current(status, 0, 1))).getSnapshot();
      expect(selectNoAccessReason(snapshot)).toBeNull();
      expect(selectAddBlockedReason(snapshot)).toBeNull();
      expect(snapshot.can({ type: 'licence.add' })).toBe(true);
    },
  );

  it('at the limit the reason is the limit warning', async () => {
    const snapshot = (await loaded(current('active', 3, 3))).getSnapshot();
    const warning = 'Vous avez atteint la limite de 3 licences de votre abonnement.';
    expect(selectLimitWarning(snapshot)).toBe(warning);
    expect(selectAddBlockedReason(snapshot)).toBe(warning);
    expect(snapshot.can({ type: 'licence.add' })).toBe(false);
  });
});
