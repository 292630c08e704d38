import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { futureAccessToken, scriptedClient, type ScriptedAnswer } from '../../auth/testing.ts';
import { messages } from '../../domain/messages.ts';
import { createAdminLicencesImplementations } from './admin-licences.actors.ts';
import { adminLicencesMachine } from './admin-licences.machine.ts';
import { adminLicencesCommands, adminLicencesView } from './admin-licences.view.ts';
import type { AdminLicence } from './admin-licences.types.ts';

const licence: AdminLicence = {
  _id: 'l1',
  custom_domain: 'boutique.fr',
  shop_domain: 'boutique.myshopify.com',
  theme_name: 'Portal',
  status: 'active',
  expires_at: null,
  last_seen_at: '2026-11-20T09:00:00.000Z',
  last_seen_host: 'boutique.fr',
  last_seen_version: '1.2.0',
  suspended_at: null,
  suspension_reason: null,
  customer_id: 'c1',
  customer_email: 'marie@boutique.fr',
  version: 3,
  created_at: '2026-01-15T10:00:00.000Z',
};
const suspended: AdminLicence = {
  ...licence,
  suspended_at: '2026-11-27T10:00:00.000Z',
  suspension_reason: 'Impayé',
  version: 4,
};
const page = (licences: AdminLicence[]) => ({
  status: 200,
  body: {
    licenses: licences,
    total: licences.length,
    page: 1,
    per_page: 25,
    latest_version: '1.3.0',
  },
});

function start(script: Record<string, ScriptedAnswer>, q?: string) {
  const { client, requests } = scriptedClient({
    'GET /api/admin/licenses': page([licence]),
    'GET /api/admin/licenses/l1': { status: 200, body: { license: licence } },
    ...script,
  });
  client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
  const notify = vi.fn();
  const actor = createActor(
    adminLicencesMachine.provide(createAdminLicencesImplementations({ client, notify })),
    { input: { q } },
  ).start();
  const view = () => adminLicencesView(actor.getSnapshot());
  return { actor, requests, notify, view, do: adminLicencesCommands((event) => actor.send(event)) };
}

async function opened(script: Record<string, ScriptedAnswer> = {}) {
  const started = start(script);
  await waitFor(started.actor, (s) => s.matches({ list: 'ready' }));
  started.do.openLicence('l1');
  await waitFor(started.actor, (s) => s.matches({ detail: 'shown' }));
  return started;
}

describe('adminLicencesMachine', () => {
  it('lists the first page, then searches what was typed, trimmed, from page 1', async () => {
    const { actor, requests, view, do: act } = start({});
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(view().list.rows[0]?.licence.customer_email).toBe('marie@boutique.fr');
    expect(view().list.latestVersion).toBe('1.3.0');
    act.changeSearch('  boutique  ');
    act.submitSearch();
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(actor.getSnapshot().context.searched).toBe('boutique');
    expect(requests.filter((r) => r.path === '/api/admin/licenses')).toHaveLength(2);
  });

  it("starts with the search it is given (a link from a customer's page)", async () => {
    const { actor, view } = start({}, ' boutique.myshopify.com ');
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    expect(actor.getSnapshot().context.searched).toBe('boutique.myshopify.com');
    expect(view().search.value).toBe(' boutique.myshopify.com ');
    const tooLong = start({}, 'x'.repeat(201));
    expect(tooLong.view().search.error).toBe(messages.admin.searchTooLong);
    expect(tooLong.actor.getSnapshot().context.searched).toBe('');
  });

  it('refuses a search over 200 characters in French, without a call, the text kept', async () => {
    const { actor, requests, view, do: act } = start({});
    await waitFor(actor, (s) => s.matches({ list: 'ready' }));
    act.changeSearch('x'.repeat(201));
    act.submitSearch();
    expect(view().search).toEqual({ value: 'x'.repeat(201), error: messages.admin.searchTooLong });
    expect(requests.filter((r) => r.path === '/api/admin/licenses')).toHaveLength(1);
  });

  it('says when nothing matches, and a failed list in French', async () => {
    const empty = start({ 'GET /api/admin/licenses': page([]) });
    await waitFor(empty.actor, (s) => s.matches({ list: 'ready' }));
    expect(empty.view().list.empty).toBe(messages.admin.licences.noResult);
    const failing = start({ 'GET /api/admin/licenses': { status: 500 } });
    await waitFor(failing.actor, (s) => s.matches({ list: 'failed' }));
    expect(failing.view().list.error).toBe(messages.admin.licences.loadError);
  });

  it('looks a licence up: its customer, shop, status and what the theme reported', async () => {
    const { view } = await opened();
    const detail = view().detail;
    expect(detail?.licence?.status).toBe('Active');
    expect(detail?.licence?.seen).toBe(
      messages.admin.licences.seen('20 novembre 2026', 'boutique.fr', '1.2.0'),
    );
    expect(detail?.actions).toEqual(['suspend', 'transfer', 'delete']);
  });

  it('suspends with a reason and the version read; the answer is the licence shown', async () => {
    const {
      actor,
      requests,
      notify,
      view,
      do: act,
    } = await opened({
      'POST /api/admin/licenses/l1/suspend': {
        status: 200,
        body: { message: messages.licences.suspended, license: suspended },
      },
    });
    act.startAction('suspend');
    act.confirmAction();
    expect(view().dialog?.errors.reason).toBe(messages.admin.licences.reasonRequired);
    act.changeField('reason', '   ');
    act.confirmAction();
    expect(view().dialog?.errors.reason).toBe(messages.admin.licences.reasonRequired);
    act.changeField('reason', 'x'.repeat(501));
    act.confirmAction();
    expect(view().dialog?.errors.reason).toBe(messages.admin.licences.reasonTooLong);
    act.changeField('reason', '  Impayé  ');
    act.confirmAction();
    await waitFor(actor, (s) => s.matches({ dialog: 'closed' }));
    expect(requests.find((r) => r.path.endsWith('/suspend'))?.body).toEqual({
      reason: 'Impayé',
      expected_version: 3,
    });
    expect(notify).toHaveBeenCalledWith({ type: 'success', message: messages.licences.suspended });
    expect(view().detail?.licence?.status).toBe(messages.admin.licences.statusSuspended);
    expect(view().detail?.licence?.suspension).toEqual({
      since: messages.admin.licences.suspendedSince('27 novembre 2026'),
      reason: 'Impayé',
    });
    expect(view().detail?.actions).toEqual(['reinstate', 'transfer', 'delete']);
  });

  it('on a 409 keeps the dialog and the reason, says it in French and reads the licence again', async () => {
    const {
      actor,
      requests,
      view,
      do: act,
    } = await opened({
      'POST /api/admin/licenses/l1/suspend': {
        status: 409,
        body: { message: messages.admin.licenceAlreadySuspended },
      },
    });
    // Another admin suspends it meanwhile: the next read answers it suspended.
    act.startAction('suspend');
    act.changeField('reason', 'Impayé');
    act.confirmAction();
    await waitFor(actor, (s) => s.context.actionError !== null);
    expect(view().dialog?.error).toBe(
      `${messages.admin.licenceAlreadySuspended} ${messages.admin.licences.reloaded}`,
    );
    expect(view().dialog?.values.reason).toBe('Impayé');
    await waitFor(actor, (s) => s.matches({ detail: 'shown' }));
    expect(requests.filter((r) => r.path === '/api/admin/licenses/l1')).toHaveLength(2);
  });

  it('reinstates only a suspended licence; suspends only one that is not', async () => {
    const { actor, do: act } = await opened();
    act.startAction('reinstate');
    expect(actor.getSnapshot().matches({ dialog: 'closed' })).toBe(true);
    act.startAction('suspend');
    expect(actor.getSnapshot().matches({ dialog: 'open' })).toBe(true);
  });

  it('transfers to a shop written as the licence form writes it, with the version read', async () => {
    const moved = { ...licence, shop_domain: 'nouvelle.myshopify.com', version: 4 };
    const {
      actor,
      requests,
      view,
      do: act,
    } = await opened({
      'POST /api/admin/licenses/l1/transfer': {
        status: 200,
        body: { message: messages.admin.licenceTransferred, license: moved },
      },
    });
    act.startAction('transfer');
    act.changeField('reason', 'Nouvelle boutique');
    act.changeField('shop_domain', 'pas un domaine');
    act.confirmAction();
    expect(view().dialog?.errors.shop_domain).toBe(messages.validation.shopDomainInvalid);
    act.changeField('shop_domain', ' Nouvelle ');
    act.confirmAction();
    await waitFor(actor, (s) => s.matches({ dialog: 'closed' }));
    expect(requests.find((r) => r.path.endsWith('/transfer'))?.body).toEqual({
      shop_domain: 'nouvelle.myshopify.com',
      reason: 'Nouvelle boutique',
      expected_version: 3,
    });
    expect(view().detail?.licence?.licence.shop_domain).toBe('nouvelle.myshopify.com');
  });

  it('deletes with its reason and version, then shows no licence', async () => {
    const {
      actor,
      requests,
      view,
      do: act,
    } = await opened({
      'DELETE /api/admin/licenses/l1': {
        status: 200,
        body: { message: messages.licences.deleted },
      },
    });
    act.startAction('delete');
    act.changeField('reason', 'Doublon');
    act.confirmAction();
    await waitFor(actor, (s) => s.matches({ dialog: 'closed' }) && s.matches({ detail: 'none' }));
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({
      reason: 'Doublon',
      expected_version: 3,
    });
    expect(view().detail).toBeNull();
  });

  it("creates for the shown licence's customer; the server's field errors keep what was typed", async () => {
    const {
      actor,
      requests,
      view,
      do: act,
    } = await opened({
      'POST /api/admin/licenses': {
        status: 409,
        body: { message: messages.licences.conflict },
      },
    });
    act.startAction('create');
    expect(view().dialog?.values.customer_id).toBe('c1');
    act.confirmAction();
    expect(view().dialog?.errors).toEqual({
      custom_domain: messages.validation.customDomainRequired,
      shop_domain: messages.validation.shopDomainRequired,
      reason: messages.admin.licences.reasonRequired,
    });
    act.changeField('custom_domain', 'Autre.fr');
    act.changeField('shop_domain', 'autre');
    act.changeField('reason', 'Geste commercial');
    act.confirmAction();
    await waitFor(actor, (s) => s.context.actionError !== null);
    expect(view().dialog?.error).toBe(messages.licences.conflict);
    expect(view().dialog?.values.custom_domain).toBe('Autre.fr');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      customer_id: 'c1',
      custom_domain: 'autre.fr',
      shop_domain: 'autre.myshopify.com',
      reason: 'Geste commercial',
    });
  });

  it('a licence not found says so in French', async () => {
    const {
      actor,
      view,
      do: act,
    } = start({
      'GET /api/admin/licenses/l9': { status: 404, body: { message: messages.licences.notFound } },
    });
    act.openLicence('l9');
    await waitFor(actor, (s) => s.matches({ detail: 'failed' }));
    expect(view().detail?.error).toBe(messages.licences.notFound);
  });
});
