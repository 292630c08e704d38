/**
 * The API calls a served page starts before its scripts
 * (docs/performance.md, 'The dashboard's frame'): the page's inline loader (`startEarlyCalls`,
 * written into the HTML by scripts/prerender.mjs) sends the GETs the first screen needs with the
 * stored access token, and the app's client adopts each answer once, in flight, instead of
 * sending the same call again (`adoptEarlyCalls`). An answer is only ever used for the very call
 * it stands for: same origin and path, same access token, within `earlyCallsMaxAgeMs`; anything
 * else goes to the network, and an adopted 401 is handled by the client like any other (refresh,
 * then replay), so the session's rules are unchanged.
 */

/** What the loader leaves for the app. */
export interface EarlyCalls {
  /** The page's origin, which the calls went to. */
  origin: string;
  /** The access token the calls were sent with. */
  token: string;
  /** When they left (`Date.now()`). */
  sentAt: number;
  /** Path -> its answer in flight. */
  answers: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    portalEarlyCalls?: EarlyCalls;
  }
}

/**
 * The paths to call per value of the page's `tab` query (every tab of the page's union `TTab`);
 * `fallback` for a missing or unknown one.
 */
export interface EarlyCallPlan<TTab extends string = string> {
  /** Where the access token is stored (core's `tokenKeys.access`). */
  tokenKey: string;
  byTab: Readonly<Record<TTab, readonly string[]>>;
  fallback: readonly string[];
}

/** Older answers are not adopted: the app came too late for them to still be the current data. */
export const earlyCallsMaxAgeMs = 10_000;

/**
 * Runs in the page, inlined in its `<head>` (the server allows it by its hash), so it must use
 * nothing but its arguments and the browser's globals. Sends nothing without a stored access token
 * that is sendable and not past its `exp` (the client would renew it first, and send another).
 */
export function startEarlyCalls<TTab extends string>(
  plan: EarlyCallPlan<TTab>,
  scope: Window = window,
): void {
  let token: string | null;
  try {
    token = scope.localStorage.getItem(plan.tokenKey);
  } catch {
    return;
  }
  if (token === null || !/^[\x21-\x7e]+$/.test(token)) return;
  let exp: unknown;
  try {
    const part = (token.split('.')[1] ?? '').replace(/-/g, '+').replace(/_/g, '/');
    exp = (JSON.parse(scope.atob(part)) as { exp?: unknown }).exp;
  } catch {
    return;
  }
  if (typeof exp !== 'number' || exp * 1000 <= Date.now()) return;
  const tab = new URLSearchParams(scope.location.search).get('tab') ?? '';
  const byTab: Readonly<Record<string, readonly string[]>> = plan.byTab;
  const paths = Object.prototype.hasOwnProperty.call(byTab, tab)
    ? (byTab[tab] ?? [])
    : plan.fallback;
  const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
  const answers: Record<string, Promise<Response>> = {};
  for (const path of paths) {
    answers[path] = scope.fetch(path, { headers, credentials: 'include' });
    // Never adopted (the app came late, the token changed): its failure is nobody's error.
    answers[path].catch(() => undefined);
  }
  scope.portalEarlyCalls = { origin: scope.location.origin, token, sentAt: Date.now(), answers };
}

/**
 * The client's `fetch`: a GET the loader already sent with the same access token takes its answer
 * (once); every other request goes to `fetch`.
 */
export function adoptEarlyCalls(
  early: EarlyCalls | undefined,
  fetch: (request: Request) => Promise<Response>,
  now: () => number = Date.now,
): (request: Request) => Promise<Response> {
  const answers = new Map(Object.entries(early?.answers ?? {}));
  return (request) => {
    if (early === undefined || answers.size === 0 || request.method !== 'GET')
      return fetch(request);
    const url = new URL(request.url);
    const path = `${url.pathname}${url.search}`;
    const answer = url.origin === early.origin ? answers.get(path) : undefined;
    if (answer === undefined) return fetch(request);
    if (now() - early.sentAt > earlyCallsMaxAgeMs) {
      answers.clear();
      return fetch(request);
    }
    if (request.headers.get('Authorization') !== `Bearer ${early.token}`) return fetch(request);
    answers.delete(path);
    return untilAborted(answer, request.signal);
  };
}

/** The answer, unless the request is cancelled (or times out) first. */
function untilAborted(answer: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(signal.reason as unknown);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as unknown);
    signal.addEventListener('abort', onAbort, { once: true });
    void answer.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The early calls the page's loader left, taken once (the client adopts them). */
export function takeEarlyCalls(scope: Window = window): EarlyCalls | undefined {
  const early = scope.portalEarlyCalls;
  delete scope.portalEarlyCalls;
  return early;
}
