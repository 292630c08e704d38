import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../auth/auth.types.ts';
import { profileMachine } from './profile.machine.ts';
import { selectProfileDetails } from './profile.selectors.ts';

const withUser = (user: AuthUser | null) =>
  profileMachine.resolveState({
    value: 'viewing',
    context: {
      user,
      subscription: null,
      loadError: null,
      form: {
        first_name: '',
        last_name: '',
        email: '',
        shop_domain: '',
        phone: '',
        company_name: '',
      },
      fieldErrors: {},
      saveError: null,
    },
  });

describe('the profile view mode', () => {
  it('shows each field, null where the user has nothing', () => {
    const user = {
      _id: 'c1',
      email: 'marie@boutique.fr',
      first_name: 'Marie',
      last_name: 'Curie',
      shop_domain: 'marie.myshopify.com',
      phone: null,
      company_name: '',
    } as AuthUser;
    expect(selectProfileDetails(withUser(user))).toEqual({
      first_name: 'Marie',
      last_name: 'Curie',
      email: 'marie@boutique.fr',
      phone: null,
      company_name: null,
      shop_domain: 'marie.myshopify.com',
    });
  });

  it('has nothing to show before the profile is loaded', () => {
    expect(selectProfileDetails(withUser(null))).toBeNull();
  });
});
