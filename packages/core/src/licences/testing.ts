import type { Licence } from './licences.types.ts';

/** For tests: a licence whose theme never reported and that no admin suspended. */
export const neverReported = {
  last_seen_at: null,
  last_seen_host: null,
  last_seen_version: null,
  suspended_at: null,
  suspension_reason: null,
} as const satisfies Partial<Licence>;
