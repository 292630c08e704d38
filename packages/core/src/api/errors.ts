import { messages } from '../domain/messages.ts';

/** Why a request failed: an HTTP answer, or no usable answer at all. */
export type ApiErrorKind = 'http' | 'timeout' | 'network' | 'session-expired' | 'refresh-failed';

const fixedStatusMessages: Readonly<Record<number, string>> = {
  401: messages.http[401],
  403: messages.http[403],
  404: messages.http[404],
  422: messages.http[422],
  429: messages.http[429],
  500: messages.http[500],
  503: messages.http[503],
};

/** Longer than this, a body is a dump (a stack trace, a page), not a message for a person. */
export const maxServerMessageLength = 300;

/**
 * Words fit to show a person: short, and neither markup (an HTML error page from a proxy) nor
 * unparsed JSON. Anything else falls back to the fixed texts.
 */
function readable(text: unknown): text is string {
  if (typeof text !== 'string') return false;
  const trimmed = text.trim();
  return (
    trimmed !== '' &&
    trimmed.length <= maxServerMessageLength &&
    !/<\/?[a-z!][^>]*>/i.test(trimmed) &&
    !/^[[{]/.test(trimmed)
  );
}

/** The body's own words: its `message` or `error` field, else raw text, when readable. */
export function serverMessageOf(data: unknown): string | undefined {
  if (typeof data === 'string') return readable(data) ? data : undefined;
  if (data !== null && typeof data === 'object') {
    const { message, error } = data as { message?: unknown; error?: unknown };
    if (readable(message)) return message;
    if (readable(error)) return error;
  }
  return undefined;
}

/**
 * A gateway (502) or its timeout (504) without words of its own means, to a merchant, what 503
 * says: the service is out for a moment (see docs/decisions.md, 'HTTP client and session').
 */
const unavailableStatuses: ReadonlySet<number> = new Set([502, 504]);

/**
 * docs/product.md#http-status-texts: fixed texts for known statuses, else the body's words, else
 * the 503 text for a gateway failure, else 'Erreur HTTP {status}'.
 */
export function messageForStatus(status: number, data: unknown): string {
  return (
    fixedStatusMessages[status] ??
    serverMessageOf(data) ??
    (unavailableStatuses.has(status) ? messages.http[503] : messages.http.fallback(status))
  );
}

export interface ApiErrorInit {
  kind: ApiErrorKind;
  status: number;
  data?: unknown;
  message?: string;
  retryAfterSeconds?: number;
  cause?: unknown;
}

/**
 * Every failed call rejects with this: `status` (0 when no answer arrived), the parsed body
 * `data`, and a French `message` for a person.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  readonly status: number;
  readonly data: unknown;
  readonly retryAfterSeconds: number | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message ?? messageForStatus(init.status, init.data), { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status;
    this.data = init.data;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** Worth trying again later without the user changing anything. */
  get retryable(): boolean {
    return (
      this.kind === 'timeout' ||
      this.kind === 'network' ||
      this.status === 429 ||
      this.status === 502 ||
      this.status === 503 ||
      this.status === 504
    );
  }

  /** The body's own message, when the server sent one (feature errors prefer it). */
  get serverMessage(): string | undefined {
    return serverMessageOf(this.data);
  }

  /** French messages keyed by field, from an error body `{ errors: { field: message } }`. */
  get fieldErrors(): Record<string, string> {
    const errors = (this.data as { errors?: unknown } | null)?.errors;
    if (errors === null || typeof errors !== 'object') return {};
    return Object.fromEntries(
      Object.entries(errors).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
