import type { AdminCustomerSummary, components } from '@portal/core';
import { json, type SampleAnswers } from './sampleBackend.ts';

type AdminCustomerDetail = components['schemas']['AdminCustomerDetail'];
type JournalEvent = components['schemas']['JournalEvent'];

/**
 * The back office's sample data, for its component tests and stories: two customers (one with
 * an account and a subscription, one payment awaiting its account), one customer's page, the
 * journal. `adminAnswers` answers the admin calls from it.
 */
export const sampleCustomers: AdminCustomerSummary[] = [
  {
    _id: 'c1',
    kind: 'account',
    email: 'marie.curie@boutique-exemple.fr',
    first_name: 'Marie',
    last_name: 'Curie',
    company_name: 'Boutique Exemple',
    shop_domain: 'boutique-exemple.myshopify.com',
    created_at: '2026-01-05T10:00:00.000Z',
    subscription: {
      plan_id: 'scale',
      plan_name: 'Scale',
      billing_cycle: 'monthly',
      status: 'active',
      mrr_cents: 4900,
    },
    licenses_used: 2,
  },
  {
    _id: 'cs_pending_1',
    kind: 'pending_account',
    email: 'paul.durand@exemple.fr',
    first_name: null,
    last_name: null,
    company_name: null,
    shop_domain: null,
    created_at: '2026-02-10T09:30:00.000Z',
    subscription: null,
    licenses_used: 0,
  },
];

const event = (fields: Partial<JournalEvent> & Pick<JournalEvent, '_id' | 'at' | 'type'>) =>
  ({
    actor: { kind: 'provider', id: null, email: null },
    customer_id: 'c1',
    customer_email: 'marie.curie@boutique-exemple.fr',
    licence_id: null,
    release_id: null,
    reason: null,
    plan_id: null,
    billing_cycle: null,
    amount_cents: null,
    mrr_before_cents: null,
    mrr_after_cents: null,
    details: {},
    ...fields,
  }) satisfies JournalEvent;

export const sampleJournal: JournalEvent[] = [
  event({
    _id: 'e4',
    at: '2026-03-01T08:00:00.000Z',
    type: 'password_reset_sent',
    actor: { kind: 'admin', id: 'a1', email: 'admin@theme-portal.test' },
    reason: 'Le client ne reçoit pas ses mails',
  }),
  event({
    _id: 'e3',
    at: '2026-02-05T10:00:00.000Z',
    type: 'payment_failed',
    amount_cents: 4900,
    plan_id: 'scale',
    billing_cycle: 'monthly',
  }),
  event({
    _id: 'e2',
    at: '2026-01-19T10:00:00.000Z',
    type: 'payment_succeeded',
    amount_cents: 4900,
    plan_id: 'scale',
    billing_cycle: 'monthly',
    mrr_before_cents: 0,
    mrr_after_cents: 4900,
  }),
  event({
    _id: 'e1',
    at: '2026-01-05T10:00:00.000Z',
    type: 'trial_started',
    plan_id: 'scale',
    billing_cycle: 'monthly',
  }),
];

export const sampleCustomerDetail: AdminCustomerDetail = {
  customer: {
    ...sampleCustomers[0]!,
    phone: '+33 6 12 34 56 78',
    stripe_customer_id: 'cus_sample',
  },
  subscription: {
    plan_id: 'scale',
    plan_name: 'Scale',
    billing_cycle: 'monthly',
    status: 'active',
    price_cents: 4900,
    mrr_cents: 4900,
    current_period_end: '2026-03-19T10:00:00.000Z',
    trial_end: '2026-01-19T10:00:00.000Z',
    cancel_at_period_end: false,
    provider_subscription_id: 'sub_sample',
    amount_owed_cents: null,
    licenses_limit: 3,
  },
  history: sampleJournal.filter((entry) => entry.type !== 'password_reset_sent'),
  licenses: [
    {
      _id: 'l1',
      custom_domain: 'boutique-exemple.fr',
      shop_domain: 'boutique-exemple.myshopify.com',
      theme_name: 'Portal',
      status: 'active',
      expires_at: null,
      last_seen_at: '2026-02-28T18:00:00.000Z',
      last_seen_host: 'boutique-exemple.fr',
      last_seen_version: '2.3.0',
      suspended_at: null,
      suspension_reason: null,
      customer_id: 'c1',
      customer_email: 'marie.curie@boutique-exemple.fr',
      version: 3,
      created_at: '2026-01-06T10:00:00.000Z',
    },
    {
      _id: 'l2',
      custom_domain: 'autre-exemple.fr',
      shop_domain: 'autre-exemple.myshopify.com',
      theme_name: 'Portal',
      status: 'active',
      expires_at: null,
      last_seen_at: null,
      last_seen_host: null,
      last_seen_version: null,
      suspended_at: '2026-02-20T12:00:00.000Z',
      suspension_reason: 'Boutique sans paiement',
      customer_id: 'c1',
      customer_email: 'marie.curie@boutique-exemple.fr',
      version: 5,
      created_at: '2026-01-10T10:00:00.000Z',
    },
  ],
  latest_version: '2.4.0',
  mails: [
    {
      _id: 'm2',
      kind: 'password_reset',
      subject: 'Réinitialisez votre mot de passe',
      recipient: 'marie.curie@boutique-exemple.fr',
      created_at: '2026-03-01T08:00:00.000Z',
      status: 'failed',
      sent_at: null,
      failed_at: '2026-03-01T09:00:00.000Z',
      attempts: 5,
      last_error: 'Boîte pleine',
    },
    {
      _id: 'm1',
      kind: 'welcome',
      subject: 'Bienvenue',
      recipient: 'marie.curie@boutique-exemple.fr',
      created_at: '2026-01-05T10:00:00.000Z',
      status: 'sent',
      sent_at: '2026-01-05T10:00:05.000Z',
      failed_at: null,
      attempts: 1,
      last_error: null,
    },
  ],
  pending_purchases: [],
  actions: { resend_onboarding_link: false, send_password_reset: true },
};

/** Pages `rows` as the server does (`page`, `per_page`). */
function paged<T>(rows: T[], url: URL) {
  const page = Number(url.searchParams.get('page') ?? '1');
  const perPage = Number(url.searchParams.get('per_page') ?? '25');
  return { rows: rows.slice((page - 1) * perPage, page * perPage), page, perPage };
}

/** The admin calls answered from the sample data (the customers' search by email, name, shop). */
export const adminAnswers: SampleAnswers = {
  'GET /api/admin/customers': ({ url }) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = sampleCustomers.filter((customer) =>
      [customer.email, customer.first_name, customer.last_name, customer.shop_domain].some(
        (field) => field?.toLowerCase().startsWith(q),
      ),
    );
    const { rows, page, perPage } = paged(found, url);
    return json({ customers: rows, total: found.length, page, per_page: perPage });
  },
  'GET /api/admin/customers/:id': ({ params }) =>
    params.id === 'c1' ? json(sampleCustomerDetail) : json({ message: 'Client introuvable' }, 404),
  'POST /api/admin/customers/:id/password-reset': () =>
    json({ message: 'Lien de réinitialisation du mot de passe envoyé' }, 202),
  'POST /api/admin/customers/:id/onboarding-link': () =>
    json({ message: "Aucun paiement de ce client n'attend la création de son compte." }, 409),
  'GET /api/admin/journal': ({ url }) => {
    const q = (url.searchParams.get('q') ?? '').toLowerCase();
    const found = sampleJournal.filter(
      (entry) => q === '' || entry.type === q || entry.customer_email?.startsWith(q),
    );
    const { rows, page, perPage } = paged(found, url);
    return json({ events: rows, total: found.length, page, per_page: perPage });
  },
};
