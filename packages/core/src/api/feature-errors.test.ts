import { describe, expect, it } from 'vitest';
import { licenceErrorMessage } from '../licences/licences.rules.ts';
import { passwordChangeErrorMessage } from '../password/password.rules.ts';
import { profileUpdateErrorMessage } from '../profile/profile.rules.ts';
import { sessionFailureMessage } from '../onboarding/onboarding.machine.ts';
import { messages } from '../domain/messages.ts';
import { ApiError } from './errors.ts';
import { messageFor, type FeatureErrorTable } from './feature-errors.ts';

const http = (status: number, message?: string) =>
  new ApiError({ kind: 'http', status, ...(message ? { data: { message } } : {}) });

const table: FeatureErrorTable = {
  byStatus: { 400: { serverMessageOr: 'Données invalides' }, 409: 'Conflit', '5xx': 'Panne' },
  fallback: 'Autre chose',
};

describe('messageFor, the one way feature errors are worded', () => {
  it('an exact status, then its class, then the fallback', () => {
    expect(messageFor(http(409, 'mots du serveur'), table)).toBe('Conflit');
    expect(messageFor(http(503), table)).toBe('Panne');
    expect(messageFor(http(418), table)).toBe('Autre chose');
  });

  it('`serverMessageOr` gives way to the server words, else its own text', () => {
    expect(messageFor(http(400, 'Domaine invalide'), table)).toBe('Domaine invalide');
    expect(messageFor(http(400), table)).toBe('Données invalides');
  });

  it('anything but an ApiError gets the fallback', () => {
    expect(messageFor(new TypeError('boom'), table)).toBe('Autre chose');
    expect(messageFor(undefined, { fallback: { serverMessageOr: 'Repli' } })).toBe('Repli');
  });

  it("preferServerMessage puts the server's words before the table", () => {
    const preferring = { ...table, preferServerMessage: true };
    expect(messageFor(http(409, 'Déjà pris'), preferring)).toBe('Déjà pris');
    expect(messageFor(http(409), preferring)).toBe('Conflit');
  });

  it("`apiMessageOr` uses the client's French message for the failure", () => {
    const api = {
      byStatus: { 401: 'Mot de passe incorrect' },
      fallback: { apiMessageOr: 'Repli' },
    };
    expect(messageFor(http(401), api)).toBe('Mot de passe incorrect');
    expect(messageFor(http(429), api)).toBe('Trop de requêtes - veuillez patienter');
    const timeout = new ApiError({ kind: 'timeout', status: 0, message: messages.http.timeout });
    expect(messageFor(timeout, api)).toBe('Timeout de la requête dépassé');
    expect(messageFor(new Error('x'), api)).toBe('Repli');
  });
});

/** The tables of docs/product.md#feature-errors. */
describe("the features' tables", () => {
  it('profile update', () => {
    expect(profileUpdateErrorMessage(http(400, 'Téléphone refusé'))).toBe('Téléphone refusé');
    expect(profileUpdateErrorMessage(http(400))).toBe('Données invalides');
    expect(profileUpdateErrorMessage(http(409))).toBe('Cet email ou ce domaine est déjà utilisé');
    expect(profileUpdateErrorMessage(http(401))).toBe('Session expirée, veuillez vous reconnecter');
    expect(profileUpdateErrorMessage(http(500))).toBe('Erreur lors de la mise à jour du profil');
  });

  it('password change', () => {
    expect(passwordChangeErrorMessage(http(400))).toBe('Données invalides');
    expect(passwordChangeErrorMessage(http(401))).toBe('Mot de passe actuel incorrect');
    expect(passwordChangeErrorMessage(http(500))).toBe('Erreur lors du changement de mot de passe');
  });

  it('licences: the server message first', () => {
    expect(licenceErrorMessage(http(409, 'Domaine déjà pris'))).toBe('Domaine déjà pris');
    expect(licenceErrorMessage(http(403))).toBe(
      "Vous n'avez pas les permissions pour effectuer cette action",
    );
  });

  it('onboarding session check: a refusal is an invalid session, no answer a failed check', () => {
    expect(sessionFailureMessage(http(404))).toBe('Session de paiement invalide ou expirée');
    expect(sessionFailureMessage(new ApiError({ kind: 'network', status: 0 }))).toBe(
      'Erreur lors de la vérification du paiement',
    );
    expect(sessionFailureMessage(http(500))).toBe('Erreur lors de la vérification du paiement');
  });
});
