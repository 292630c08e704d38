import { useMachine } from '@xstate/react';
import { useInspect } from './services.tsx';

/**
 * `useMachine` with the app's inspector attached (design.md convention 7): every screen's actor
 * shows in the Stately inspector next to the long-lived ones.
 */
export const useInspectedMachine: typeof useMachine = (machine, ...[options]) => {
  const inspect = useInspect();
  return useMachine(machine, { ...options, inspect } as Parameters<typeof useMachine>[1]);
};
