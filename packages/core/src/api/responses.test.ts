import { describe, expect, it } from 'vitest';
import { apiErrorFromResponse, parseResponseBody, retryAfterSeconds } from './responses.ts';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);

describe('parseResponseBody (docs/product.md#generic-request-behaviour)', () => {
  it('gives undefined for 204', async () => {
    expect(await parseResponseBody(new Response(null, { status: 204 }))).toBeUndefined();
  });

  it('parses JSON content types, including +json and a charset', async () => {
    const body = { licenses: [{ _id: 'l1' }] };
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'application/problem+json',
    ]) {
      const response = new Response(JSON.stringify(body), { headers: { 'Content-Type': type } });
      expect(await parseResponseBody(response)).toEqual(body);
    }
  });

  it('gives undefined for an empty JSON body and the text for unparsable JSON', async () => {
    const headers = { 'Content-Type': 'application/json' };
    expect(await parseResponseBody(new Response('', { headers }))).toBeUndefined();
    expect(await parseResponseBody(new Response('<html>oops', { headers }))).toBe('<html>oops');
  });

  it('gives text for text types', async () => {
    const response = new Response('{"not":"parsed"}', {
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(await parseResponseBody(response)).toBe('{"not":"parsed"}');
  });

  it('gives a Blob for anything else', async () => {
    const response = new Response(new Uint8Array([80, 75, 3, 4]), {
      headers: { 'Content-Type': 'application/zip' },
    });
    const body = await parseResponseBody(response);
    expect(body).toBeInstanceOf(Blob);
    expect(new Uint8Array(await (body as Blob).arrayBuffer())).toEqual(
      new Uint8Array([80, 75, 3, 4]),
    );
  });
});

describe('retryAfterSeconds', () => {
  const withHeader = (value: string) =>
    new Response(null, { status: 429, headers: { 'Retry-After': value } });

  it('reads delta-seconds and HTTP dates, ignores the unreadable', () => {
    expect(retryAfterSeconds(withHeader('120'), now)).toBe(120);
    expect(retryAfterSeconds(withHeader(new Date(now + 30_500).toUTCString()), now)).toBe(30);
    expect(retryAfterSeconds(withHeader(new Date(now - 5_000).toUTCString()), now)).toBe(0);
    expect(retryAfterSeconds(withHeader('soon'), now)).toBeUndefined();
    expect(retryAfterSeconds(new Response(null, { status: 429 }), now)).toBeUndefined();
  });
});

describe('apiErrorFromResponse', () => {
  it('keeps status, parsed body and Retry-After on 429', async () => {
    const response = new Response(JSON.stringify({ message: 'Trop vite' }), {
      status: 429,
      headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
    });
    const error = await apiErrorFromResponse(response, now);
    expect(error).toMatchObject({
      kind: 'http',
      status: 429,
      data: { message: 'Trop vite' },
      retryAfterSeconds: 7,
      message: 'Trop de requêtes - veuillez patienter',
    });
  });

  it('uses the raw text of a text answer as its message when no fixed text applies', async () => {
    const response = new Response('Le théière refuse', {
      status: 418,
      headers: { 'Content-Type': 'text/plain' },
    });
    expect((await apiErrorFromResponse(response, now)).message).toBe('Le théière refuse');
  });
});
