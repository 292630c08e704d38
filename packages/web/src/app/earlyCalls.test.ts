import { describe, expect, it } from 'vitest';
import { createMemoryTokenStore, createPortalClient, tokenKeys } from '@portal/core';
import { dashboardEarlyCalls } from '../pages/dashboard/frame/DashboardFrame.tsx';
import {
  createSampleBackend,
  json,
  sampleAccessToken,
  sampleTokens,
  type SampleAnswers,
} from '../testing/sampleBackend.ts';
import { sampleLicences, sampleUser } from '../testing/sampleData.ts';
import {
  adoptEarlyCalls,
  earlyCallsMaxAgeMs,
  startEarlyCalls,
  takeEarlyCalls,
  type EarlyCalls,
} from './earlyCalls.ts';

const origin = 'https://portail.test';
const profile = '/api/client/profile';
const licences = '/api/client/licenses';
const current = '/api/client/subscription/current';

/** An unsigned JWT expiring at `exp` (seconds). */
function tokenExpiringAt(exp: number): string {
  const encode = (value: object) =>
    btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  return `${encode({ alg: 'HS256' })}.${encode({ sub: 'c1', exp })}.c2ln`;
}

/**
 * The page the loader runs in: its storage, its address, and its `fetch` reaching the sample
 * backend (relative paths resolved against the page's origin, as a browser does).
 */
function page(options: { stored?: string | null; search?: string; answers?: SampleAnswers }) {
  const backend = createSampleBackend(origin, options.answers);
  const storage = new Map<string, string>();
  if (options.stored !== null) storage.set(tokenKeys.access, options.stored ?? sampleAccessToken());
  const sent: Request[] = [];
  const scope = {
    localStorage: { getItem: (key: string) => storage.get(key) ?? null },
    location: { origin, search: options.search ?? '' },
    atob: (data: string) => atob(data),
    fetch: (path: string, init: RequestInit) => {
      const request = new Request(new URL(path, origin), init);
      sent.push(request.clone());
      return backend.fetch(request);
    },
  } as unknown as Window;
  return { scope, backend, sent };
}

/** The app's client, its token store holding `tokens`, over `fetch`. */
function clientOver(
  fetch: (request: Request) => Promise<Response>,
  tokens = sampleTokens(),
  baseUrl = origin,
) {
  const tokenStore = createMemoryTokenStore();
  tokenStore.setTokens(tokens);
  return createPortalClient({ baseUrl, tokenStore, fetch });
}

describe('startEarlyCalls: the dashboard frame’s loader (docs/performance.md, “Early calls”)', () => {
  it('sends the default tab’s calls at once with the stored access token and leaves them for the app', () => {
    const { scope, sent } = page({});
    startEarlyCalls(dashboardEarlyCalls, scope);
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual([
      profile,
      licences,
      current,
    ]);
    for (const request of sent) {
      expect(request.method).toBe('GET');
      expect(request.headers.get('Authorization')).toBe(`Bearer ${sampleAccessToken()}`);
    }
    const early = takeEarlyCalls(scope);
    expect(early?.token).toBe(sampleAccessToken());
    expect(early?.origin).toBe(origin);
    expect(Object.keys(early?.answers ?? {})).toEqual([profile, licences, current]);
    // Taken once: the app's client is the only one to adopt them.
    expect(takeEarlyCalls(scope)).toBeUndefined();
  });

  it.each([
    ['?tab=themes', [profile]],
    ['?tab=trendtrack', [profile]],
    ['?tab=profil', [profile, current]],
    ['?tab=subscription', [profile, current]],
    ['?tab=licences', [profile, licences, current]],
    ['?tab=inconnu', [profile, licences, current]],
  ])('at %s sends what that tab loads first', (search, paths) => {
    const { scope, sent } = page({ search });
    startEarlyCalls(dashboardEarlyCalls, scope);
    expect(sent.map((request) => new URL(request.url).pathname)).toEqual(paths);
  });

  it.each([
    ['no stored token', null],
    ['an expired token', tokenExpiringAt(Math.floor(Date.now() / 1000) - 1)],
    ['a token without expiry', tokenExpiringAt(Number.NaN)],
    ['an unreadable token', 'pas-un-jeton'],
    ['a token a header cannot carry', 'jeton accentué'],
  ])('sends nothing with %s (the app decides: login, or refresh first)', (_, stored) => {
    const { scope, sent } = page({ stored });
    startEarlyCalls(dashboardEarlyCalls, scope);
    expect(sent).toEqual([]);
    expect(takeEarlyCalls(scope)).toBeUndefined();
  });

  it('sends nothing when the storage refuses to be read', () => {
    const { scope, sent } = page({});
    Object.assign(scope, {
      localStorage: {
        getItem: () => {
          throw new DOMException('refusé', 'SecurityError');
        },
      },
    });
    startEarlyCalls(dashboardEarlyCalls, scope);
    expect(sent).toEqual([]);
  });
});

describe('adoptEarlyCalls: the client takes the answers in flight', () => {
  function started(options: Parameters<typeof page>[0] = {}) {
    const loaded = page(options);
    startEarlyCalls(dashboardEarlyCalls, loaded.scope);
    const early = takeEarlyCalls(loaded.scope) as EarlyCalls;
    return { ...loaded, early };
  }

  it('answers the dashboard’s first calls from the loader’s: none is sent twice', async () => {
    const { backend, early } = started();
    const client = clientOver(adoptEarlyCalls(early, backend.fetch));
    const [me, list, usage] = await Promise.all([
      client.api.GET(profile),
      client.api.GET(licences),
      client.api.GET(current),
    ]);
    expect(me.data).toEqual({ customer: sampleUser });
    expect(list.data?.licenses).toEqual(sampleLicences);
    expect(usage.data?.usage.licensesUsed).toBeTypeOf('number');
    expect(backend.calls).toEqual([`GET ${profile}`, `GET ${licences}`, `GET ${current}`]);
  });

  it('adopts each answer once: the next same call (a reload) goes to the server', async () => {
    const { backend, early } = started();
    const client = clientOver(adoptEarlyCalls(early, backend.fetch));
    await client.api.GET(licences);
    backend.state.licences = [];
    const reloaded = await client.api.GET(licences);
    expect(reloaded.data?.licenses).toEqual([]);
    expect(backend.calls.filter((call) => call === `GET ${licences}`)).toHaveLength(2);
  });

  it('does not adopt an answer sent with another token (the session was renewed since)', async () => {
    const { backend, early } = started();
    const renewed = { accessToken: tokenExpiringAt(4_102_444_800), refreshToken: 'autre' };
    const client = clientOver(adoptEarlyCalls(early, backend.fetch), renewed);
    await client.api.GET(profile);
    expect(backend.calls.filter((call) => call === `GET ${profile}`)).toHaveLength(2);
  });

  it(`does not adopt answers older than ${earlyCallsMaxAgeMs} ms (the app came too late)`, async () => {
    const { backend, early } = started();
    const client = clientOver(
      adoptEarlyCalls(early, backend.fetch, () => early.sentAt + earlyCallsMaxAgeMs + 1),
    );
    await client.api.GET(profile);
    expect(backend.calls.filter((call) => call === `GET ${profile}`)).toHaveLength(2);
  });

  it('does not adopt for another API origin, another method or a call with a query', async () => {
    const { backend, early } = started();
    const adopt = adoptEarlyCalls(early, backend.fetch);
    const elsewhere = clientOver(adopt, sampleTokens(), 'https://api.ailleurs.test');
    await elsewhere.api.GET(profile);
    const here = clientOver(adopt);
    await here.api.POST(licences, { body: { custom_domain: 'a.fr', shop_domain: 'a' } });
    const authorization = { Authorization: `Bearer ${early.token}` };
    await adopt(new Request(`${origin}${current}?x=1`, { headers: authorization }));
    expect(backend.calls).toEqual([
      `GET ${profile}`,
      `GET ${licences}`,
      `GET ${current}`,
      `GET ${profile}`,
      `POST ${licences}`,
      `GET ${current}`,
    ]);
  });

  it('an adopted 401 is the client’s as any other: it refreshes once and replays over the network', async () => {
    let refused = true;
    const answers: SampleAnswers = {
      [`GET ${profile}`]: () =>
        refused ? json({ message: 'Jeton expiré' }, 401) : json({ customer: sampleUser }),
      'POST /auth/refresh': () => {
        refused = false;
        return json({ accessToken: tokenExpiringAt(4_102_444_800), refreshToken: 'nouveau' });
      },
    };
    const { backend, early } = started({ answers });
    const client = clientOver(adoptEarlyCalls(early, backend.fetch));
    const me = await client.api.GET(profile);
    expect(me.data).toEqual({ customer: sampleUser });
    expect(
      backend.calls.filter((call) => call !== `GET ${licences}` && call !== `GET ${current}`),
    ).toEqual([`GET ${profile}`, 'POST /auth/refresh', `GET ${profile}`]);
    expect(client.tokenStore.getRefreshToken()).toBe('nouveau');
  });

  it('without early calls, every request goes to the network', async () => {
    const backend = createSampleBackend(origin);
    const client = clientOver(adoptEarlyCalls(undefined, backend.fetch));
    await client.api.GET(profile);
    expect(backend.calls).toEqual([`GET ${profile}`]);
  });
});
