import { messages } from '@portal/core/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, useTestServer, loggedInCustomer } from '../test/harness.ts';
import { texts } from '../texts.ts';

const server = useTestServer();

const json = { 'content-type': 'application/json' };

describe('hostile input gets a 4xx in the contract shape, never a 500', () => {
  it('answers 400 for malformed JSON', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      rawBody: '{"email": "a@b.fr", "password": ',
      headers: json,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: texts.http.invalidJson });
  });

  it('answers 400 for an empty JSON body and for a body that is not an object', async () => {
    for (const rawBody of ['', '[]', '"text"', 'null', '42']) {
      const answer = await call(server, 'POST', '/api/client/auth/login', {
        rawBody,
        headers: json,
      });
      expect(answer.status, rawBody).toBe(400);
    }
  });

  it('takes an empty JSON body as no body on operations without one (the client always sends the type)', async () => {
    const customer = await loggedInCustomer(server);
    const created = await call<{ license: { _id: string } }>(
      server,
      'POST',
      '/api/client/licenses',
      {
        token: customer.accessToken,
        body: { custom_domain: 'vide.fr', shop_domain: 'vide' },
      },
    );
    const deleted = await call(
      server,
      'DELETE',
      `/api/client/licenses/${created.body.license._id}`,
      {
        token: customer.accessToken,
        rawBody: '',
        headers: json,
      },
    );
    expect(deleted.status).toBe(200);
    const loggedOut = await call(server, 'POST', '/admin/auth/logout', {
      token: customer.accessToken,
      rawBody: '',
      headers: json,
    });
    expect(loggedOut.status).toBe(200);
    const refreshed = await call(server, 'POST', '/auth/refresh', {
      body: { refreshToken: customer.refreshToken },
    });
    expect(refreshed.status).toBe(401);
  });

  it('answers 415 for a media type nobody parses', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      rawBody: '<xml/>',
      headers: { 'content-type': 'application/xml' },
      allowUndocumentedStatus: true,
    });
    expect(answer.status).toBe(415);
    expect(answer.body).toEqual({ message: texts.http.unsupportedMediaType });
  });

  it('answers 400 for text where JSON is expected', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      rawBody: 'email=a@b.fr',
      headers: { 'content-type': 'text/plain' },
    });
    expect(answer.status).toBe(400);
  });

  it('answers 413 for a huge body', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      body: { email: 'a@b.fr', password: 'x'.repeat(2 * 1024 * 1024) },
      allowUndocumentedStatus: true,
    });
    expect(answer.status).toBe(413);
    expect(answer.body).toEqual({ message: texts.http.payloadTooLarge });
  });

  it('answers 400 naming extra fields, wrong types and over-long strings', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      body: { email: 42, password: 'x'.repeat(129), admin: true },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: messages.http[422],
      errors: {
        email: texts.validation.fieldType,
        password: texts.validation.fieldTooLong,
        admin: texts.validation.fieldUnknown,
      },
    });
  });

  it('answers 400 for NUL bytes in a body, a query or a path', async () => {
    const customer = await loggedInCustomer(server);
    const body = await call(server, 'POST', '/api/client/licenses', {
      token: customer.accessToken,
      body: { custom_domain: 'a\u0000.fr', shop_domain: 'shop' },
    });
    expect(body.status).toBe(400);
    const query = await call(server, 'GET', '/api/google-places/search?query=abc%00def');
    expect(query.status).toBe(400);
    const path = await call(server, 'PUT', '/api/client/licenses/abc%00', {
      token: customer.accessToken,
      body: { custom_domain: 'a.fr', shop_domain: 'shop' },
    });
    expect(path.status).toBe(400);
  });

  it('answers 400 for a NUL in a key, or in a query the operation does not read', async () => {
    const customer = await loggedInCustomer(server);
    const key = await call(server, 'POST', '/api/client/licenses', {
      token: customer.accessToken,
      rawBody: '{"custom_domain":"a.fr","shop_domain":"shop","x\\u0000":1}',
      headers: json,
    });
    expect(key.status).toBe(400);
    const query = await call(server, 'POST', '/api/client/licenses?note=abc%00', {
      token: customer.accessToken,
      body: { custom_domain: 'a.fr', shop_domain: 'shop' },
    });
    expect(query.status).toBe(400);
    expect(query.body).toMatchObject({ errors: { query: texts.validation.fieldInvalid } });
    const fine = await call(server, 'POST', '/api/client/licenses?note=abc', {
      token: customer.accessToken,
      body: { custom_domain: 'a.fr', shop_domain: 'shop' },
    });
    expect(fine.status).toBe(201);
  });

  it('names the body of a JSON null on an operation that takes one, and only there', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      rawBody: 'null',
      headers: json,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { body: texts.validation.fieldType } });
    const customer = await loggedInCustomer(server);
    const created = await call<{ license: { _id: string } }>(
      server,
      'POST',
      '/api/client/licenses',
      { token: customer.accessToken, body: { custom_domain: 'nul.fr', shop_domain: 'nul' } },
    );
    const deleted = await call(
      server,
      'DELETE',
      `/api/client/licenses/${created.body.license._id}`,
      {
        token: customer.accessToken,
        rawBody: 'null',
        headers: json,
      },
    );
    expect(deleted.status).toBe(200);
  });

  it('answers 400 for prototype pollution attempts', async () => {
    const answer = await call(server, 'POST', '/api/client/auth/login', {
      rawBody: '{"email":"a@b.fr","password":"x","__proto__":{"admin":true}}',
      headers: json,
    });
    expect(answer.status).toBe(400);
  });

  it('keeps every answer in the contract for arbitrary JSON on every write call', async () => {
    const customer = await loggedInCustomer(server);
    const targets = [
      ['POST', '/api/client/auth/login'],
      ['POST', '/api/client/auth/register'],
      ['PUT', '/api/client/profile'],
      ['POST', '/api/client/licenses'],
      ['PUT', '/api/client/auth/change-password'],
      ['PUT', '/customers/billing'],
      ['POST', '/auth/refresh'],
      ['POST', '/admin/auth/reset-password'],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...targets),
        fc.oneof(
          fc.jsonValue(),
          fc.dictionary(
            fc.constantFrom(
              'email',
              'password',
              'first_name',
              'custom_domain',
              'shop_domain',
              'token',
              'refreshToken',
            ),
            fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.boolean(), fc.constant(null)),
          ),
        ),
        async ([method, url], body) => {
          const answer = await call(server, method, url, {
            token: customer.accessToken,
            rawBody: JSON.stringify(body) ?? 'null',
            headers: json,
          });
          expect(answer.status).toBeGreaterThanOrEqual(200);
          expect(answer.status).toBeLessThan(500);
        },
      ),
      { numRuns: 60 },
    );
  });
});
