import {
  builtInPlans,
  type Admin,
  type CurrentSubscription,
  type Customer,
  type Establishment,
  type Licence,
} from '@portal/core';

/**
 * The one sample data set of component tests and stories: a merchant on the Scale plan with two
 * licences. The sample backend (`sampleBackend.ts`) answers from a copy of it.
 */
/** The vendor's admin of the back office's tests and stories. */
export const sampleAdmin: Admin = {
  _id: 'a1',
  email: 'admin@theme-portal.test',
  first_name: 'Ada',
  last_name: 'Lovelace',
  role: 'admin',
};

export const sampleUser: Customer = {
  _id: 'c1',
  email: 'marie.curie@boutique-exemple.fr',
  first_name: 'Marie',
  last_name: 'Curie',
  phone: '+33 6 12 34 56 78',
  company_name: 'Boutique Exemple',
  shop_domain: 'boutique-exemple.myshopify.com',
  stripe_customer_id: 'cus_sample',
};

export const samplePassword = 'Demo1234!';

export const sampleLicences: Licence[] = [
  {
    _id: 'l1',
    custom_domain: 'boutique-exemple.fr',
    shop_domain: 'boutique-exemple.myshopify.com',
    theme_name: 'Theme Portal',
    status: 'active',
    expires_at: '2027-03-15T10:00:00.000Z',
  },
  {
    _id: 'l2',
    custom_domain: 'atelier-cuir.com',
    shop_domain: 'atelier-cuir.myshopify.com',
    theme_name: 'Theme Portal',
    status: 'active',
    expires_at: '2026-12-01T10:00:00.000Z',
  },
];

type SubscriptionFields = Partial<NonNullable<CurrentSubscription['subscription']>>;

const scale = {
  name: 'Scale',
  price: 39.99,
  plan_id: 'scale',
  billingCycle: 'monthly',
  status: 'active',
  current_period_end: '2026-12-22T10:00:00.000Z',
  trial_end: null,
  cancel_at_period_end: false,
} as const satisfies SubscriptionFields;

/** Scale: 3 licences; usage is computed from the licences the backend holds. */
export const sampleSubscription: CurrentSubscription = {
  hasSubscription: true,
  subscription: scale,
  usage: { licensesUsed: 2, licensesLimit: 3, licensesRemaining: 1 },
};

/** The sample subscription with other fields (status, plan, dates). */
export function subscriptionWith(fields: SubscriptionFields, limit = 3): CurrentSubscription {
  const status = fields.status ?? 'active';
  return {
    hasSubscription: status === 'trialing' || status === 'active' || status === 'past_due',
    subscription: { ...scale, ...fields },
    usage: { ...sampleSubscription.usage, licensesLimit: limit },
  };
}

const basicPlan: SubscriptionFields = {
  name: 'Basic',
  price: 19.99,
  plan_id: 'basic',
  current_period_end: null,
};

/** The signup's trial: the Basic plan (1 licence) until `trialEnd`. */
export function trialSubscription(trialEnd: string): CurrentSubscription {
  return subscriptionWith({ ...basicPlan, status: 'trialing', trial_end: trialEnd }, 1);
}

/** A trial with five days left from when the stories load (tests set their own clock and end). */
export const sampleTrialSubscription = trialSubscription(
  new Date(Date.now() + 5 * 24 * 60 * 60 * 1000).toISOString(),
);

/** The trial ran out unpaid: no access, the licences are listed inactive. */
export const sampleTrialEndedSubscription = subscriptionWith(
  { ...basicPlan, status: 'trial_ended', trial_end: '2026-11-15T10:00:00.000Z' },
  1,
);

/** Scale, cancelled by the customer: active until 22 December 2026. */
export const sampleCancellingSubscription = subscriptionWith({ cancel_at_period_end: true });

/** Scale, ended (cancelled at its period's end). */
export const sampleCanceledSubscription = subscriptionWith({
  status: 'canceled',
  current_period_end: '2026-11-01T10:00:00.000Z',
  cancel_at_period_end: true,
});

/** Scale, its last payment failed: access kept while the provider retries. */
export const samplePastDueSubscription = subscriptionWith({ status: 'past_due' });

/** A customer with no subscription (the usage card's limit is 0). */
export const noSubscription: CurrentSubscription = {
  hasSubscription: false,
  subscription: null,
  usage: { licensesUsed: 0, licensesLimit: 0, licensesRemaining: 0 },
};

export const samplePlans = builtInPlans;

/** What the establishment search suggests (the signup's step 2). */
export const sampleEstablishments: Establishment[] = [
  {
    id: 'p1',
    name: 'Le Petit Bistrot',
    address: '12 rue de la Paix, 75002 Paris',
    phone: '+33 1 42 00 00 01',
    types: ['restaurant'],
  },
  {
    id: 'p2',
    name: 'Bistrot des Halles',
    address: '4 rue Montorgueil, 75001 Paris',
    phone: null,
    types: ['restaurant', 'bar'],
  },
];

/** A paid checkout session the onboarding verifies, billed to a provider customer of its own. */
export const samplePaidSession = {
  id: 'cs_sample',
  customerId: 'cus_sample_checkout',
  email: 'nouveau@boutique-exemple.fr',
  planDetails: { id: 'scale', name: 'Scale', price: 407.89 },
  billingCycle: 'yearly' as const,
  amountTotal: 40789,
};

/** A licence past its date (the list's 'Inactive' badge); the backend does not hold it at first. */
export const sampleExpiredLicence: Licence = {
  _id: 'l3',
  custom_domain: 'the-epicerie.fr',
  shop_domain: 'the-epicerie.myshopify.com',
  theme_name: 'Theme Portal',
  status: 'expired',
  expires_at: '2026-06-30T10:00:00.000Z',
};

/** A licence left out by a plan change: kept, inactive, taking no place. */
export const sampleInactiveLicence: Licence = {
  _id: 'l4',
  custom_domain: 'ancienne-boutique.fr',
  shop_domain: 'ancienne-boutique.myshopify.com',
  theme_name: 'Theme Portal',
  status: 'inactive',
  expires_at: null,
};
