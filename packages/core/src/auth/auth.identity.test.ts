import { describe, expect, it } from 'vitest';
import { authMachine } from './auth.machine.ts';
import { selectUserIdentity } from './auth.identity.ts';
import type { AuthUser } from './auth.types.ts';

const customer = {
  _id: 'c1',
  email: 'marie@boutique.fr',
  first_name: 'marie',
  last_name: 'Curie',
  shop_domain: 'boutique.myshopify.com',
  stripe_customer_id: 'cus_1',
} as AuthUser;

const withUser = (user: AuthUser | null) =>
  authMachine.resolveState({ value: 'unauthenticated', context: { user, userLoadFailures: 0 } });

describe('the sidebar user block', () => {
  it('shows the first name, its initial and the email', () => {
    expect(selectUserIdentity(withUser(customer))).toEqual({
      initial: 'M',
      firstName: 'marie',
      email: 'marie@boutique.fr',
    });
  });

  it("says 'Utilisateur' (U) without a first name or a user", () => {
    expect(selectUserIdentity(withUser({ ...customer, first_name: '' } as AuthUser))).toEqual({
      initial: 'U',
      firstName: 'Utilisateur',
      email: 'marie@boutique.fr',
    });
    expect(selectUserIdentity(withUser(null))).toEqual({
      initial: 'U',
      firstName: 'Utilisateur',
      email: null,
    });
  });
});
