import { createActor, fromPromise, waitFor } from 'xstate';
import { subscriptionMachine } from './subscription.machine.ts';
import type { CurrentSubscription } from './subscription.types.ts';

/** For tests: the subscription tab's machine once it has loaded `current` (its own calls faked). */
export async function loadedSubscription(current: CurrentSubscription) {
  const actor = createActor(
    subscriptionMachine.provide({
      actors: { fetchCurrentSubscription: fromPromise(async () => current) },
    }),
    {
      input: {
        returnUrl: 'https://portail.test/dashboard',
        checkout: { origin: 'https://portail.test', redirectPolicy: { allowedOrigins: [] } },
      },
    },
  ).start();
  await waitFor(actor, (snapshot) => snapshot.matches('ready'));
  return actor.getSnapshot();
}
