import type { AccountKind } from '../accounts/account-kind.ts';
import type { Database } from '../db/database.ts';

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

/** What a write changed, as far as the cache is concerned (also the NOTIFY payload, as JSON). */
export type CacheChange =
  /** A session family was revoked (logout, refresh-token reuse). */
  | { type: 'session'; sessionId: string }
  /** Every session of an account was revoked (password change or reset). */
  | { type: 'sessions'; kind: AccountKind; id: string }
  /** A licence of this customer was created, changed or deleted, or its subscription changed. */
  | { type: 'licences'; customerId: string }
  /** The theme reported in a shop of this customer: its licence list shows when it was seen. */
  | { type: 'sighting'; customerId: string }
  /**
   * A licence came to or left these shops (created, moved, deleted): what is kept under them
   * (the verification's shops) is forgotten, whoever's licences it held.
   */
  | { type: 'shops'; shops: string[] }
  /** An account was deleted: its sessions and its licences. */
  | { type: 'account'; kind: AccountKind; id: string }
  /** A theme version was published: the latest version, and every licence list (it states it). */
  | { type: 'release' };

/**
 * Names what a write changed; handed to the write's function by `ReadCache.write`. Repository
 * functions that change a cached fact take it, so they cannot be called outside such a write.
 */
export type AnnounceChange = (change: CacheChange) => Promise<void>;

/** The PostgreSQL channel replicas tell each other their changes on. */
export const CACHE_CHANNEL = 'portal_read_cache';

/**
 * What every authenticated request reads: "is this session still open" and a customer's licence
 * list, kept in memory so a read costs no query (see docs/performance.md); and, through `keyed`,
 * what the public licence verification reads of a shop.
 *
 * Why it is exact: every write of these facts goes through `write`, which forgets what it
 * changed once the transaction is over, before the route answers. A read that started before a
 * write may finish after it with the old answer: the generation counter, moved by every
 * forgetting, keeps such an answer out of the cache. Only an open session is remembered; a
 * refused one is asked again (it cannot reopen, so nothing is lost but a query).
 *
 * Other processes sharing a PostgreSQL database: `write` also sends the change with NOTIFY in
 * the write's own transaction, so it reaches every listening replica when (and only if) it is
 * committed; each replica forgets it on arrival (`forgetNotified`). Until its listening
 * connection is up, and whenever it drops (notifications may have been missed), a replica
 * keeps nothing (`suspend`, then `resume` with an empty cache).
 */
export interface ReadCache {
  /** Whether answers are kept right now. */
  readonly enabled: boolean;
  sessionOpen(session: SessionKey, load: () => Promise<boolean>): Promise<boolean>;
  /** True when the session is known open, without waiting (false: ask `sessionOpen`). */
  knownOpen(session: SessionKey): boolean;
  /** A customer's licence list, as the JSON text the route answers. */
  licenceList(customerId: string, load: () => Promise<string>): Promise<string>;
  /** The kept list, without waiting (undefined: ask `licenceList`). */
  knownLicenceList(customerId: string): string | undefined;
  /** The theme's latest version (docs/product.md, 'Theme releases'). */
  latestThemeVersion(load: () => Promise<string>): Promise<string>;
  /** The kept latest version, without waiting (undefined: ask `latestThemeVersion`). */
  knownLatestThemeVersion(): string | undefined;
  /**
   * Runs a write in one transaction; `changed` names what it changed (told to the other
   * replicas within the transaction), forgotten here once the transaction is over.
   */
  write<T>(db: Database, fn: (tx: Database, changed: AnnounceChange) => Promise<T>): Promise<T>;
  forget(change: CacheChange): void;
  /** A change another process announced (a NOTIFY payload); anything unreadable empties all. */
  forgetNotified(payload: string): void;
  /** Keeps nothing until `resume` (the listening connection is down). */
  suspend(): void;
  /** Keeps answers again, starting empty (the listening connection is up). */
  resume(): void;
  /** After a write the cache cannot follow (tests emptying every table). */
  clear(): void;
  /** Entries held, for the size bound's test. */
  readonly sizes: { sessions: number; licenceLists: number };
  /**
   * Another kind of answer kept by key under the same rules (exact by the generation, nothing
   * kept while disabled): the licence verification's shops (licences/verification.ts). Each value
   * names the customers whose licence or subscription changes forget it; a value naming none
   * (a shop without a licence) is forgotten by any such change, which may give it one. Its keys
   * are shops: a `shops` change forgets them, whoever's licences they held.
   */
  keyed<V>(options: KeyedOptions<V>): KeyedReadCache<V>;
}

export interface KeyedOptions<V> {
  capacity: number;
  customersOf: (value: V) => readonly string[];
}

export interface KeyedReadCache<V> {
  /** The kept value, without waiting (undefined: ask `get`). */
  known(key: string): V | undefined;
  get(key: string, load: () => Promise<V>): Promise<V>;
}

export interface ReadCacheOptions {
  /** Keep answers from the start (false: only once `resume` is called). */
  enabled: boolean;
  /** Send every change with NOTIFY (the database is shared with other processes). */
  broadcast?: boolean;
  sessionCapacity?: number;
  licenceListCapacity?: number;
}

interface AccountRef {
  kind: AccountKind;
  id: string;
}
const sameAccount = (a: AccountRef, b: AccountRef) => a.id === b.id && a.kind === b.kind;

function changeOf(payload: string): CacheChange | undefined {
  try {
    const value = JSON.parse(payload) as Record<string, unknown>;
    const text = (key: string) => typeof value[key] === 'string';
    const account = (value.kind === 'customer' || value.kind === 'admin') && text('id');
    if (value.type === 'session' && text('sessionId')) return value as CacheChange;
    if ((value.type === 'licences' || value.type === 'sighting') && text('customerId')) {
      return value as CacheChange;
    }
    if ((value.type === 'sessions' || value.type === 'account') && account) {
      return value as CacheChange;
    }
    if (value.type === 'release') return { type: 'release' };
    const shops = value.shops;
    if (
      value.type === 'shops' &&
      Array.isArray(shops) &&
      shops.every((s) => typeof s === 'string')
    ) {
      return value as CacheChange;
    }
  } catch {
    // Not JSON: treated as unknown below.
  }
  return undefined;
}

export function createReadCache(options: ReadCacheOptions): ReadCache {
  // sessionId -> its account: a family belongs to one account for good.
  const sessions = new BoundedMap<string, AccountRef>(options.sessionCapacity ?? 10_000);
  // customerId -> the JSON list (about 2 KB for ten licences).
  const licenceLists = new BoundedMap<string, string>(options.licenceListCapacity ?? 5_000);
  // The latest theme version, under one key (a map, so it shares loadAndKeep's rules).
  const latestVersion = new BoundedMap<'latest', string>(1);
  // Every keyed cache: its entries, and what forgets them when a customer's licences change.
  const keyedMaps: {
    clear(): void;
    forgetCustomer(id: string): void;
    forgetKeys(keys: readonly string[]): void;
  }[] = [];
  let enabled = options.enabled;
  let generation = 0;

  const clear = () => {
    generation += 1;
    sessions.clear();
    licenceLists.clear();
    latestVersion.clear();
    for (const keyed of keyedMaps) keyed.clear();
  };
  const forgetCustomer = (customerId: string) => {
    licenceLists.delete(customerId);
    for (const keyed of keyedMaps) keyed.forgetCustomer(customerId);
  };
  const forget = (change: CacheChange) => {
    generation += 1;
    switch (change.type) {
      case 'session':
        sessions.delete(change.sessionId);
        break;
      case 'licences':
        forgetCustomer(change.customerId);
        break;
      case 'sighting':
        licenceLists.delete(change.customerId);
        break;
      case 'release':
        latestVersion.clear();
        licenceLists.clear();
        break;
      case 'shops':
        for (const keyed of keyedMaps) keyed.forgetKeys(change.shops);
        break;
      case 'sessions':
      case 'account': {
        sessions.deleteWhere((value) => sameAccount(value, change));
        if (change.type === 'account' && change.kind === 'customer') forgetCustomer(change.id);
        break;
      }
    }
  };

  /** `load`s what `map` does not hold, kept unless a change came while it ran or keeping is off. */
  async function loadAndKeep<K, V>(
    map: BoundedMap<K, V>,
    key: K,
    load: () => Promise<V>,
  ): Promise<V> {
    const kept = map.get(key);
    if (kept !== undefined) return kept;
    const started = generation;
    const value = await load();
    if (enabled && started === generation) map.set(key, value);
    return value;
  }

  // Nothing is kept while disabled (suspend empties the maps), so these read the maps as they are.
  const knownOpen = (session: SessionKey) => {
    const owner = sessions.get(session.sessionId);
    return owner !== undefined && sameAccount(owner, session);
  };
  const knownLicenceList = (customerId: string) => licenceLists.get(customerId);

  return {
    get enabled() {
      return enabled;
    },
    async sessionOpen(session, load) {
      if (enabled && knownOpen(session)) return true;
      const started = generation;
      const open = await load();
      if (open && enabled && started === generation) {
        sessions.set(session.sessionId, { kind: session.kind, id: session.id });
      }
      return open;
    },
    knownOpen,
    licenceList: (customerId, load) => loadAndKeep(licenceLists, customerId, load),
    knownLicenceList,
    latestThemeVersion: (load) => loadAndKeep(latestVersion, 'latest', load),
    knownLatestThemeVersion: () => latestVersion.get('latest'),
    async write(db, fn) {
      const changes: CacheChange[] = [];
      try {
        return await db.transaction((tx) =>
          fn(tx, async (change) => {
            changes.push(change);
            if (options.broadcast === true) {
              await tx.query('SELECT pg_notify($1, $2)', [CACHE_CHANNEL, JSON.stringify(change)]);
            }
          }),
        );
      } finally {
        // Committed or not: forgetting too much only costs a load.
        for (const change of changes) forget(change);
      }
    },
    forget,
    forgetNotified(payload) {
      const change = changeOf(payload);
      if (change === undefined) clear();
      else forget(change);
    },
    suspend() {
      enabled = false;
      clear();
    },
    resume() {
      clear();
      enabled = true;
    },
    clear,
    get sizes() {
      return { sessions: sessions.size, licenceLists: licenceLists.size };
    },
    keyed<V>({ capacity, customersOf }: KeyedOptions<V>): KeyedReadCache<V> {
      const entries = new BoundedMap<string, V>(capacity);
      keyedMaps.push({
        clear: () => entries.clear(),
        // A scan of a bounded map, on rare writes.
        forgetCustomer: (customerId) =>
          entries.deleteWhere((value) => {
            const customers = customersOf(value);
            return customers.length === 0 || customers.includes(customerId);
          }),
        forgetKeys: (keys) => {
          for (const key of keys) entries.delete(key);
        },
      });
      return {
        known: (key) => entries.get(key),
        get: (key, load) => loadAndKeep(entries, key, load),
      };
    },
  };
}
