import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { isValidCustomDomain, isValidShopDomain } from '../domains.ts';
import { isValidPhone } from './form.ts';
import { NEW_PASSWORD_MIN_LENGTH } from './new-password.ts';
import { passwordClasses, patterns, type PatternName } from './patterns.ts';

type Node = null | boolean | number | string | Node[] | { [key: string]: Node };
type Schema = { [key: string]: Node };

const contractFile = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../../openapi/portal.yaml',
);
const contract = parse(readFileSync(contractFile, 'utf8')) as Schema;

function resolveRef(node: Node): Node {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const ref = node.$ref;
  if (typeof ref !== 'string') return node;
  const target = ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<Node>((at, key) => (at as Schema)[key] ?? null, contract);
  return resolveRef(target);
}

/** Every string schema of a request (parameters and JSON bodies), `$ref`s followed. */
function requestStrings(): { where: string; schema: Schema }[] {
  const found: { where: string; schema: Schema }[] = [];
  const visit = (node: Node, where: string): void => {
    const schema = resolveRef(node);
    if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return;
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (types.includes('string')) found.push({ where, schema });
    for (const [name, property] of Object.entries((schema.properties ?? {}) as Schema)) {
      visit(property, `${where}.${name}`);
    }
    for (const key of ['items', 'additionalProperties'] as const) {
      if (typeof schema[key] === 'object') visit(schema[key], `${where}[${key}]`);
    }
    for (const key of ['oneOf', 'anyOf', 'allOf'] as const) {
      ((schema[key] ?? []) as Node[]).forEach((item, index) =>
        visit(item, `${where}.${key}${index}`),
      );
    }
  };
  for (const [path, item] of Object.entries(contract.paths as Schema)) {
    const pathItem = item as Schema;
    for (const [method, value] of Object.entries(pathItem)) {
      if (method === 'parameters') continue;
      const operation = value as Schema;
      const parameters = [
        ...((pathItem.parameters ?? []) as Node[]),
        ...((operation.parameters ?? []) as Node[]),
      ].map((parameter) => resolveRef(parameter) as Schema);
      for (const parameter of parameters) {
        visit(parameter.schema ?? null, `${method} ${path} ${String(parameter.name)}`);
      }
      const body = (resolveRef(operation.requestBody ?? null) as Schema | null)?.content as
        Schema | undefined;
      for (const [mediaType, content] of Object.entries(body ?? {})) {
        visit((content as Schema).schema ?? null, `${method} ${path} ${mediaType}`);
      }
    }
  }
  return found;
}

const sourceOf = new Map<string, PatternName>(
  Object.entries(patterns).map(([name, regex]) => [regex.source, name as PatternName]),
);

function schemaNamed(name: string): Schema {
  return (contract.components as { schemas: Record<string, Schema> }).schemas[name] as Schema;
}

function requestBody(path: string, method: string): Schema {
  const operation = (contract.paths as Record<string, Record<string, Schema>>)[path]?.[method];
  const content = (operation?.requestBody as Schema).content as Schema;
  return resolveRef((content['application/json'] as Schema).schema ?? null) as Schema;
}

function property(schema: Schema, name: string): Schema {
  return resolveRef((schema.properties as Schema)[name] ?? null) as Schema;
}

describe('one definition of each text rule for client, server and contract', () => {
  it('states every rule in openapi/portal.yaml with the core pattern, word for word', () => {
    expect(schemaNamed('Email').pattern).toBe(patterns.email.source);
    expect(schemaNamed('CustomDomainInput').pattern).toBe(patterns.customDomain.source);
    expect(schemaNamed('ShopDomainInput').pattern).toBe(patterns.shopDomain.source);
    expect(property(schemaNamed('LicenceVerificationRequest'), 'shop').pattern).toBe(
      patterns.shopifyDomain.source,
    );
    expect(schemaNamed('NewPassword').pattern).toBe(patterns.strongPassword.source);
    expect(schemaNamed('Id').pattern).toBe(patterns.id.source);
    expect(schemaNamed('PersonName').pattern).toBe(patterns.personName.source);
    expect(property(requestBody('/api/client/profile', 'put'), 'phone').pattern).toBe(
      patterns.phone.source,
    );
    const download = (contract.paths as Record<string, Record<string, Schema>>)[
      '/api/client/download-zip/{filename}'
    ]?.get?.parameters as Schema[];
    expect((download[0]?.schema as Schema).pattern).toBe(patterns.themeFilename.source);
  });

  it('gives every password a person chooses the one new-password rule (docs/product.md#new-passwords)', () => {
    const newPassword = schemaNamed('NewPassword');
    expect(newPassword.minLength).toBe(NEW_PASSWORD_MIN_LENGTH);
    const change = requestBody('/api/client/auth/change-password', 'put');
    expect(property(change, 'new_password')).toBe(newPassword);
    for (const [path, method] of [
      ['/admin/auth/reset-password', 'post'],
      ['/api/client/auth/register', 'post'],
      ['/api/onboarding/register/finalize', 'post'],
    ] as const) {
      expect(property(requestBody(path, method), 'password'), path).toBe(newPassword);
    }
    // Equality cannot be a JSON Schema rule: the description states it for people and tools.
    expect(String(property(change, 'confirm_password').description)).toMatch(/new_password/);
  });

  it('gives every string a request carries a core pattern (so NUL is refused everywhere)', () => {
    const strings = requestStrings();
    expect(strings.length).toBeGreaterThan(40);
    const unruled = strings
      .filter(({ schema }) => !Array.isArray(schema.enum))
      .filter(({ schema }) => !sourceOf.has(String(schema.pattern)))
      .map(({ where, schema }) => `${where}: ${String(schema.pattern)}`);
    expect(unruled).toEqual([]);
  });

  it('states that return URLs must be on an allowed origin', () => {
    expect(String(schemaNamed('ReturnUrl').description)).toMatch(/origin/);
    const successUrl = property(requestBody('/api/stripe/checkout-sessions', 'post'), 'successUrl');
    expect(String(successUrl.description)).toMatch(/origin/);
  });
});

describe('the patterns', () => {
  it('each refuse NUL anywhere', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...Object.values(patterns)),
        fc.string(),
        fc.string(),
        (regex, before, after) => {
          expect(regex.test(`${before}\u0000${after}`)).toBe(false);
        },
      ),
    );
  });

  it('email: a dot in the domain, labels of letters, digits and hyphens', () => {
    for (const good of ['jeanne@boutique.fr', "o'brien+shop@mail.example.co", 'A.B@X-1.IO']) {
      expect(patterns.email.test(good), good).toBe(true);
    }
    for (const bad of [
      'jeanne@boutique',
      'jeanne@localhost',
      '"quoted"@boutique.fr',
      'jeanne@[127.0.0.1]',
      'a..b@boutique.fr',
      'jeanne@-boutique.fr',
      'jeanne@boutique.fr ',
      'jeanne@bout_ique.fr',
      `jeanne@${'x'.repeat(64)}.fr`,
    ]) {
      expect(patterns.email.test(bad), bad).toBe(false);
    }
  });

  it('domains: custom has two labels or more, the shop one label with an optional suffix', () => {
    expect(isValidCustomDomain('boutique.fr')).toBe(true);
    expect(isValidCustomDomain('www.ma-boutique.example.fr')).toBe(true);
    expect(isValidCustomDomain('boutique')).toBe(false);
    expect(isValidCustomDomain('-boutique.fr')).toBe(false);
    expect(isValidCustomDomain(`${'a'.repeat(64)}.fr`)).toBe(false);
    expect(isValidShopDomain('boutique')).toBe(true);
    expect(isValidShopDomain(' Boutique.MyShopify.com ')).toBe(true);
    expect(isValidShopDomain('a.b')).toBe(false);
    expect(isValidShopDomain('boutique.myshopify.com.myshopify.com')).toBe(false);
    // Spaces around are trimmed by the server; inside, they break the label.
    expect(patterns.shopDomain.test(' boutique ')).toBe(true);
    expect(patterns.shopDomain.test('bou tique')).toBe(false);
    expect(patterns.customDomain.test(' boutique.fr ')).toBe(true);
    expect(patterns.customDomain.test('boutique .fr')).toBe(false);
  });

  it('phone: the same answer as "spaces removed, then + and 1 to 16 digits not starting with 0"', () => {
    const spaced = fc
      .array(fc.constantFrom('+', ' ', '0', '1', '5', '9', 'a', '\t'), { maxLength: 22 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(spaced, (phone) => {
        const compact = phone.replace(/\s/g, '');
        expect(isValidPhone(phone)).toBe(compact === '' || /^\+?[1-9]\d{0,15}$/.test(compact));
      }),
      { numRuns: 2000 },
    );
  });

  it('person name: the same answer as the forms (2 to 50 characters once trimmed)', () => {
    const text = fc
      .array(fc.constantFrom('a', 'é', ' ', '\t', '\n', '-'), { maxLength: 56 })
      .map((chars) => chars.join(''));
    fc.assert(
      fc.property(text, (value) => {
        const trimmed = value.trim().length;
        expect(patterns.personName.test(value)).toBe(trimmed >= 2 && trimmed <= 50);
      }),
      { numRuns: 2000 },
    );
  });

  it('new password: a lowercase letter, an uppercase letter and a digit, anywhere', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 30 }), (password) => {
        const expected =
          !password.includes('\u0000') &&
          Object.values(passwordClasses).every((characterClass) => characterClass.test(password));
        expect(patterns.strongPassword.test(password)).toBe(expected);
      }),
      { numRuns: 2000 },
    );
    expect(patterns.strongPassword.test('Nouveau123')).toBe(true);
    expect(patterns.strongPassword.test('1\nA\nb')).toBe(true);
    expect(patterns.strongPassword.test('sansmajuscule1')).toBe(false);
  });

  it('theme file name: no path, no leading dot, no `..`', () => {
    // Versioned archives (packages/theme, themeArchiveFilename) pass too.
    for (const good of [
      'theme-boutique.zip',
      'theme-boutique-2.1.0.zip',
      'theme-boutique-3.0.0-beta.1.zip',
      'a',
      'v1.2_final.zip',
    ]) {
      expect(patterns.themeFilename.test(good), good).toBe(true);
    }
    for (const bad of ['.zip', '../x.zip', 'a..zip', 'a/b.zip', 'a\\b.zip', 'x y.zip', '']) {
      expect(patterns.themeFilename.test(bad), bad).toBe(false);
    }
  });

  it('stays linear on long hostile text (the server tests every pattern even past maxLength)', () => {
    const long = ' '.repeat(200_000);
    const hostile = [
      `${long}x`,
      `1${long}x`,
      `a@${'a'.repeat(200_000)}!`,
      `${'a-'.repeat(100_000)}!`,
    ];
    const timed = (pattern: (regex: RegExp) => RegExp) => {
      const started = performance.now();
      for (const regex of Object.values(patterns)) {
        for (const text of hostile) pattern(regex).test(text);
      }
      return performance.now() - started;
    };
    // The same texts through a pattern linear by construction, timed alongside: a busy machine
    // slows both alike, while a super-linear pattern costs thousands of times more on 200 000
    // characters. A bound relative to it, not to the wall clock, keeps the test from failing
    // only because the machine was busy.
    const linear = timed(() => patterns.text);
    const elapsed = timed((regex) => regex);
    expect(elapsed).toBeLessThan(Math.max(2_000, 200 * linear));
  });
});
