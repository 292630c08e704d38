import { useMemo, useSyncExternalStore } from 'react';
import type { AnyActorRef, AnyStateMachine, SnapshotFrom, Subscription } from 'xstate';
import { createFlow, type FlowDefinition } from './flow.tsx';
import { useServices, type AppServices } from './services.tsx';

export interface ViewFlowDefinition<
  TMachine extends AnyStateMachine,
  TCommands,
  TView,
> extends FlowDefinition<TMachine, TCommands> {
  /**
   * The flow's view model (core's `<flow>View`): everything its screen shows, from the snapshot
   * (whose children it may read) at `now`, the services' clock.
   */
  view: (snapshot: SnapshotFrom<TMachine>, now: number) => TView;
}

/**
 * A flow read through its view model (docs/architecture.md, "How a screen gets its machine"):
 * `createFlow`'s binding plus `useView()`, which hands a view its one object, the view model's
 * data with the flow's commands. A module of its own, so the pages that read selectors do not
 * load it (docs/performance.md, the route budgets).
 */
export function createViewFlow<TMachine extends AnyStateMachine, TCommands extends object, TView>(
  // A view reads one object: a command may not share a name with the view model's data.
  definition: ViewFlowDefinition<TMachine, TCommands, TView> &
    ([keyof TView & keyof TCommands] extends [never] ? unknown : { view: never }),
) {
  const flow = createFlow(definition);

  function useView(): TView & TCommands {
    const actor = flow.useActorRef();
    const { clock } = useServices();
    const store = useMemo(
      () =>
        viewStore(actor, (snapshot: SnapshotFrom<TMachine>) =>
          definition.view(snapshot, timeOf(clock)),
        ),
      [actor, clock],
    );
    const data = useSyncExternalStore(store.subscribe, store.read, store.read);
    const commands = flow.useEvents();
    return useMemo(() => ({ ...data, ...commands }), [data, commands]);
  }

  return { ...flow, useView };
}

/**
 * The time the view is read at (a trial's days left): the services' clock when it tells the time
 * (XState's `SimulatedClock` in tests and stories), else the browser's.
 */
export function timeOf(clock: AppServices['clock']): number {
  return clock !== undefined && 'now' in clock && typeof clock.now === 'function'
    ? (clock.now() as number)
    : Date.now();
}

/**
 * The view model of an actor and of the children it holds: computed again when one of their
 * snapshots changes, and kept (the same object, and the same objects inside it wherever their
 * content is the same) when what it shows is equal, so a view re-renders only when what it shows
 * changes, and a memoized part only when its own part does.
 */
function viewStore<TSnapshot, TView>(actor: AnyActorRef, compute: (snapshot: TSnapshot) => TView) {
  let seen: unknown[] = [];
  let value: TView | undefined;
  const childrenOf = (): AnyActorRef[] =>
    Object.values((actor.getSnapshot() as { children?: object }).children ?? {});

  function read(): TView {
    const snapshot = actor.getSnapshot() as TSnapshot;
    const now = [snapshot, ...childrenOf().map((child) => child.getSnapshot() as unknown)];
    if (value !== undefined && sameItems(now, seen)) return value;
    seen = now;
    value = sharedWith(value, compute(snapshot));
    return value;
  }

  function subscribe(onChange: () => void): () => void {
    const followed = new Map<AnyActorRef, Subscription>();
    // A child's failure is its parent's to handle (an invoked call's `onError`): followed here
    // for its snapshot only.
    const follow = () => {
      const children = childrenOf();
      for (const [child, subscription] of followed)
        if (!children.includes(child)) {
          subscription.unsubscribe();
          followed.delete(child);
        }
      for (const child of children)
        if (!followed.has(child))
          followed.set(child, child.subscribe({ next: onChange, error: onChange }));
    };
    const own = actor.subscribe(() => {
      follow();
      onChange();
    });
    follow();
    return () => {
      own.unsubscribe();
      for (const subscription of followed.values()) subscription.unsubscribe();
    };
  }

  return { read, subscribe };
}

function sameItems(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  value !== null &&
  typeof value === 'object' &&
  (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);

/**
 * `next`, with every part equal in content to the same part of `previous` replaced by that part
 * (plain objects and arrays compared by content, anything else by identity): `previous` itself
 * when nothing differs.
 */
export function sharedWith<T>(previous: unknown, next: T): T {
  if (Object.is(previous, next) || !isPlain(previous) || !isPlain(next)) return next;
  if (Array.isArray(previous) !== Array.isArray(next)) return next;
  const keys = Object.keys(next);
  let same = keys.length === Object.keys(previous).length;
  const copy = (Array.isArray(next) ? [] : {}) as Record<string, unknown>;
  for (const key of keys) {
    const part = sharedWith(previous[key], next[key]);
    copy[key] = part;
    if (part !== previous[key] || !(key in previous)) same = false;
  }
  return (same ? previous : copy) as T;
}
