import { useMemo } from 'react';
import { useServices, type AppServices, type ScreenMachines } from './services.tsx';

/**
 * A screen's machine: the one tests and stories hand in through the services, else the one the
 * screen provides itself from the app's client and actors. Each screen's builder lives in its own
 * folder, so its machine (and everything it imports) loads with the screen's chunk, not up front.
 * `build` must be a module-level function (it is a memo dependency).
 */
export function useScreenMachine<Key extends keyof ScreenMachines>(
  key: Key,
  build: (services: AppServices) => ScreenMachines[Key],
): ScreenMachines[Key] {
  const services = useServices();
  const provided = services.machines?.[key];
  return useMemo(() => provided ?? build(services), [provided, build, services]);
}
