import { describe, expect, test } from 'vitest';
import { fieldGetter } from './view-kit.ts';

describe('view kit: the field(name) getter of a form view', () => {
  test('gives each field its name, value, error and the command that changes it', () => {
    const changes: [string, string][] = [];
    const field = fieldGetter(
      { email: 'jeanne@boutique.fr', password: '' },
      { password: 'Le mot de passe est requis' },
      (name, value) => changes.push([name, value]),
    );
    const email = field('email');
    expect(email).toMatchObject({
      name: 'email',
      value: 'jeanne@boutique.fr',
      errorMessage: undefined,
    });
    expect(field('password')).toMatchObject({
      name: 'password',
      value: '',
      errorMessage: 'Le mot de passe est requis',
    });
    email.onChange('autre@boutique.fr');
    field('password').onChange('Secret123');
    expect(changes).toEqual([
      ['email', 'autre@boutique.fr'],
      ['password', 'Secret123'],
    ]);
  });
});
