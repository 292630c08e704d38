import { isApiError } from './errors.ts';

/** A status's text that gives way to the server's own words when it sent some. */
export interface ServerMessageOr {
  serverMessageOr: string;
}

export type StatusText = string | ServerMessageOr;

/** A status, or a class of them ('4xx'). */
export type StatusKey = number | `${1 | 2 | 3 | 4 | 5}xx`;

/** How one feature words its failures (docs/product.md#feature-errors). */
export interface FeatureErrorTable {
  /** Texts by HTTP status, then by class; `{ serverMessageOr }` prefers the body's words. */
  byStatus?: Readonly<Partial<Record<StatusKey, StatusText>>>;
  /**
   * What wins over the table: the body's own words ('serverMessage'), or the client's French
   * message for the failure ('apiMessage': the fixed status texts, the server's words, a timeout).
   */
  prefer?: 'serverMessage' | 'apiMessage';
  /** Every other failure, and anything that is not an ApiError (which has no server words). */
  fallback: StatusText;
}

/**
 * The one way a feature turns a failed call into its French message (login, signup, onboarding,
 * profile, password, licences, checkout, reset password): each actor's machine hands its table.
 */
export function messageFor(error: unknown, table: FeatureErrorTable): string {
  if (!isApiError(error)) return textOf(table.fallback, undefined);
  if (table.prefer === 'apiMessage') return error.message;
  const own = error.serverMessage;
  if (table.prefer === 'serverMessage' && own !== undefined) return own;
  const classKey = `${Math.floor(error.status / 100)}xx` as StatusKey;
  const entry = table.byStatus?.[error.status] ?? table.byStatus?.[classKey] ?? table.fallback;
  return textOf(entry, own);
}

function textOf(entry: StatusText, serverMessage: string | undefined): string {
  return typeof entry === 'string' ? entry : (serverMessage ?? entry.serverMessageOr);
}
