import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@portal/core/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestServer, type TestServer } from '../../test/harness.ts';

describe('establishment search without a key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer();
  });
  afterAll(async () => server.close());

  it('answers 503 REQUEST_DENIED', async () => {
    const answer = await call(server, 'GET', '/api/google-places/search?query=bistrot');
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({
      error: 'REQUEST_DENIED',
      message: messages.establishmentSearch.notConfigured,
    });
  });

  it('answers 400 under 3 characters', async () => {
    expect((await call(server, 'GET', '/api/google-places/search?query=ab')).status).toBe(400);
    expect((await call(server, 'GET', '/api/google-places/search')).status).toBe(400);
  });
});

describe('establishment search with a key', () => {
  let server: TestServer;
  let places: Server;
  const seen: { key?: string; body?: string }[] = [];
  let status = 200;

  beforeAll(async () => {
    places = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        seen.push({ key: String(request.headers['x-goog-api-key']), body });
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(
          JSON.stringify({
            places: Array.from({ length: 7 }, (_, index) => ({
              id: `place-${index}`,
              displayName: { text: `Bistrot ${index}` },
              formattedAddress: `${index} rue de Lyon, Paris`,
              types: ['restaurant'],
            })),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => places.listen(0, '127.0.0.1', resolve));
    const { port } = places.address() as AddressInfo;
    server = await createTestServer({
      config: { placesApiKey: 'test-key', placesApiUrl: `http://127.0.0.1:${port}/search` },
    });
  });
  afterAll(async () => {
    await server.close();
    await new Promise((resolve) => places.close(resolve));
  });

  it('answers at most 5 establishments from the places service', async () => {
    const answer = await call<{ establishments: unknown[] }>(
      server,
      'GET',
      '/api/google-places/search?query=bistrot',
    );
    expect(answer.status).toBe(200);
    expect(answer.body.establishments).toHaveLength(5);
    expect(answer.body.establishments[0]).toEqual({
      id: 'place-0',
      name: 'Bistrot 0',
      address: '0 rue de Lyon, Paris',
      phone: null,
      types: ['restaurant'],
    });
    expect(seen[0]?.key).toBe('test-key');
    expect(JSON.parse(seen[0]?.body ?? '{}')).toMatchObject({ textQuery: 'bistrot' });
  });

  it('answers 503 when the places service fails', async () => {
    status = 500;
    const answer = await call(server, 'GET', '/api/google-places/search?query=bistrot');
    expect(answer.status).toBe(503);
    status = 403;
    const denied = await call(server, 'GET', '/api/google-places/search?query=bistrot');
    expect(denied.body).toMatchObject({ error: 'REQUEST_DENIED' });
  });
});
