import { useMemo, type ReactNode } from 'react';
import { createActorContext } from '@xstate/react';
import type { Actor, AnyStateMachine, InputFrom, SnapshotFrom } from 'xstate';
import { useServices, type AppServices } from './services.tsx';

/** What `machine.provide(...)` takes: a flow's implementations, typed from its machine. */
export type ImplementationsOf<TMachine extends AnyStateMachine> = Parameters<
  TMachine['provide']
>[0];

export interface FlowDefinition<TMachine extends AnyStateMachine, TCommands> {
  machine: TMachine;
  /** The real implementations, over the app's services (client, notify, navigate, ...). */
  implement: (services: AppServices) => ImplementationsOf<TMachine>;
  /** The named commands a view may send: views never build raw events. */
  commands: (send: Actor<TMachine>['send']) => TCommands;
}

export interface FlowProviderProps<TMachine extends AnyStateMachine> {
  children: ReactNode;
  /** The machine to run instead of the real one: tests and stories (`machine.provide(...)`). */
  logic?: TMachine | undefined;
  input?: InputFrom<TMachine> | undefined;
}

/**
 * One binding per flow (see docs/architecture.md, "How a screen gets its machine"): XState's
 * `createActorContext` over the flow's machine, provided with its real implementations from the
 * app's services unless a test or story hands in `logic`, and attached to the app's inspector.
 * A view reads `useSelector` with core's selectors and calls `useEvents()` commands.
 */
export function createFlow<TMachine extends AnyStateMachine, TCommands>(
  definition: FlowDefinition<TMachine, TCommands>,
) {
  const { machine, implement, commands } = definition;
  const Context = createActorContext(machine);

  function Provider({ children, logic, input }: FlowProviderProps<TMachine>) {
    const services = useServices();
    const provided = useMemo(
      () => logic ?? (machine.provide(implement(services)) as TMachine),
      [logic, services],
    );
    return (
      <Context.Provider
        logic={provided}
        options={{
          inspect: services.inspect,
          ...(services.clock === undefined ? {} : { clock: services.clock }),
          ...(input === undefined ? {} : { input }),
        }}
      >
        {children}
      </Context.Provider>
    );
  }

  const useSelector: <T>(
    selector: (snapshot: SnapshotFrom<TMachine>) => T,
    compare?: (a: T, b: T) => boolean,
  ) => T = Context.useSelector;
  const { useActorRef } = Context;

  function useEvents(): TCommands {
    const actor = useActorRef();
    return useMemo(() => commands(actor.send.bind(actor)), [actor]);
  }

  return { Provider, useSelector, useActorRef, useEvents, machine };
}
