import { describe, expect, expectTypeOf, it } from 'vitest';
import { assign, createActor, fromPromise, setup, waitFor } from 'xstate';
import {
  notProvided,
  NotProvidedError,
  type ActorInputOf,
  type ActorOutputOf,
  type ImplementationsOf,
} from './machine-kit.ts';

const machine = setup({
  actors: { loadTotal: notProvided<number, { id: string }>('loadTotal') },
}).createMachine({
  initial: 'loading',
  context: { error: null as unknown },
  states: {
    loading: {
      invoke: {
        src: 'loadTotal',
        input: { id: 'a' },
        onDone: 'done',
        onError: {
          target: 'failed',
          actions: assign({ error: ({ event }) => event.error }),
        },
      },
    },
    done: {},
    failed: {},
  },
});

describe('machine kit', () => {
  it('an unprovided actor rejects with NotProvidedError naming it', async () => {
    const actor = createActor(machine).start();
    await waitFor(actor, (s) => s.matches('failed'));
    const error = actor.getSnapshot().context.error;
    expect(error).toBeInstanceOf(NotProvidedError);
    expect(error).toMatchObject({ actor: 'loadTotal' });
  });

  it('types come from the placeholder only', () => {
    expectTypeOf<ActorInputOf<typeof machine, 'loadTotal'>>().toEqualTypeOf<{ id: string }>();
    expectTypeOf<ActorOutputOf<typeof machine, 'loadTotal'>>().toEqualTypeOf<number>();
  });

  it('a factory is checked against its machine where it is written', () => {
    const good: ImplementationsOf<typeof machine> = {
      actors: { loadTotal: fromPromise(async ({ input }) => input.id.length) },
    };
    // @ts-expect-error every actor the machine invokes is required
    const missing: ImplementationsOf<typeof machine> = { actors: {} };
    const wrongOutput: ImplementationsOf<typeof machine> = {
      // @ts-expect-error the output must be the placeholder's
      actors: { loadTotal: fromPromise(async () => 'douze') },
    };
    expect([good, missing, wrongOutput]).toHaveLength(3);
  });
});
