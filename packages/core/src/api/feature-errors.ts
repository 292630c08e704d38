import { isApiError, type ApiError } from './errors.ts';

/** A text that gives way to the server's own words when it sent some. */
export interface ServerMessageOr {
  serverMessageOr: string;
}

/**
 * The client's French message for the failure (the fixed status texts, the server's words, a
 * timeout); the given text when the failure is not a call's.
 */
export interface ApiMessageOr {
  apiMessageOr: string;
}

export type StatusText = string | ServerMessageOr | ApiMessageOr;

/** A status, or a class of them ('4xx'). */
export type StatusKey = number | `${1 | 2 | 3 | 4 | 5}xx`;

/** How one feature words its failures (docs/product.md#feature-errors). */
export interface FeatureErrorTable {
  /** Texts by HTTP status, then by class of status. */
  byStatus?: Readonly<Partial<Record<StatusKey, StatusText>>>;
  /** The body's own words win over the table, whatever the status (the licences). */
  preferServerMessage?: boolean;
  /** Every other failure, and anything that is not an ApiError. */
  fallback: StatusText;
}

/**
 * The one way a feature turns a failed call into its French message (login, signup, onboarding,
 * profile, password, licences, checkout, reset password, account deletion): each hands its table.
 */
export function messageFor(error: unknown, table: FeatureErrorTable): string {
  if (!isApiError(error)) return textOf(table.fallback, null);
  const own = error.serverMessage;
  if (table.preferServerMessage === true && own !== undefined) return own;
  const classKey = `${Math.floor(error.status / 100)}xx` as StatusKey;
  const entry = table.byStatus?.[error.status] ?? table.byStatus?.[classKey] ?? table.fallback;
  return textOf(entry, error);
}

function textOf(entry: StatusText, error: ApiError | null): string {
  if (typeof entry === 'string') return entry;
  if ('serverMessageOr' in entry) return error?.serverMessage ?? entry.serverMessageOr;
  return error?.message ?? entry.apiMessageOr;
}
