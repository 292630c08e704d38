import { messages } from '@portal/core';
import type { AdminLicence, AdminRelease, Indicators } from '@portal/core/admin';
import { json, type SampleAnswers } from './sampleBackend.ts';

/** The back office's sample data (its screens' tests and stories), shaped as the contract answers. */
export const sampleAdminLicence: AdminLicence = {
  _id: 'lic-1',
  custom_domain: 'boutique-marie.fr',
  shop_domain: 'boutique-marie.myshopify.com',
  theme_name: 'Theme Portal',
  status: 'active',
  expires_at: null,
  last_seen_at: '2026-11-20T09:00:00.000Z',
  last_seen_host: 'boutique-marie.fr',
  last_seen_version: '1.2.0',
  suspended_at: null,
  suspension_reason: null,
  customer_id: 'cus-1',
  customer_email: 'marie@boutique-marie.fr',
  version: 3,
  created_at: '2026-01-15T10:00:00.000Z',
};

export const sampleAdminLicences: AdminLicence[] = [
  sampleAdminLicence,
  {
    ...sampleAdminLicence,
    _id: 'lic-2',
    custom_domain: 'atelier-paul.fr',
    shop_domain: 'atelier-paul.myshopify.com',
    last_seen_at: null,
    last_seen_host: null,
    last_seen_version: null,
    suspended_at: '2026-11-27T10:00:00.000Z',
    suspension_reason: 'Paiement refusé',
    customer_id: 'cus-2',
    customer_email: 'paul@atelier-paul.fr',
    version: 5,
  },
];

export const sampleAdminReleases: AdminRelease[] = [
  {
    version: '1.3.0',
    released_at: '2026-11-02T10:00:00.000Z',
    notes: 'Nouveau bloc FAQ\nCorrection du menu mobile',
    filename: 'theme-portal-1.3.0.zip',
    size: 482_113,
    sha256: 'a'.repeat(64),
    downloads: 1234,
    active_shops: 7,
    published_by: 'admin@theme-portal.test',
  },
  {
    version: '1.2.0',
    released_at: '2026-09-14T10:00:00.000Z',
    notes: 'Première version',
    filename: 'theme-portal-1.2.0.zip',
    size: 470_002,
    sha256: 'b'.repeat(64),
    downloads: 310,
    active_shops: 2,
    published_by: null,
  },
];

const day = (offset: number) =>
  new Date(Date.UTC(2026, 10, 28) - offset * 86_400_000).toISOString().slice(0, 10);

export const sampleIndicators: Indicators = {
  at: '2026-11-28T12:00:00.000Z',
  subscriptions: {
    total: 3,
    by_plan: [
      { plan_id: 'p1', plan_name: 'Starter', billing_cycle: 'monthly', count: 2, mrr_cents: 5980 },
      { plan_id: 'p2', plan_name: 'Pro', billing_cycle: 'yearly', count: 1, mrr_cents: 4158 },
    ],
  },
  mrr_cents: 10138,
  movements: {
    last_30_days: {
      new_cents: 4158,
      expansion_cents: 1000,
      contraction_cents: 0,
      churn_cents: 2990,
      net_cents: 2168,
    },
    last_90_days: {
      new_cents: 13128,
      expansion_cents: 1000,
      contraction_cents: 500,
      churn_cents: 2990,
      net_cents: 10638,
    },
  },
  trials: {
    running: 2,
    last_30_days: { started: 4, converted: 1 },
    last_90_days: { started: 9, converted: 3 },
  },
  failed_payments: { past_due_subscriptions: 1, amount_owed_cents: 2990 },
  licenses: {
    used: 5,
    limit: 13,
    by_plan: [
      { plan_id: 'p1', plan_name: 'Starter', used: 2, limit: 6 },
      { plan_id: 'p2', plan_name: 'Pro', used: 3, limit: 7 },
    ],
  },
  // The MRR rising over the quarter, one point a day, today last.
  mrr_series: Array.from({ length: 90 }, (_, index) => ({
    date: day(89 - index),
    mrr_cents: index < 30 ? 0 : index < 60 ? 2990 : index < 89 ? 7970 : 10138,
  })),
};

/**
 * The admin licence calls over one in-memory list, as the server answers them: every write names
 * the version it read (another answers 409 and changes nothing), suspending twice answers 409.
 */
export function adminLicenceAnswers(initial: AdminLicence[] = sampleAdminLicences): SampleAnswers {
  let licences = initial.map((licence) => ({ ...licence }));
  const find = (id: string | undefined) => licences.find((licence) => licence._id === id);
  const write = (id: string, change: Partial<AdminLicence>) => {
    const licence = { ...find(id)!, ...change, version: find(id)!.version + 1 };
    licences = licences.map((each) => (each._id === id ? licence : each));
    return licence;
  };
  const stale = (id: string, body: unknown) => {
    const expected = (body as { expected_version?: number } | undefined)?.expected_version;
    return expected !== undefined && expected !== find(id)?.version;
  };
  return {
    'GET /api/admin/licenses': ({ url }) => {
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const found = licences.filter(
        (licence) =>
          q === '' ||
          licence._id === q ||
          licence.custom_domain.startsWith(q) ||
          licence.shop_domain.startsWith(q),
      );
      return json({
        licenses: found,
        total: found.length,
        page: 1,
        per_page: 25,
        latest_version: '1.3.0',
      });
    },
    'GET /api/admin/licenses/:id': ({ params }) => {
      const licence = find(params.id);
      return licence === undefined
        ? json({ message: messages.licences.notFound }, 404)
        : json({ license: licence, latest_version: '1.3.0' });
    },
    'POST /api/admin/licenses/:id/suspend': ({ params, body }) => {
      const id = params.id!;
      if (find(id)?.suspended_at != null)
        return json({ message: messages.admin.licenceAlreadySuspended }, 409);
      if (stale(id, body)) return json({ message: messages.admin.licenceChanged }, 409);
      const license = write(id, {
        suspended_at: '2026-11-28T12:00:00.000Z',
        suspension_reason: (body as { reason: string }).reason,
      });
      return json({ message: messages.licences.suspended, license });
    },
    'POST /api/admin/licenses/:id/reinstate': ({ params, body }) => {
      const id = params.id!;
      if (find(id)?.suspended_at == null)
        return json({ message: messages.admin.licenceNotSuspended }, 409);
      if (stale(id, body)) return json({ message: messages.admin.licenceChanged }, 409);
      const license = write(id, { suspended_at: null, suspension_reason: null });
      return json({ message: messages.licences.reinstated, license });
    },
    'POST /api/admin/licenses/:id/transfer': ({ params, body }) => {
      const id = params.id!;
      if (stale(id, body)) return json({ message: messages.admin.licenceChanged }, 409);
      const shop = (body as { shop_domain: string }).shop_domain;
      if (shop === find(id)?.shop_domain)
        return json(
          { message: messages.admin.sameShop, errors: { shop_domain: messages.admin.sameShop } },
          400,
        );
      const license = write(id, {
        shop_domain: shop,
        last_seen_at: null,
        last_seen_host: null,
        last_seen_version: null,
      });
      return json({ message: messages.admin.licenceTransferred, license });
    },
    'DELETE /api/admin/licenses/:id': ({ params, body }) => {
      const id = params.id!;
      if (stale(id, body)) return json({ message: messages.admin.licenceChanged }, 409);
      licences = licences.filter((licence) => licence._id !== id);
      return json({ message: messages.licences.deleted });
    },
    'POST /api/admin/licenses': ({ body }) => {
      const values = body as { customer_id: string; custom_domain: string; shop_domain: string };
      if (licences.some((licence) => licence.custom_domain === values.custom_domain))
        return json({ message: messages.licences.conflict }, 409);
      const license: AdminLicence = {
        ...sampleAdminLicence,
        ...values,
        _id: `lic-${licences.length + 1}`,
        customer_email: 'client@exemple.fr',
        last_seen_at: null,
        last_seen_host: null,
        last_seen_version: null,
        version: 1,
      };
      licences = [...licences, license];
      return json({ message: messages.licences.created, license }, 201);
    },
  };
}

/** Another admin acting in between: the licence `id` is suspended behind this admin's back. */
export function suspendBehindTheBack(answers: SampleAnswers, id: string): void {
  const suspend = answers['POST /api/admin/licenses/:id/suspend']!;
  let done = false;
  answers['POST /api/admin/licenses/:id/suspend'] = async (request) => {
    if (!done) {
      done = true;
      await suspend({ ...request, params: { id }, body: { reason: 'Autre admin' } });
    }
    return suspend(request);
  };
}
