import { effectiveStatus, isPaid, messages, validateForgotPassword } from '@portal/core/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { findCustomerByProviderId } from '../../accounts/accounts.repo.ts';
import {
  findCheckoutSession,
  type CheckoutSessionRow,
} from '../../payments/checkout-sessions.repo.ts';
import { fulfilCheckoutSession, fulfilmentOf } from '../../payments/fulfilment.ts';
import { successUrlFor } from '../../payments/redirects.ts';
import type { WebhookEvent } from '../../payments/provider.ts';
import type { SandboxProvider } from '../../payments/sandbox/provider.ts';
import { findPlanPrice, findPrice, listCatalogue } from '../../plans/plans.repo.ts';
import { mirrorSubscription, subscriptionTabUrl } from '../../subscriptions/lifecycle.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { advanceTrialClock, type TrialClockPoint } from '../../subscriptions/trial-clock.ts';
import {
  checkoutPage,
  closedCheckoutPage,
  portalExpiredPage,
  portalPage,
  sandboxStylesheet,
  type PortalTrial,
} from './sandbox-pages.ts';
import { texts } from '../../texts.ts';
import { acceptForms } from './form-body.ts';
import { processProviderEvent } from './webhook.ts';

type Form = Record<string, string | undefined>;

/** A posted form's fields (the form parser below makes them; anything else is no field). */
const formOf = (body: unknown): Form =>
  typeof body === 'object' && body !== null ? (body as Form) : {};

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The sandbox provider's hosted pages, on the app's own origin: checkout (pay or cancel) and the
 * customer portal (switch plan or billing cycle, cancel). Plain HTML forms, no script. A plugin
 * of its own: its form parser must not reach the API's routes.
 */
export async function sandboxPages(
  app: FastifyInstance,
  { provider }: { provider: SandboxProvider },
): Promise<void> {
  const { db } = app;

  acceptForms(app, 4096);

  async function sessionPage(id: string): Promise<CheckoutSessionRow | undefined> {
    // Expires a stale open session before it is shown.
    await provider.retrieveCheckoutSession(id);
    return (await findCheckoutSession(db, id, 'sandbox')) ?? undefined;
  }

  async function closedPage(reply: FastifyReply, id: string, row: CheckoutSessionRow) {
    const session = await provider.retrieveCheckoutSession(id);
    return session?.payment_status === 'paid'
      ? html(reply, 409, closedCheckoutPage(texts.sandbox.sessionPaid, null))
      : html(reply, 410, closedCheckoutPage(texts.sandbox.sessionExpired, row.cancel_url));
  }

  /** An account's free trial (its stored status `trialing`), ended or not; else undefined. */
  async function trialOf(
    customerId: string | null,
  ): Promise<(PortalTrial & { customerId: string }) | undefined> {
    const row = customerId === null ? undefined : await subscriptionOf(db, customerId);
    if (customerId === null || row?.status !== 'trialing' || row.trial_end === null)
      return undefined;
    const ended = effectiveStatus(row, app.now()) === 'trial_ended';
    return { customerId, planName: row.plan_name, trialEnd: row.trial_end, ended };
  }
  const trialRunning = async (customerId: string | null) =>
    (await trialOf(customerId))?.ended === false;

  app.get('/sandbox/sandbox.css', async (_request, reply) =>
    reply
      .header('content-type', 'text/css; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(sandboxStylesheet),
  );

  app.get<{ Params: { id: string } }>('/sandbox/checkout/:id', async (request, reply) => {
    const { id } = request.params;
    const row = await sessionPage(id);
    if (row === undefined) {
      return html(reply, 404, closedCheckoutPage(texts.payments.sessionNotFound, null));
    }
    const session = await provider.retrieveCheckoutSession(id);
    if (session?.status !== 'open') return closedPage(reply, id, row);
    return html(
      reply,
      200,
      checkoutPage({
        id,
        planName: row.plan_name,
        billingCycle: row.billing_cycle,
        amountCents: row.amount_total,
        cancelUrl: row.cancel_url,
        email: row.customer_email ?? '',
        trialClock: await trialRunning(row.customer_id),
      }),
    );
  });

  // The trial's test clock, in the portal of the provider customer this checkout bills.
  app.post<{ Params: { id: string } }>(
    '/sandbox/checkout/:id/trial-clock',
    async (request, reply) => {
      const { id } = request.params;
      const row = await sessionPage(id);
      if (row === undefined) {
        return html(reply, 404, closedCheckoutPage(texts.payments.sessionNotFound, null));
      }
      if (row.provider_customer_id === null || !(await trialRunning(row.customer_id))) {
        return reply.redirect(`/sandbox/checkout/${id}`, 303);
      }
      const portal = await provider.createPortalSession({
        customerId: row.provider_customer_id,
        returnUrl: subscriptionTabUrl(app.config.publicOrigin),
      });
      return reply.redirect(portal.url, 303);
    },
  );

  app.post<{ Params: { id: string }; Body: Form }>(
    '/sandbox/checkout/:id/pay',
    async (request, reply) => {
      const { id } = request.params;
      const row = await sessionPage(id);
      if (row === undefined) {
        return html(reply, 404, closedCheckoutPage(texts.payments.sessionNotFound, null));
      }
      const form = formOf(request.body);
      const email = (form.email ?? '').trim();
      const trialClock = await trialRunning(row.customer_id);
      const page = (status: number, error: string) =>
        html(
          reply,
          status,
          checkoutPage({
            id,
            planName: row.plan_name,
            billingCycle: row.billing_cycle,
            amountCents: row.amount_total,
            cancelUrl: row.cancel_url,
            email,
            trialClock,
            card: form.card ?? '',
            error,
          }),
        );
      const checked = validateForgotPassword({ email });
      if (!checked.success)
        return page(400, checked.errors.email ?? messages.validation.emailInvalid);
      const outcome = await provider.pay(id, { card: form.card ?? '', email });
      switch (outcome) {
        case 'paid':
          // Delivered in-process as the provider's "checkout paid" event would be.
          await fulfilCheckoutSession(fulfilmentOf(app), id);
          return reply.redirect(successUrlFor(row.success_url, id), 303);
        case 'declined':
          return page(402, texts.sandbox.declined);
        case 'invalid-card':
          return page(400, texts.sandbox.invalidCard);
        case 'not-open':
          return closedPage(reply, id, row);
      }
    },
  );

  async function portalModel(id: string, notice?: string) {
    const portal = await provider.portalSession(id);
    if (portal === null) return null;
    const subscription = await provider.subscriptionOfCustomer(portal.customerId);
    const catalogue = await listCatalogue(db);
    const plans = [...new Map(catalogue.map((entry) => [entry.plan.id, entry.plan])).values()];
    const price = subscription === null ? null : await findPrice(db, subscription.price_id);
    // The signup's trial lives on this server, not at the provider: shown when the provider
    // has no subscription for this customer.
    const trial =
      subscription === null
        ? await trialOf((await findCustomerByProviderId(db, portal.customerId))?.id ?? null)
        : undefined;
    return {
      portal,
      trial,
      model: {
        id,
        returnUrl: portal.returnUrl,
        owedCents: await provider.owedAmount(portal.customerId),
        trial: trial ?? null,
        plans,
        subscription:
          subscription === null || price === null
            ? null
            : { ...subscription, planName: price.plan.name, amountCents: price.price.unit_amount },
        ...(notice === undefined ? {} : { notice }),
      },
    };
  }

  const notices: Record<string, string> = {
    updated: texts.sandbox.updated,
    canceled: texts.sandbox.canceled,
    resumed: messages.subscription.resumed,
    advanced: texts.sandbox.advanced,
    failed: texts.sandbox.paymentFailed,
    card: texts.sandbox.cardPaid,
    'trial-reminder': texts.sandbox.trialReminded,
    'trial-ended': texts.sandbox.trialEnded,
  };

  app.get<{ Params: { id: string }; Querystring: { done?: string } }>(
    '/sandbox/portal/:id',
    async (request, reply) => {
      const found = await portalModel(request.params.id, notices[request.query.done ?? '']);
      if (found === null) return html(reply, 404, portalExpiredPage());
      return html(reply, 200, portalPage(found.model));
    },
  );

  type FoundPortal = NonNullable<Awaited<ReturnType<typeof portalModel>>>;
  /** Back to the portal's page, with the notice of what was done. */
  const backToPortal = (reply: FastifyReply, id: string, done?: string) =>
    reply.redirect(`/sandbox/portal/${id}${done === undefined ? '' : `?done=${done}`}`, 303);

  /** One form of the portal: its session (else the expired page), then `handle`. */
  function portalForm(
    action: string,
    handle: (posted: {
      id: string;
      found: FoundPortal;
      form: Form;
      reply: FastifyReply;
    }) => Promise<FastifyReply>,
  ) {
    app.post<{ Params: { id: string }; Body: Form }>(
      `/sandbox/portal/:id/${action}`,
      async (request, reply) => {
        const { id } = request.params;
        const found = await portalModel(id);
        if (found === null) return html(reply, 404, portalExpiredPage());
        return handle({ id, found, form: formOf(request.body), reply });
      },
    );
  }

  portalForm('plan', async ({ id, found, form, reply }) => {
    const cycle = form.billingCycle;
    const entry =
      cycle === 'monthly' || cycle === 'yearly'
        ? await findPlanPrice(db, form.plan ?? '', cycle)
        : null;
    const current = found.model.subscription;
    if (entry === null || current === null || !isPaid(current.status)) {
      return html(reply, 400, portalPage({ ...found.model, error: texts.validation.fieldInvalid }));
    }
    // As a provider's own portal: no licence guard here; the limit holds by keeping the
    // oldest licences active (subscriptions/lifecycle.ts).
    await mirrorSubscription(app, await provider.changeSubscriptionPrice(current.id, entry));
    return backToPortal(reply, id, 'updated');
  });

  /** One portal action on the customer's live subscription, then back to the page. */
  function portalAction(
    action: string,
    done: string,
    run: (customerId: string, subscriptionId: string) => Promise<void>,
  ) {
    portalForm(action, async ({ id, found, reply }) => {
      const current = found.model.subscription;
      if (current !== null && isPaid(current.status)) {
        await run(found.portal.customerId, current.id);
      }
      return backToPortal(reply, id, done);
    });
  }

  /** The provider's events of a portal action, through the webhook's own handling. */
  const deliver = async (events: readonly WebhookEvent[]) => {
    for (const event of events) await processProviderEvent(app, event);
  };

  // A new card on a past-due subscription: the invoice owed is paid, its event delivered as the
  // provider's would be (a receipt, the next period).
  portalForm('card', async ({ id, found, form, reply }) => {
    const card = form.card ?? '';
    const { outcome, events } = await provider.payOwed(found.portal.customerId, card);
    const refused = (status: number, error: string) =>
      html(reply, status, portalPage({ ...found.model, card, error }));
    switch (outcome) {
      case 'paid':
        await deliver(events);
        return backToPortal(reply, id, 'card');
      case 'declined':
        return refused(402, texts.sandbox.declined);
      case 'invalid-card':
        return refused(400, texts.sandbox.invalidCard);
      case 'nothing-owed':
        return backToPortal(reply, id);
    }
  });

  /** The trial's test clock: to its reminder point, or to its end. */
  function trialClockAction(action: string, point: TrialClockPoint, done: string) {
    portalForm(action, async ({ id, found, reply }) => {
      if (found.trial === undefined || found.trial.ended) return backToPortal(reply, id);
      await advanceTrialClock(app, found.trial.customerId, point);
      return backToPortal(reply, id, done);
    });
  }
  trialClockAction('trial-reminder', 'reminder', 'trial-reminder');
  trialClockAction('trial-end', 'end', 'trial-ended');

  // Cancelling ends the subscription at the period's end, as the portal's API does.
  portalAction('cancel', 'canceled', async (_customer, subscription) => {
    await mirrorSubscription(app, await provider.cancelAtPeriodEnd(subscription));
  });
  portalAction('resume', 'resumed', async (_customer, subscription) => {
    await mirrorSubscription(app, await provider.resumeSubscription(subscription));
  });
  // The test clock: its events reach the server through the webhook's own path.
  portalAction('advance', 'advanced', async (customer) => {
    await deliver(await provider.advanceToPeriodEnd(customer));
  });
  portalAction('fail-payment', 'failed', async (customer) => {
    await deliver(await provider.failPayment(customer));
  });
}
