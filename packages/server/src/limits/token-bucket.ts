import { BoundedMap } from '../cache/read-cache.ts';

/**
 * Token buckets in process memory, one per key (a client address, a shop): each holds up to
 * `perMinute` calls and refills at `perMinute` a minute. Bounded: past `capacity` keys the
 * oldest bucket is dropped (its key starts full again, which only ever lets more through).
 * Used where a database counter would put a write on every call (the licence verification,
 * docs/operations.md, 'Licence verification'): N replicas allow N times as much.
 */
export interface TokenBuckets {
  /** Takes one call from `key`'s bucket: 0 when allowed, else the seconds until one is. */
  take(key: string, nowMs: number): number;
}

export function createTokenBuckets(options: { perMinute: number; capacity: number }): TokenBuckets {
  const { perMinute } = options;
  const perMs = perMinute / 60_000;
  const buckets = new BoundedMap<string, { tokens: number; at: number }>(options.capacity);
  return {
    take(key, nowMs) {
      const bucket = buckets.get(key);
      const elapsed = bucket === undefined ? 0 : Math.max(0, nowMs - bucket.at);
      const tokens = Math.min(perMinute, (bucket?.tokens ?? perMinute) + elapsed * perMs);
      if (tokens < 1) {
        if (bucket !== undefined) {
          bucket.tokens = tokens;
          bucket.at = nowMs;
        }
        return Math.ceil((1 - tokens) / perMs / 1000);
      }
      if (bucket === undefined) buckets.set(key, { tokens: tokens - 1, at: nowMs });
      else {
        bucket.tokens = tokens - 1;
        bucket.at = nowMs;
      }
      return 0;
    },
  };
}
