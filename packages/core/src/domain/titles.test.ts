import { expect, test } from 'vitest';
import { brandName, documentTitle, pageTitle } from './titles.ts';
import { initialsOf } from './initials.ts';

test.each([
  ['Dashboard', 'Tableau de bord'],
  ['Users', 'Utilisateurs'],
  ['Projects', 'Projets'],
  ['Analytics', 'Analytics'],
  ['Settings', 'Paramètres'],
  ['Login', 'Login'],
  ['LandingPage', 'LandingPage'],
  ['', 'SaaS App'],
  [undefined, 'SaaS App'],
  [null, 'SaaS App'],
])('page title of %s is %s', (name, title) => {
  expect(pageTitle(name)).toBe(title);
});

test.each([
  ['Connexion', 'Connexion · Theme Portal'],
  ['Accueil', 'Accueil · Theme Portal'],
  ['Dashboard', 'Tableau de bord · Theme Portal'],
  ['Settings', 'Paramètres · Theme Portal'],
  ['', 'Theme Portal'],
  [undefined, 'Theme Portal'],
  [null, 'Theme Portal'],
])('document title of %s is %s', (name, title) => {
  expect(documentTitle(name)).toBe(title);
});

test("the brand is spelt 'Theme Portal', without an accent", () => {
  expect(brandName).toBe('Theme Portal');
});

test('initials are the upper-cased first letters, ? without a user', () => {
  expect(initialsOf({ firstName: 'jean', lastName: 'dupont' })).toBe('JD');
  expect(initialsOf({ firstName: 'Élodie', lastName: null })).toBe('É');
  expect(initialsOf({ firstName: '', lastName: '' })).toBe('?');
  expect(initialsOf(null)).toBe('?');
  expect(initialsOf(undefined)).toBe('?');
});
