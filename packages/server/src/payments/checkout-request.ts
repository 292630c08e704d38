import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, tooManyRequests } from '../http/errors.ts';
import { spendBudget } from '../limits/request-budgets.repo.ts';
import type { BillingCycle } from './provider.ts';
import { insertCheckoutSession } from './checkout-sessions.repo.ts';
import { isAllowedReturnUrl, withLiteralPlaceholder } from './redirects.ts';
import { findPlanPrice } from '../plans/plans.repo.ts';
import { texts } from '../texts.ts';

/** Refuses, naming the fields, any return URL outside the app's own and allowed origins. */
export function assertReturnUrls(
  urls: Record<string, string>,
  allowedOrigins: readonly string[],
): void {
  const refused = Object.entries(urls).filter(
    ([, url]) => !isAllowedReturnUrl(url, allowedOrigins),
  );
  if (refused.length > 0) {
    throw badRequest(
      Object.fromEntries(refused.map(([field]) => [field, texts.payments.returnUrlRefused])),
      texts.payments.returnUrlRefused,
    );
  }
}

export interface CheckoutRequest {
  plan_id: string;
  billingCycle: BillingCycle;
  successUrl: string;
  cancelUrl: string;
}

/**
 * The checks every checkout creation makes, a visitor's or a signed-in customer's, in this
 * order: the return URLs (400), the address's checkout budget (429), the plan's price (404).
 * Answers the plan and price to sell.
 */
export async function checkoutPrice(app: FastifyInstance, ip: string, body: CheckoutRequest) {
  const { db, config } = app;
  const { plan_id, billingCycle, successUrl, cancelUrl } = body;
  assertReturnUrls({ successUrl, cancelUrl }, config.allowedRedirectOrigins);
  const wait = await spendBudget(
    db,
    {
      key: `checkout:${ip}`,
      max: config.checkoutLimit.perAddress,
      windowSeconds: config.checkoutLimit.windowSeconds,
    },
    app.now(),
  );
  if (wait !== undefined) throw tooManyRequests(wait);
  const entry = await findPlanPrice(db, plan_id, billingCycle);
  if (entry === null) throw notFound(texts.payments.planNotFound);
  return entry;
}

/**
 * A visitor's checkout, from the API call or the landing's form without script: the checks above,
 * the provider's session, and its row (the onboarding's gate). Answers the provider's page.
 */
export async function startVisitorCheckout(
  app: FastifyInstance,
  ip: string,
  body: CheckoutRequest,
): Promise<{ id: string; url: string }> {
  const { billingCycle, cancelUrl } = body;
  const successUrl = withLiteralPlaceholder(body.successUrl);
  const entry = await checkoutPrice(app, ip, body);
  const session = await app.payments.createCheckoutSession({
    ...entry,
    billingCycle,
    successUrl,
    cancelUrl,
  });
  // The sandbox has written this row already (it is its state); Stripe's sessions are recorded
  // here so the onboarding gate knows them.
  await insertCheckoutSession(app.db, {
    id: session.id,
    provider: app.payments.name,
    plan_id: entry.plan.id,
    price_id: entry.price.id,
    billing_cycle: billingCycle,
    amount_total: entry.price.unit_amount,
    success_url: successUrl,
    cancel_url: cancelUrl,
  });
  return session;
}
