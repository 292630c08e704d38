// Type assertions, checked by the type checker (`pnpm typecheck`: tsconfig.json includes every
// file of src), never run: inside a Vitest run `expectTypeOf` and `@ts-expect-error` are erased
// and could not fail. The runtime behaviour is machine-kit.test.ts's.
import { expectTypeOf, test } from 'vitest';
import { fromPromise, setup } from 'xstate';
import {
  notProvided,
  type ActorInputOf,
  type ActorOutputOf,
  type ImplementationsOf,
} from './machine-kit.ts';

const machine = setup({
  actors: { loadTotal: notProvided<number, { id: string }>('loadTotal') },
}).createMachine({
  initial: 'loading',
  states: { loading: { invoke: { src: 'loadTotal', input: { id: 'a' } } } },
});

test('types come from the placeholder only', () => {
  expectTypeOf<ActorInputOf<typeof machine, 'loadTotal'>>().toEqualTypeOf<{ id: string }>();
  expectTypeOf<ActorOutputOf<typeof machine, 'loadTotal'>>().toEqualTypeOf<number>();
});

/** Where a factory is written and provided: its implementations must be the machine's. */
const implement = (implementations: ImplementationsOf<typeof machine>) =>
  machine.provide(implementations);

test('a factory is checked against its machine where it is written', () => {
  implement({ actors: { loadTotal: fromPromise(async ({ input }) => input.id.length) } });
  // @ts-expect-error every actor the machine invokes is required
  implement({ actors: {} });
  implement({
    // @ts-expect-error the output must be the placeholder's
    actors: { loadTotal: fromPromise(async () => 'douze') },
  });
});
