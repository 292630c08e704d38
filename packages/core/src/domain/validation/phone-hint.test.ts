import { expect, test } from 'vitest';
import { messages } from '../messages.ts';
import { isValidPhone } from './form.ts';
import { validateProfile, type ProfileValues } from './profile.ts';

const profile: ProfileValues = {
  first_name: 'Jeanne',
  last_name: 'Durand',
  email: 'jeanne@boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  phone: '',
  company_name: '',
};

test('the phone field says which format it expects, and its example is accepted', () => {
  expect(messages.validation.phoneHint).toBe('Format international, par exemple +33 6 12 34 56 78');
  const example = messages.validation.phoneHint.replace(/^.*par exemple /, '');
  expect(isValidPhone(example)).toBe(true);
  expect(validateProfile({ ...profile, phone: example }).success).toBe(true);
});

test('the rule itself is unchanged: a national number starting with 0 is refused', () => {
  expect(isValidPhone('06 12 34 56 78')).toBe(false);
  const result = validateProfile({ ...profile, phone: '06 12 34 56 78' });
  expect(result.success).toBe(false);
  expect(result.success ? undefined : result.errors.phone).toBe('Format de téléphone invalide');
});
