import { ApiError } from './errors.ts';

const jsonContentType = /^application\/(?:[\w.+-]+\+)?json\b/i;
const textContentType = /^text\//i;

/**
 * A response body by its content type (docs/product.md#generic-request-behaviour): 204 (or no body)
 * gives undefined; JSON is parsed (an empty body gives undefined, unparsable text is returned as
 * text); text types give text; anything else gives a Blob.
 */
export async function parseResponseBody(response: Response): Promise<unknown> {
  // An answer without any body has nothing to give, whatever its type says.
  if (response.status === 204 || response.body === null) return undefined;
  if (response.headers.get('Content-Length') === '0') return undefined;
  const contentType = response.headers.get('Content-Type') ?? '';
  if (jsonContentType.test(contentType)) {
    const text = await response.text();
    if (text.trim() === '') return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  if (textContentType.test(contentType)) return response.text();
  return response.blob();
}

/** RFC 9110 HTTP-date forms: IMF-fixdate, obsolete RFC 850, asctime (always GMT). */
const httpDates = [
  /^[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{5,8}, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/**
 * Retry-After in seconds: either delta-seconds or an HTTP date measured against `nowMs` (a past
 * date gives 0). Anything else (a negative or decimal number, a free-form date) is ignored:
 * `Date.parse` alone would read '-5' or '1.5' as dates.
 */
export function retryAfterSeconds(response: Response, nowMs: number): number | undefined {
  const header = response.headers.get('Retry-After')?.trim();
  if (!header) return undefined;
  if (/^\d+$/.test(header)) return Number(header);
  if (!httpDates.some((form) => form.test(header))) return undefined;
  const date = Date.parse(header.endsWith('GMT') ? header : `${header} GMT`);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}

/**
 * The ApiError for a non-2xx answer: status, parsed body, French message
 * (docs/product.md#http-status-texts), Retry-After.
 */
export async function apiErrorFromResponse(response: Response, nowMs: number): Promise<ApiError> {
  let data: unknown;
  try {
    data = await parseResponseBody(response);
  } catch {
    // The body broke off midway: the status alone still tells what happened.
  }
  return new ApiError({
    kind: 'http',
    status: response.status,
    data,
    retryAfterSeconds: response.status === 429 ? retryAfterSeconds(response, nowMs) : undefined,
  });
}
