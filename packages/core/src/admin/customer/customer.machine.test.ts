import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { scriptedClient, type ScriptedAnswer } from '../../auth/testing.ts';
import { messages } from '../../domain/messages.ts';
import { createCustomerImplementations } from './customer.actors.ts';
import { customerMachine } from './customer.machine.ts';
import {
  selectCustomerAction,
  selectCustomerDetail,
  selectCustomerError,
  selectIsCustomerLoading,
} from './customer.selectors.ts';
import type { AdminCustomerDetail } from './customer.types.ts';

const detail = {
  customer: { _id: 'c1', email: 'demo@theme-portal.test' },
  subscription: null,
  history: [],
  licenses: [],
  latest_version: '2.4.0',
  mails: [],
  pending_purchases: [],
  actions: { resend_onboarding_link: false, send_password_reset: true },
} as unknown as AdminCustomerDetail;

function customer(script: Record<string, ScriptedAnswer>) {
  const { client, requests } = scriptedClient(script);
  const notify = vi.fn();
  const actor = createActor(
    customerMachine.provide(createCustomerImplementations({ client, notify })),
    { input: { id: 'c1' } },
  ).start();
  return { actor, requests, notify };
}

describe('customerMachine over GET /api/admin/customers/{id}', () => {
  it('loads the customer', async () => {
    const { actor, requests } = customer({
      'GET /api/admin/customers/c1': { status: 200, body: detail },
    });
    expect(selectIsCustomerLoading(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    expect(selectCustomerDetail(actor.getSnapshot())).toEqual(detail);
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/admin/customers/c1']);
  });

  it('an unknown customer: "Client introuvable"; a server failure: its French text and a retry', async () => {
    const missing = customer({ 'GET /api/admin/customers/c1': { status: 404, body: {} } });
    await waitFor(missing.actor, (s) => s.matches('failed'));
    expect(selectCustomerError(missing.actor.getSnapshot())).toBe(messages.admin.customerNotFound);

    const script: Record<string, ScriptedAnswer> = {
      'GET /api/admin/customers/c1': { status: 503, body: { message: 'indisponible' } },
    };
    const failing = customer(script);
    await waitFor(failing.actor, (s) => s.matches('failed'));
    expect(selectCustomerError(failing.actor.getSnapshot())).toBe(messages.http[503]);
    script['GET /api/admin/customers/c1'] = { status: 200, body: detail };
    failing.actor.send({ type: 'customer.retry' });
    await waitFor(failing.actor, (s) => s.matches('ready'));
  });
});

describe('an action on the customer: confirmed, with a reason', () => {
  it('sends nothing without a reason, then posts it, notifies and reloads the page', async () => {
    const { actor, requests, notify } = customer({
      'GET /api/admin/customers/c1': { status: 200, body: detail },
      'POST /api/admin/customers/c1/password-reset': {
        status: 202,
        body: { message: messages.admin.passwordResetSent },
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'action.open', kind: 'password-reset' });
    actor.send({ type: 'action.reasonChanged', reason: '   ' });
    actor.send({ type: 'action.confirm' });
    expect(selectCustomerAction(actor.getSnapshot())?.reasonError).toBe(
      messages.admin.customer.reasonRequired,
    );
    actor.send({ type: 'action.reasonChanged', reason: 'x'.repeat(501) });
    actor.send({ type: 'action.confirm' });
    expect(selectCustomerAction(actor.getSnapshot())?.reasonError).toBe(
      messages.admin.customer.reasonTooLong,
    );
    expect(requests).toHaveLength(1);
    actor.send({ type: 'action.reasonChanged', reason: '  Le client a perdu son accès  ' });
    actor.send({ type: 'action.confirm' });
    expect(selectCustomerAction(actor.getSnapshot())?.pending).toBe(true);
    await waitFor(actor, (s) => s.matches('ready') && requests.length === 3);
    expect(requests[1]).toMatchObject({
      method: 'POST',
      path: '/api/admin/customers/c1/password-reset',
      body: { reason: 'Le client a perdu son accès' },
    });
    expect(requests[2]?.path).toBe('/api/admin/customers/c1');
    expect(notify).toHaveBeenCalledWith({
      type: 'success',
      message: messages.admin.passwordResetSent,
    });
    expect(selectCustomerAction(actor.getSnapshot())).toBeNull();
    // The page stays shown while it reloads.
    expect(selectIsCustomerLoading(actor.getSnapshot())).toBe(false);
  });

  it("a 409 keeps the dialog open with the server's French words, and the reason typed", async () => {
    const { actor, notify } = customer({
      'GET /api/admin/customers/c1': { status: 200, body: detail },
      'POST /api/admin/customers/c1/onboarding-link': {
        status: 409,
        body: { message: messages.admin.noPendingPurchase },
      },
    });
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'action.open', kind: 'onboarding-link' });
    actor.send({ type: 'action.reasonChanged', reason: 'Lien expiré' });
    actor.send({ type: 'action.confirm' });
    await waitFor(
      actor,
      (s) => s.matches({ ready: 'confirming' }) && s.context.action?.error !== null,
    );
    const action = selectCustomerAction(actor.getSnapshot());
    expect(action?.error).toBe(messages.admin.noPendingPurchase);
    expect(action?.reason).toBe('Lien expiré');
    expect(notify).not.toHaveBeenCalled();
    actor.send({ type: 'action.cancel' });
    expect(selectCustomerAction(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().matches({ ready: 'idle' })).toBe(true);
  });
});
