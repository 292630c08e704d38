import { describe, expect, it } from 'vitest';
import { assign, createActor, setup, waitFor } from 'xstate';
import { notProvided, NotProvidedError } from './machine-kit.ts';

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
});
