import { formatDate, messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById, keepProviderCustomerId } from '../../accounts/accounts.repo.ts';
import { accountOf } from '../../auth/guards.ts';
import { conflict, isUniqueViolation, notFound, unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { checkoutPrice } from '../../payments/checkout-request.ts';
import {
  expireCheckoutSession,
  findOpenCustomerCheckout,
  OPEN_SESSION_INDEX,
  recordCustomerCheckout,
} from '../../payments/checkout-sessions.repo.ts';
import { attachPaidSession, fulfilmentOf, syncCheckoutSession } from '../../payments/fulfilment.ts';
import type { BillingCycle } from '../../payments/provider.ts';
import { withLiteralPlaceholder } from '../../payments/redirects.ts';
import { currentSubscription } from '../../subscriptions/current.ts';
import { isPaidAndRunning } from '../../subscriptions/status.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { texts } from '../../texts.ts';

/**
 * Buying while signed in: the checkout, then the attach on return (docs/product.md, 'Purchase
 * paths'). Guarded by the folder (`subscriptionFolder`).
 */
export async function purchaseRoutes(app: FastifyInstance): Promise<void> {
  const { db, payments: provider } = app;
  const fulfilment = fulfilmentOf(app);

  /** The account's open session for this plan and cycle, if the provider still has it open. */
  async function openSession(customerId: string, planId: string, cycle: BillingCycle) {
    const found = await findOpenCustomerCheckout(db, customerId, planId, cycle);
    if (found === null) return null;
    // Paid or expired at the provider meanwhile: recorded so, and no longer offered.
    const session = await syncCheckoutSession(db, provider, found.id);
    return session?.status === 'open' && session.payment_status === 'unpaid' ? found : null;
  }

  /** The account's provider customer, created on its first purchase. */
  async function providerCustomerOf(account: {
    id: string;
    email: string;
    first_name: string;
    last_name: string;
    stripe_customer_id: string | null;
  }): Promise<string> {
    if (account.stripe_customer_id !== null) return account.stripe_customer_id;
    const created = await provider.createCustomer({
      email: account.email,
      name: `${account.first_name} ${account.last_name}`,
    });
    // Two first clicks at once both create one; the account keeps the first stored.
    return (await keepProviderCustomerId(db, account.id, created.id)) ?? created.id;
  }

  app.post<RouteOf<'/api/client/subscription/checkout', 'post'>>(
    '/api/client/subscription/checkout',
    async (request) => {
      const accountId = accountOf(request).id;
      const { billingCycle, successUrl, cancelUrl } = request.body;
      const entry = await checkoutPrice(app, request.ip, request.body);
      const account = await findCustomerById(db, accountId);
      if (account === undefined) throw unauthorized();

      const subscription = await subscriptionOf(db, accountId);
      if (isPaidAndRunning(subscription, app.now())) {
        // A cancelled subscription still running is resumed, not bought a second time
        // (docs/decisions.md, 'Signed-in checkout').
        throw conflict(
          subscription?.cancel_at_period_end === true
            ? texts.payments.resumeInstead(formatDate(subscription.current_period_end))
            : messages.purchase.alreadySubscribed,
        );
      }

      const existing = await openSession(accountId, entry.plan.id, billingCycle);
      if (existing !== null) return { data: existing };

      const customerId = await providerCustomerOf(account);
      const success = withLiteralPlaceholder(successUrl);
      const created = await provider.createCheckoutSession({
        ...entry,
        billingCycle,
        successUrl: success,
        cancelUrl,
        customerId,
        customerEmail: account.email,
      });
      const record = () =>
        recordCustomerCheckout(db, {
          id: created.id,
          provider: provider.name,
          plan_id: entry.plan.id,
          price_id: entry.price.id,
          billing_cycle: billingCycle,
          amount_total: entry.price.unit_amount,
          success_url: success,
          cancel_url: cancelUrl,
          customer_email: account.email,
          customer_id: accountId,
          provider_customer_id: customerId,
          url: created.url,
        });
      try {
        await record();
      } catch (error) {
        if (!isUniqueViolation(error, OPEN_SESSION_INDEX)) throw error;
        const first = await findOpenCustomerCheckout(db, accountId, entry.plan.id, billingCycle);
        if (first === null) {
          // The session that won was paid or expired meanwhile: this one is the open one.
          await record();
          return { data: created };
        }
        // A concurrent click recorded its session first: that one is answered to both, and
        // this one, never shown to anybody, can no longer be paid.
        await expireCheckoutSession(db, created.id);
        return { data: first };
      }
      return { data: created };
    },
  );

  app.post<RouteOf<'/api/client/subscription/attach', 'post'>>(
    '/api/client/subscription/attach',
    async (request) => {
      const accountId = accountOf(request).id;
      const outcome = await attachPaidSession(fulfilment, request.body.session_id, accountId);
      if (outcome === 'unknown') throw notFound(texts.payments.sessionNotFound);
      if (outcome === 'taken') throw conflict(messages.purchase.paymentAttachedElsewhere);
      if (outcome === 'unpaid') throw conflict(messages.purchase.paymentNotConfirmed);
      return currentSubscription(db, accountId, app.now());
    },
  );
}
