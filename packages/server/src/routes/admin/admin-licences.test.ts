import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { call, loggedInAdmin, loggedInCustomer, useTestServer } from '../../test/harness.ts';

interface AdminLicence {
  _id: string;
  custom_domain: string;
  shop_domain: string;
  version: number;
  suspended_at?: string | null;
  customer_email: string;
}
interface JournalEvent {
  type: string;
  actor: { kind: string; id: string | null; email: string | null };
  licence_id: string | null;
  customer_id: string | null;
  reason: string | null;
  details: Record<string, unknown>;
}

const server = useTestServer();

async function adminToken() {
  const admin = await loggedInAdmin(server);
  return { ...admin, token: admin.accessToken };
}

/** A customer with one licence on `shop`, created by an admin. */
async function licenceOn(token: string, custom_domain = 'boutique.fr', shop_domain = 'boutique') {
  const customer = await loggedInCustomer(server);
  const created = await call<{ license: AdminLicence }>(server, 'POST', '/api/admin/licenses', {
    token,
    body: { customer_id: customer.id, custom_domain, shop_domain, reason: 'Geste commercial' },
  });
  expect(created.status).toBe(201);
  return { customer, licence: created.body.license };
}

const journal = async (token: string, licenceId: string) =>
  (
    await call<{ events: JournalEvent[] }>(
      server,
      'GET',
      `/api/admin/journal?licence_id=${licenceId}`,
      { token },
    )
  ).body.events;

describe('admin licence writes', () => {
  it('journals a creation, a suspension, a reinstatement, a transfer and a deletion with the admin and the reason', async () => {
    const admin = await adminToken();
    const { licence } = await licenceOn(admin.token);
    expect(licence.version).toBe(1);
    const post = (action: string, body: object) =>
      call<{ message: string; license: AdminLicence }>(
        server,
        'POST',
        `/api/admin/licenses/${licence._id}/${action}`,
        { token: admin.token, body },
      );
    const suspended = await post('suspend', { reason: 'Impayé', expected_version: 1 });
    expect(suspended.status).toBe(200);
    expect(suspended.body.license.version).toBe(2);
    const reinstated = await post('reinstate', { reason: 'Réglé', expected_version: 2 });
    expect(reinstated.status).toBe(200);
    const transferred = await post('transfer', {
      shop_domain: ' Nouvelle-Boutique ',
      reason: 'Changement de boutique',
      expected_version: 3,
    });
    expect(transferred.status).toBe(200);
    expect(transferred.body).toMatchObject({
      message: messages.admin.licenceTransferred,
      license: { shop_domain: 'nouvelle-boutique.myshopify.com', version: 4 },
    });
    // The same shop again is no transfer.
    const same = await post('transfer', {
      shop_domain: 'nouvelle-boutique',
      reason: 'Encore',
      expected_version: 4,
    });
    expect(same.status).toBe(400);
    expect(same.body).toMatchObject({ message: messages.admin.sameShop });
    const deleted = await call(server, 'DELETE', `/api/admin/licenses/${licence._id}`, {
      token: admin.token,
      body: { reason: 'Doublon', expected_version: 4 },
    });
    expect(deleted.status).toBe(200);
    const events = await journal(admin.token, licence._id);
    expect(events.map((event) => [event.type, event.reason, event.actor])).toEqual([
      ['licence_deleted', 'Doublon', { kind: 'admin', id: admin.id, email: admin.email }],
      [
        'licence_transferred',
        'Changement de boutique',
        { kind: 'admin', id: admin.id, email: admin.email },
      ],
      ['licence_reinstated', 'Réglé', { kind: 'admin', id: admin.id, email: admin.email }],
      ['licence_suspended', 'Impayé', { kind: 'admin', id: admin.id, email: admin.email }],
      ['licence_created', 'Geste commercial', { kind: 'admin', id: admin.id, email: admin.email }],
    ]);
    expect(events[1]?.details).toMatchObject({
      from_shop_domain: 'boutique.myshopify.com',
      to_shop_domain: 'nouvelle-boutique.myshopify.com',
    });
  });

  it('two admins suspending at once: one suspends, the other gets 409 and changes nothing', async () => {
    const first = await adminToken();
    const second = await adminToken();
    const { licence } = await licenceOn(first.token);
    const suspend = (token: string, reason: string) =>
      call<{ message: string }>(server, 'POST', `/api/admin/licenses/${licence._id}/suspend`, {
        token,
        body: { reason },
      });
    const answers = await Promise.all([
      suspend(first.token, 'Premier'),
      suspend(second.token, 'Second'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.status === 409);
    expect(refused?.body).toEqual({ message: messages.admin.licenceAlreadySuspended });
    const suspensions = (await journal(first.token, licence._id)).filter(
      (event) => event.type === 'licence_suspended',
    );
    expect(suspensions).toHaveLength(1);
    const winner = answers[0]?.status === 200 ? 'Premier' : 'Second';
    expect(suspensions[0]?.reason).toBe(winner);
    const read = await call<{ license: AdminLicence }>(
      server,
      'GET',
      `/api/admin/licenses/${licence._id}`,
      {
        token: first.token,
      },
    );
    expect(read.body.license.version).toBe(2);
  });

  it('two admins transferring the version they read at once: one shop wins whole, the other gets 409', async () => {
    const first = await adminToken();
    const second = await adminToken();
    const { licence } = await licenceOn(first.token);
    const transfer = (token: string, shop: string) =>
      call<{ message: string; license?: AdminLicence }>(
        server,
        'POST',
        `/api/admin/licenses/${licence._id}/transfer`,
        {
          token,
          body: { shop_domain: shop, reason: 'Transfert', expected_version: licence.version },
        },
      );
    const answers = await Promise.all([
      transfer(first.token, 'alpha'),
      transfer(second.token, 'beta'),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409);
    expect(loser?.body).toEqual({ message: messages.admin.licenceChanged });
    const winner = answers.find((answer) => answer.status === 200)?.body.license?.shop_domain;
    const [stored] = await server.db.query<{ shop_domain: string; version: number }>(
      'SELECT shop_domain, version FROM licences WHERE id = $1',
      [licence._id],
    );
    expect(stored).toEqual({ shop_domain: winner, version: 2 });
    const transfers = (await journal(first.token, licence._id)).filter(
      (event) => event.type === 'licence_transferred',
    );
    expect(transfers.map((event) => event.details.to_shop_domain)).toEqual([winner]);
  });

  it('refuses a reinstatement of a licence not suspended, a stale version and a reason of spaces', async () => {
    const admin = await adminToken();
    const { licence } = await licenceOn(admin.token);
    const post = (action: string, body: object) =>
      call(server, 'POST', `/api/admin/licenses/${licence._id}/${action}`, {
        token: admin.token,
        body,
      });
    const notSuspended = await post('reinstate', { reason: 'Réglé' });
    expect(notSuspended.status).toBe(409);
    expect(notSuspended.body).toEqual({ message: messages.admin.licenceNotSuspended });
    const stale = await post('suspend', { reason: 'Impayé', expected_version: 7 });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({ message: messages.admin.licenceChanged });
    expect((await post('suspend', { reason: '   ' })).status).toBe(400);
    expect(
      (await post('transfer', { shop_domain: 'x', reason: 'r', expected_version: 1 })).status,
    ).toBe(200);
    const staleDelete = await call(server, 'DELETE', `/api/admin/licenses/${licence._id}`, {
      token: admin.token,
      body: { expected_version: 1 },
    });
    expect(staleDelete.status).toBe(409);
    expect((await journal(admin.token, licence._id)).map((event) => event.type)).toEqual([
      'licence_transferred',
      'licence_created',
    ]);
  });

  it('finds licences by custom domain, shop or id, paged', async () => {
    const admin = await adminToken();
    const { licence } = await licenceOn(admin.token, 'www.atelier.fr', 'atelier-shop');
    await licenceOn(admin.token, 'autre.fr', 'autre-shop');
    const search = (q: string) =>
      call<{ licenses: AdminLicence[]; total: number }>(
        server,
        'GET',
        `/api/admin/licenses?q=${encodeURIComponent(q)}&per_page=1`,
        { token: admin.token },
      );
    for (const q of ['atelier.fr', 'WWW.ATELIER', 'atelier-shop', licence._id]) {
      const found = await search(q);
      expect(found.status).toBe(200);
      expect(found.body.licenses.map((row) => row._id)).toEqual([licence._id]);
      expect(found.body.total).toBe(1);
    }
    const all = await search('');
    expect(all.body.total).toBe(2);
    expect(all.body.licenses).toHaveLength(1);
  });
});
