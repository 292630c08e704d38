import type { AccountKind } from '../auth/tokens.ts';

/**
 * A Map that keeps at most `capacity` entries, dropping the oldest one (a Map iterates in
 * insertion order). Reads do not reorder: that would cost a delete and a set on every request,
 * and an entry dropped while still in use only costs one load.
 */
export class BoundedMap<K, V> {
  readonly #entries = new Map<K, V>();

  constructor(readonly capacity: number) {
    if (!Number.isInteger(capacity) || capacity < 1) throw new Error('capacity must be >= 1');
  }

  get size(): number {
    return this.#entries.size;
  }

  get(key: K): V | undefined {
    return this.#entries.get(key);
  }

  set(key: K, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next();
      if (oldest.done !== true) this.#entries.delete(oldest.value);
    }
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Deletes every entry whose value matches (rare writes: a scan of a bounded map). */
  deleteWhere(matches: (value: V) => boolean): void {
    for (const [key, value] of this.#entries) if (matches(value)) this.#entries.delete(key);
  }

  clear(): void {
    this.#entries.clear();
  }
}

export interface SessionKey {
  kind: AccountKind;
  /** The account id (the access token's `sub`). */
  id: string;
  /** The refresh-token family (the access token's `sid`). */
  sessionId: string;
}

/**
 * What every authenticated request reads (issue 7): "is this session still open" and a
 * customer's licence list, kept in memory so a read costs no query.
 *
 * Why it is exact: the only writer of these facts is this process (see `enabled`), and every
 * write path calls a `forget*` method once its write is done, before answering. A read that
 * started before a write may finish after it with the old answer: the generation counter, moved
 * by every `forget*`, keeps such an answer out of the cache. Only an open session is
 * remembered; a refused one is asked again (it cannot reopen, so nothing is lost but a query).
 */
export interface ReadCache {
  /** False when another process may write the same database (PostgreSQL): every read loads. */
  readonly enabled: boolean;
  sessionOpen(session: SessionKey, load: () => Promise<boolean>): Promise<boolean>;
  /** A customer's licence list, as the JSON text the route answers. */
  licenceList(customerId: string, load: () => Promise<string>): Promise<string>;
  /** After a session family was revoked (logout, refresh-token reuse). */
  forgetSession(sessionId: string): void;
  /** After every session of an account was revoked (password change or reset). */
  forgetSessionsOf(kind: AccountKind, id: string): void;
  /** After a licence of this customer was created, changed or deleted. */
  forgetLicences(customerId: string): void;
  /** After an account was deleted: its sessions and its licences. */
  forgetAccount(kind: AccountKind, id: string): void;
  /** After a write the cache cannot follow (tests emptying every table). */
  clear(): void;
  /** Entries held, for the size bound's test. */
  readonly sizes: { sessions: number; licenceLists: number };
}

export interface ReadCacheOptions {
  enabled: boolean;
  sessionCapacity?: number;
  licenceListCapacity?: number;
}

const ownerOf = (kind: AccountKind, id: string) => `${kind}:${id}`;

export function createReadCache(options: ReadCacheOptions): ReadCache {
  // sessionId -> its account ("kind:id"): a family belongs to one account for good.
  const sessions = new BoundedMap<string, string>(options.sessionCapacity ?? 10_000);
  // customerId -> the JSON list (about 2 KB for ten licences).
  const licenceLists = new BoundedMap<string, string>(options.licenceListCapacity ?? 5_000);
  let generation = 0;
  const forget = (drop: () => void) => {
    generation += 1;
    drop();
  };

  return {
    enabled: options.enabled,
    async sessionOpen(session, load) {
      if (!options.enabled) return load();
      const owner = ownerOf(session.kind, session.id);
      if (sessions.get(session.sessionId) === owner) return true;
      const started = generation;
      const open = await load();
      if (open && started === generation) sessions.set(session.sessionId, owner);
      return open;
    },
    async licenceList(customerId, load) {
      if (!options.enabled) return load();
      const cached = licenceLists.get(customerId);
      if (cached !== undefined) return cached;
      const started = generation;
      const list = await load();
      if (started === generation) licenceLists.set(customerId, list);
      return list;
    },
    forgetSession(sessionId) {
      forget(() => sessions.delete(sessionId));
    },
    forgetSessionsOf(kind, id) {
      const owner = ownerOf(kind, id);
      forget(() => sessions.deleteWhere((value) => value === owner));
    },
    forgetLicences(customerId) {
      forget(() => licenceLists.delete(customerId));
    },
    forgetAccount(kind, id) {
      const owner = ownerOf(kind, id);
      forget(() => {
        sessions.deleteWhere((value) => value === owner);
        if (kind === 'customer') licenceLists.delete(id);
      });
    },
    clear() {
      forget(() => {
        sessions.clear();
        licenceLists.clear();
      });
    },
    get sizes() {
      return { sessions: sessions.size, licenceLists: licenceLists.size };
    },
  };
}
