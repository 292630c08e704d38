import type { FastifyInstance } from 'fastify';
import { badRequest, notFound, tooManyRequests } from '../http/errors.ts';
import { spendBudget } from '../limits/request-budgets.repo.ts';
import type { BillingCycle } from './provider.ts';
import { isAllowedReturnUrl } from './redirects.ts';
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
