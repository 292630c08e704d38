import type { FastifyInstance } from 'fastify';
import { createReplacedSubscriptionSweep } from '../../payments/fulfilment.ts';
import { createPaymentProvider } from '../../payments/index.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { SandboxProvider } from '../../payments/sandbox/provider.ts';
import { onboardingRoutes } from './onboarding.ts';
import { purchaseRoutes } from './purchase.ts';
import { sandboxPages } from './sandbox.ts';
import { fulfilmentOf } from './fulfil.ts';
import { stripeRoutes } from './stripe.ts';
import { webhookRoutes } from './webhook.ts';
import { accountDeletionRoutes } from '../customers/index.ts';
import { subscriptionLifecycleRoutes } from '../subscription/index.ts';

function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'pay' in provider;
}

/** Builds a provider over the app's database (tests point Stripe at a local fake this way). */
export type PaymentProviderFactory = (deps: {
  db: FastifyInstance['db'];
  config: FastifyInstance['config'];
}) => PaymentProvider;

export interface PaymentRoutesOptions {
  /**
   * `buildApp`'s `payments` option: a provider, a PaymentProviderFactory, or undefined for the
   * one the config selects (Stripe when STRIPE_SECRET_KEY is set, else the sandbox).
   */
  payments?: PaymentProvider | PaymentProviderFactory | undefined;
}

/**
 * Purchase, onboarding, customer portal and provider webhook: every `/api/stripe/*` and
 * `/api/onboarding/*` path of the contract, the subscription's lifecycle and the account's
 * deletion (both act at the provider), plus the sandbox provider's hosted pages.
 */
export async function paymentRoutes(
  app: FastifyInstance,
  options: PaymentRoutesOptions,
): Promise<void> {
  const given =
    typeof options.payments === 'function'
      ? options.payments({ db: app.db, config: app.config })
      : options.payments;
  const provider = given ?? createPaymentProvider(app.config, app.db, app.now);
  await app.register(stripeRoutes, { provider });
  await app.register(onboardingRoutes, { provider });
  await app.register(purchaseRoutes, { provider });
  await app.register(webhookRoutes, { provider });
  await app.register(subscriptionLifecycleRoutes, { provider });
  await app.register(accountDeletionRoutes, { provider });
  if (isSandbox(provider)) await app.register(sandboxPages, { db: app.db, provider });
  // Replaced subscriptions whose cancellation at the provider failed are tried again while
  // serving (docs/decisions.md, 'Attaching over a paid subscription still running'); stopped
  // before the database closes.
  const replacedSweep = createReplacedSubscriptionSweep(fulfilmentOf(app, provider));
  app.addHook('onListen', async () => replacedSweep.start());
  app.addHook('onClose', async () => replacedSweep.stop());
}
