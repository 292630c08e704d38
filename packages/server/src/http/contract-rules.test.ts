import { messages, patterns } from '@portal/core/domain';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { call, useTestServer, loggedInCustomer } from '../test/harness.ts';
import { SUCCESS_URL_SENT } from '../routes/payments/test-support.ts';
import { texts } from '../texts.ts';
import { contractOperations, type JsonSchema } from './contract.ts';

/**
 * The contract states what the server takes (see docs/api.md, 'Validation'): a client or a tool
 * that follows `openapi/portal.yaml` is never refused, and what the document refuses the server
 * refuses too, naming the field. The reference here is the document itself, read by a plain
 * JSON Schema validator; the server answers through its routes and core's rules.
 */
const addFormats =
  (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule;
const reference = new Ajv2020({ allErrors: true, strict: false });
addFormats(reference);

function documentAccepts(operationId: string, part: 'body' | 'params', value: unknown): boolean {
  const operation = contractOperations().find((op) => op.operationId === operationId);
  const schema = operation?.[part] as JsonSchema;
  return reference.validate(schema, value);
}

const server = useTestServer();

/** Values a tool derives from each pattern, and the near misses people type. */
const fromPattern = (regex: RegExp, nearMisses: string[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.stringMatching(regex) as fc.Arbitrary<string> },
    { weight: 2, arbitrary: fc.constantFrom(...nearMisses) },
    { weight: 1, arbitrary: fc.string({ maxLength: 20 }) },
  );

const customDomain = fromPattern(patterns.customDomain, [
  'pas un domaine',
  'boutique',
  '-boutique.fr',
  'boutique-.fr',
  ' Boutique.FR ',
  'bou_tique.fr',
  `${'a'.repeat(64)}.fr`,
  'a\u0000.fr',
  'аpple.com',
]);
const shopDomain = fromPattern(patterns.shopDomain, [
  'a.b',
  'ma boutique',
  ' Ma-Boutique ',
  'boutique.MyShopify.com',
  'boutique.myshopify.com.myshopify.com',
  '-shop',
  '',
  '   ',
]);

describe('the server takes what the contract allows, and refuses what it refuses (docs/api.md#validation)', () => {
  it('licence domains: accepted exactly when the document accepts them', async () => {
    const customer = await loggedInCustomer(server);
    const created = await call<{ license: { _id: string } }>(
      server,
      'POST',
      '/api/client/licenses',
      { token: customer.accessToken, body: { custom_domain: 'depart.fr', shop_domain: 'depart' } },
    );
    const id = created.body.license._id;
    await fc.assert(
      fc.asyncProperty(customDomain, shopDomain, async (custom_domain, shop_domain) => {
        const body = { custom_domain, shop_domain };
        const answer = await call<{ errors?: Record<string, string> }>(
          server,
          'PUT',
          `/api/client/licenses/${id}`,
          { token: customer.accessToken, body },
        );
        const label = JSON.stringify(body);
        if (documentAccepts('updateLicense', 'body', body)) {
          expect(answer.status, label).toBe(200);
        } else {
          expect(answer.status, label).toBe(400);
          // The refused field is named with the licence form's words.
          const valid = { custom_domain: 'ok.fr', shop_domain: 'ok' };
          for (const field of ['custom_domain', 'shop_domain'] as const) {
            const repaired = { ...body, [field]: valid[field] };
            if (!documentAccepts('updateLicense', 'body', repaired)) continue;
            expect(answer.body.errors?.[field], label).toBeDefined();
          }
        }
      }),
      { numRuns: 60 },
    );
  });

  it('profile: names, email, phone and shop domain accepted exactly when the document accepts them', async () => {
    const customer = await loggedInCustomer(server);
    const name = fromPattern(patterns.personName, [' a ', 'J', 'Jo', ` ${'x'.repeat(50)} `]);
    const email = fromPattern(patterns.email, [
      'jeanne@localhost',
      'jeanne@boutique.fr',
      "o'brien@boutique.fr",
      '"jeanne"@boutique.fr',
      'jeanne@[127.0.0.1]',
    ]);
    const phone = fromPattern(patterns.phone, [
      '',
      '  ',
      '+33 6 12 34 56 78',
      '06 12',
      '+',
      '++33',
    ]);
    await fc.assert(
      fc.asyncProperty(
        name,
        email,
        phone,
        shopDomain,
        async (first_name, address, phoneNumber, shop_domain) => {
          // One customer's own values never collide: a fresh suffix keeps email and shop free.
          const body = {
            first_name,
            last_name: 'Durand',
            email: address,
            phone: phoneNumber,
            shop_domain,
          };
          const answer = await call(server, 'PUT', '/api/client/profile', {
            token: customer.accessToken,
            body,
          });
          const label = JSON.stringify(body);
          expect(answer.status, label).toBe(
            documentAccepts('updateProfile', 'body', body) ? 200 : 400,
          );
        },
      ),
      { numRuns: 60 },
    );
  });

  it('new password of a change: accepted exactly when the document accepts it', async () => {
    const customer = await loggedInCustomer(server);
    let current = customer.password;
    const candidate = fc.oneof(
      fc.constantFrom('Nouveau123', 'sansmajuscule1', 'SANSMINUSCULE1', 'SansChiffre', 'Court1A'),
      fc
        .tuple(fc.string({ minLength: 5, maxLength: 12 }), fc.constantFrom('aB1', 'ab1', 'AB1'))
        .map(([text, classes]) => `${text}${classes}`),
    );
    await fc.assert(
      fc.asyncProperty(candidate, async (next) => {
        const body = { current_password: current, new_password: next, confirm_password: next };
        const answer = await call<{ errors?: Record<string, string> }>(
          server,
          'PUT',
          '/api/client/auth/change-password',
          { token: customer.accessToken, body },
        );
        if (documentAccepts('changePassword', 'body', body)) {
          expect(answer.status, next).toBe(200);
          current = next;
        } else {
          expect(answer.status, next).toBe(400);
          expect(answer.body.errors?.new_password, next).toBeDefined();
        }
      }),
      { numRuns: 25 },
    );
  });

  it('states the refusals with the forms’ words, all fields at once', async () => {
    const register = await call(server, 'POST', '/api/client/auth/register', {
      body: {
        email: 'jeanne@localhost',
        password: 'Secret123',
        first_name: ' J ',
        last_name: 'Durand',
        shop_domain: 'ma boutique',
      },
    });
    expect(register.status).toBe(400);
    expect(register.body).toEqual({
      message: messages.http[422],
      errors: {
        email: messages.validation.emailInvalid,
        first_name: messages.validation.firstNameLength,
        shop_domain: messages.validation.shopDomainInvalid,
      },
    });
    const licence = await loggedInCustomer(server);
    const blank = await call(server, 'POST', '/api/client/licenses', {
      token: licence.accessToken,
      body: { custom_domain: 'pas un domaine', shop_domain: '   ' },
    });
    expect(blank.body).toEqual({
      message: messages.licences.badRequest,
      errors: {
        custom_domain: messages.validation.customDomainInvalid,
        shop_domain: messages.validation.shopDomainRequired,
      },
    });
  });

  it('refuses a confirmation that differs from the new password (the rule its description states)', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'PUT', '/api/client/auth/change-password', {
      token: customer.accessToken,
      body: {
        current_password: customer.password,
        new_password: 'Nouveau123',
        confirm_password: 'Nouveau124',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      errors: { confirm_password: messages.validation.passwordsMismatch },
    });
  });

  it('theme file names: refused exactly when the document refuses them, naming the field', async () => {
    const customer = await loggedInCustomer(server);
    // fast-check draws no lookahead: the pattern without its `..` clause, which the misses try.
    const filename = fromPattern(/^[A-Za-z0-9][A-Za-z0-9._-]*$/, [
      '.env',
      'a..zip',
      'x y.zip',
      'theme-boutique.zip',
      'autre.zip',
      'v1..2.zip',
      // Past 100 characters the router itself answers 404 (a path id longer than any stored).
    ]).filter((name) => name !== '' && name !== '.' && name !== '..' && name.length <= 100);
    await fc.assert(
      fc.asyncProperty(filename, async (name) => {
        const answer = await server.app.inject({
          method: 'GET',
          url: `/api/client/download-zip/${encodeURIComponent(name)}`,
          headers: { authorization: `Bearer ${customer.accessToken}` },
        });
        if (documentAccepts('downloadTheme', 'params', { filename: name })) {
          expect([200, 404], name).toContain(answer.statusCode);
        } else {
          expect(answer.statusCode, name).toBe(400);
          // As in the forms, spaces alone are a missing value.
          const message =
            name.trim() === '' ? messages.validation.filenameRequired : texts.theme.invalidFilename;
          expect(answer.json(), name).toMatchObject({ errors: { filename: message } });
        }
      }),
      { numRuns: 60 },
    );
  });

  it('refuses NUL in any string, naming the field', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'POST', '/api/stripe/customers', {
      token: customer.accessToken,
      body: { name: 'Jeanne\u0000Durand' },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      message: messages.http[422],
      errors: { name: texts.validation.fieldInvalid },
    });
  });

  it('refuses a return URL outside the allowed origins (the rule its description states)', async () => {
    const answer = await call(server, 'POST', '/api/stripe/checkout-sessions', {
      body: {
        plan_id: 'scale',
        billingCycle: 'monthly',
        successUrl: SUCCESS_URL_SENT,
        cancelUrl: 'https://attaquant.example/retour',
      },
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ errors: { cancelUrl: texts.payments.returnUrlRefused } });
  });
});

describe('a JSON body of null where an object is expected (docs/api.md#validation)', () => {
  it('answers 400 as `[]` does, while no body at all stays allowed', async () => {
    const customer = await loggedInCustomer(server);
    const send = (rawBody: string) =>
      call(server, 'POST', '/api/stripe/customers', {
        token: customer.accessToken,
        rawBody,
        headers: { 'content-type': 'application/json' },
      });
    const asArray = await send('[]');
    const asNull = await send('null');
    expect(asArray.status).toBe(400);
    expect(asNull.status).toBe(400);
    expect(asNull.body).toEqual(asArray.body);
    expect(asNull.body).toEqual({
      message: messages.http[422],
      errors: { body: texts.validation.fieldType },
    });
    expect((await send('')).status).toBe(200);
    const bodiless = await call(server, 'POST', '/api/stripe/customers', {
      token: customer.accessToken,
    });
    expect(bodiless.status).toBe(200);
  });

  it('answers 400 for null on every operation whose body is an object', async () => {
    const customer = await loggedInCustomer(server);
    for (const op of contractOperations().filter((candidate) => candidate.body !== undefined)) {
      const answer = await server.app.inject({
        method: op.method.toUpperCase() as 'POST',
        url: op.path.replace(/\{[^}]+\}/g, 'x'),
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${customer.accessToken}`,
          'stripe-signature': 't=1,v1=x',
        },
        payload: 'null',
      });
      // A guard may answer first (401, 403); never a 2xx nor a 5xx.
      expect(answer.statusCode, op.operationId).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, op.operationId).toBeLessThan(500);
    }
  });
});

describe('a known path with a method it does not have (docs/api.md#errors-outside-the-operations)', () => {
  it('answers 405 with Allow listing the path’s methods, in French with the headers', async () => {
    for (const [method, url, allow] of [
      ['DELETE', '/api/client/plans', 'GET, HEAD'],
      ['GET', '/auth/refresh', 'POST'],
      ['PATCH', '/api/client/licenses/abc', 'DELETE, PUT'],
      ['POST', '/api/client/profile', 'GET, HEAD, PUT'],
      ['PUT', '/api/stripe/customers/cus_1/subscription?x=1', 'GET, HEAD'],
    ] as const) {
      const answer = await server.app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(405);
      expect(answer.headers.allow, `${method} ${url}`).toBe(allow);
      expect(answer.json()).toEqual({ message: texts.http.methodNotAllowed });
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps 404 for a path no route serves', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/client/licenses/abc/extra'],
      ['GET', '/API/client/plans'],
    ] as const) {
      const answer = await server.app.inject({ method, url });
      expect(answer.statusCode, `${method} ${url}`).toBe(404);
      expect(answer.headers.allow).toBeUndefined();
      expect(answer.json()).toEqual({ message: messages.http[404] });
    }
  });
});
