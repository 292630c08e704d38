import { messages } from '@portal/core/domain';
import { texts } from '../texts.ts';

export type FieldErrors = Record<string, string>;

/** An answer other than success, thrown from a handler and rendered as the contract's `Error`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: { errors?: FieldErrors; error?: string; headers?: Record<string, string> } = {},
  ) {
    super(message);
  }

  get body(): { message: string; error?: string; errors?: FieldErrors } {
    return {
      message: this.message,
      ...(this.extra.error === undefined ? {} : { error: this.extra.error }),
      ...(this.extra.errors === undefined ? {} : { errors: this.extra.errors }),
    };
  }
}

export const badRequest = (errors: FieldErrors, message: string = messages.http[422]) =>
  new HttpError(400, message, { errors });
export const unauthorized = (message: string = messages.http[401]) => new HttpError(401, message);
export const forbidden = (message: string = messages.http[403]) => new HttpError(403, message);
export const notFound = (message: string = messages.http[404]) => new HttpError(404, message);
export const conflict = (message: string, errors?: FieldErrors) =>
  new HttpError(409, message, errors === undefined ? {} : { errors });
export const tooManyRequests = (retryAfterSeconds: number) =>
  new HttpError(429, messages.http[429], {
    headers: { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) },
  });
/** A known path called with a method it does not have; `Allow` lists the ones it has. */
export const methodNotAllowed = (allowed: readonly string[]) =>
  new HttpError(405, texts.http.methodNotAllowed, { headers: { allow: allowed.join(', ') } });
export const serviceUnavailable = (message: string, error?: string) =>
  new HttpError(503, message, error === undefined ? {} : { error });

/** PostgreSQL's unique_violation, so a race on a unique column still answers 409. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const candidate = error as { code?: unknown; constraint?: unknown; message?: unknown } | null;
  if (candidate?.code !== '23505') return false;
  if (constraint === undefined) return true;
  return (
    candidate.constraint === constraint ||
    (typeof candidate.message === 'string' && candidate.message.includes(constraint))
  );
}
