/**
 * The one storage seam of the server: every module talks SQL through this, so the embedded
 * PGlite database and a real PostgreSQL server are interchangeable.
 */
export interface Database {
  /**
   * Other processes may write to it too (a PostgreSQL server several replicas share), so what
   * one process keeps in memory may miss their writes; an embedded PGlite has one writer.
   */
  readonly sharedWithOtherProcesses: boolean;
  /** One statement with `$1`-style parameters; answers the rows. */
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /**
   * Hands every NOTIFY payload sent on `channel` to `handlers.message`, over a connection of its
   * own that is reopened when it drops. Only where other processes write (PostgreSQL).
   * Resolves once listening, with the function that stops.
   */
  listen?(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  transaction<T>(fn: (tx: Database) => Promise<T>): Promise<T>;
  /** Several statements without parameters (migrations, resets). */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

export interface ListenHandlers {
  message(payload: string): void;
  /** Listening (again): notifications sent before this moment may have been missed. */
  listening(): void;
  /** The connection dropped: notifications are being missed until `listening`. */
  lost(): void;
}
