import { useServices } from '../../../app/services.tsx';

/**
 * The time the dashboard's rules are read at (a trial's days left): the services' clock when it
 * tells the time (XState's `SimulatedClock` in tests and stories), else the browser's.
 */
export function useNow(): number {
  const { clock } = useServices();
  return clock !== undefined && 'now' in clock && typeof clock.now === 'function'
    ? (clock.now() as number)
    : Date.now();
}
