/**
 * Typing a flow's implementations once, from its machine (in the spirit of Kibana's
 * `MachineImplementationsFrom` / `getPlaceholderFor`): the machine's `setup({ actors })` names
 * each side effect with its input and output through `notProvided`, and everything else (the
 * `create<Flow>Implementations` factories, the tests' and the stories' fakes) derives its types
 * from the machine, so a factory that drifts from its machine fails where it is written.
 * See docs/statecharts.md, "How to read a machine".
 */
import {
  fromPromise,
  type AnyStateMachine,
  type InputFrom,
  type MachineImplementationsFrom,
  type NonReducibleUnknown,
  type OutputFrom,
  type PromiseActorLogic,
} from 'xstate';

/** The actor slots of a machine, each with the logic its placeholder declared. */
export type ActorsOf<TMachine extends AnyStateMachine> = Required<
  NonNullable<MachineImplementationsFrom<TMachine>['actors']>
>;

/** The name of each actor a machine invokes. */
export type ActorName<TMachine extends AnyStateMachine> = Extract<keyof ActorsOf<TMachine>, string>;

/** What the machine hands the actor `name` when it invokes it. */
export type ActorInputOf<
  TMachine extends AnyStateMachine,
  TName extends ActorName<TMachine>,
> = InputFrom<ActorsOf<TMachine>[TName]>;

/** What the actor `name` resolves with. */
export type ActorOutputOf<
  TMachine extends AnyStateMachine,
  TName extends ActorName<TMachine>,
> = OutputFrom<ActorsOf<TMachine>[TName]>;

/**
 * What `machine.provide(...)` takes, with every actor the machine invokes required (they are all
 * placeholders): the return type of each `create<Flow>Implementations(deps)`. Actions, guards and
 * delays keep the machine's own types and stay optional (a machine's defaults may do).
 */
export type ImplementationsOf<TMachine extends AnyStateMachine> = Omit<
  MachineImplementationsFrom<TMachine>,
  'actors'
> &
  ([ActorName<TMachine>] extends [never] ? unknown : { actors: ActorsOf<TMachine> });

/** Why an actor rejected: its machine ran without the implementation that must be provided. */
export class NotProvidedError extends Error {
  override readonly name = 'NotProvidedError';
  constructor(readonly actor: string) {
    super(`${actor}: not provided (pass the flow's create…Implementations to machine.provide)`);
  }
}

/**
 * The one placeholder for an actor the machine's user must provide: it declares the actor's
 * output and input (the only place they are written) and rejects if ever run unprovided.
 */
export function notProvided<TOutput, TInput = NonReducibleUnknown>(
  actor: string,
): PromiseActorLogic<TOutput, TInput> {
  return fromPromise<TOutput, TInput>(() => Promise.reject(new NotProvidedError(actor)));
}

/**
 * A plain async function standing for the actor `name` (tests' and stories' fakes), typed from
 * the machine: wrap it with `fromPromise(({ input }) => fake(input))` inside `machine.provide`.
 */
export type PromiseFake<TMachine extends AnyStateMachine, TName extends ActorName<TMachine>> = (
  input: ActorInputOf<TMachine, TName>,
) => Promise<ActorOutputOf<TMachine, TName>>;
