import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiError, isApiError, messageForStatus } from './errors.ts';

const fixedTexts: Record<number, string> = {
  401: 'Session expirée, veuillez vous reconnecter',
  403: 'Accès refusé - permissions insuffisantes',
  404: 'Ressource non trouvée',
  422: 'Données invalides',
  429: 'Trop de requêtes - veuillez patienter',
  500: 'Erreur serveur interne',
  503: 'Service temporairement indisponible',
};
const fixedStatuses = Object.keys(fixedTexts).map(Number);
/** A gateway failure without words of its own reads as the 503 text. */
const gatewayStatuses = [502, 504];
const status = fc.integer({ min: 100, max: 599 });
const otherStatus = status.filter((code) => !fixedStatuses.includes(code));
const plainStatus = otherStatus.filter((code) => !gatewayStatuses.includes(code));
const anyBody = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.record({ message: fc.anything(), error: fc.anything() }, { requiredKeys: [] }),
);
// Readable words: no markup, no JSON, at most 300 characters.
const words = fc
  .string({ minLength: 1, maxLength: 300 })
  .filter((text) => text.trim() !== '' && !text.includes('<') && !/^\s*[[{]/.test(text));
const blank = fc.constantFrom('', ' ', '\n\t');

describe('messageForStatus (docs/product.md#http-status-texts)', () => {
  it('gives a non-empty message for any status and any body', () => {
    fc.assert(
      fc.property(status, anyBody, (code, body) => {
        const message = messageForStatus(code, body);
        expect(typeof message).toBe('string');
        expect(message.trim()).not.toBe('');
        expect(new ApiError({ kind: 'http', status: code, data: body }).message).toBe(message);
      }),
    );
  });

  it('uses the fixed text for 401, 403, 404, 422, 429, 500 and 503 whatever the body says', () => {
    fc.assert(
      fc.property(fc.constantFrom(...fixedStatuses), anyBody, (code, body) => {
        expect(messageForStatus(code, body)).toBe(fixedTexts[code]);
      }),
    );
  });

  it("otherwise prefers the body's message, then its error", () => {
    fc.assert(
      fc.property(otherStatus, words, words, (code, message, error) => {
        expect(messageForStatus(code, { message, error })).toBe(message);
        expect(messageForStatus(code, { message: '', error })).toBe(error);
        expect(messageForStatus(code, { error })).toBe(error);
      }),
    );
  });

  it('otherwise gives the raw text', () => {
    fc.assert(
      fc.property(otherStatus, words, (code, text) => {
        expect(messageForStatus(code, text)).toBe(text);
      }),
    );
  });

  it('ignores words no person should read: markup, JSON, dumps over 300 characters', () => {
    const unreadable = fc.oneof(
      fc.constant('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>'),
      fc.constant('<html><body>Erreur</body></html>'),
      fc.constant('{"message": "tronqu'),
      fc.constant('[1, 2,'),
      fc.string({ minLength: 301, maxLength: 2000 }).filter((text) => text.trim().length > 300),
    );
    fc.assert(
      fc.property(plainStatus, unreadable, (code, text) => {
        expect(messageForStatus(code, text)).toBe(`Erreur HTTP ${code}`);
        expect(messageForStatus(code, { message: text })).toBe(`Erreur HTTP ${code}`);
        expect(messageForStatus(code, { error: text })).toBe(`Erreur HTTP ${code}`);
        expect(
          new ApiError({ kind: 'http', status: code, data: text }).serverMessage,
        ).toBeUndefined();
      }),
    );
  });

  it("otherwise gives 'Erreur HTTP {status}'", () => {
    const nothingToSay = fc.oneof(
      fc.constant(undefined),
      fc.constant(null),
      blank,
      fc.integer(),
      fc.record({ message: fc.oneof(blank, fc.integer()), error: fc.oneof(blank, fc.boolean()) }),
    );
    fc.assert(
      fc.property(plainStatus, nothingToSay, (code, body) => {
        expect(messageForStatus(code, body)).toBe(`Erreur HTTP ${code}`);
      }),
    );
  });

  it("shows 502 and 504 answers without a usable message as 'Service temporairement indisponible'", () => {
    const gatewayPage = '<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>';
    for (const code of gatewayStatuses) {
      for (const body of [undefined, null, '', gatewayPage, { message: gatewayPage }, {}]) {
        expect(messageForStatus(code, body)).toBe('Service temporairement indisponible');
      }
      // A gateway that explains itself in words keeps them.
      expect(messageForStatus(code, { message: 'Maintenance en cours' })).toBe(
        'Maintenance en cours',
      );
    }
  });
});

describe('ApiError', () => {
  it('carries status, data, kind, Retry-After and the server message', () => {
    const error = new ApiError({
      kind: 'http',
      status: 429,
      data: { message: 'Ralentissez' },
      retryAfterSeconds: 30,
    });
    expect(error).toBeInstanceOf(Error);
    expect(isApiError(error)).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(error.message).toBe('Trop de requêtes - veuillez patienter');
    expect(error.serverMessage).toBe('Ralentissez');
    expect(error.retryAfterSeconds).toBe(30);
    expect(error.name).toBe('ApiError');
  });

  it('is retryable for timeouts, network failures, 429, 502, 503 and 504 only', () => {
    const retryable = (init: ConstructorParameters<typeof ApiError>[0]) =>
      new ApiError(init).retryable;
    expect(retryable({ kind: 'timeout', status: 0 })).toBe(true);
    expect(retryable({ kind: 'network', status: 0 })).toBe(true);
    for (const code of [429, 502, 503, 504])
      expect(retryable({ kind: 'http', status: code })).toBe(true);
    for (const code of [400, 401, 403, 404, 409, 422, 500]) {
      expect(retryable({ kind: 'http', status: code })).toBe(false);
    }
    expect(retryable({ kind: 'session-expired', status: 401 })).toBe(false);
    expect(retryable({ kind: 'refresh-failed', status: 401 })).toBe(false);
  });

  it('exposes field errors from an { errors: { field: message } } body', () => {
    const error = new ApiError({
      kind: 'http',
      status: 400,
      data: { message: 'Données invalides', errors: { email: "Format d'email invalide", n: 3 } },
    });
    expect(error.fieldErrors).toEqual({ email: "Format d'email invalide" });
    expect(new ApiError({ kind: 'http', status: 400, data: null }).fieldErrors).toEqual({});
  });
});
