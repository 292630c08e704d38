import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox/provider.ts';
import { createStripeProvider } from './stripe/provider.ts';

export type { PaymentProvider } from './provider.ts';
export { createSandboxProvider, type SandboxProvider } from './sandbox/provider.ts';
export { createStripeProvider } from './stripe/provider.ts';

/** Builds a provider over the app's database (tests point Stripe at a local fake this way). */
export type PaymentProviderFactory = (deps: {
  db: Database;
  config: ServerConfig;
}) => PaymentProvider;

/**
 * The app's provider (`app.payments`): the one `buildApp` is given, a provider or a
 * PaymentProviderFactory (tests), else the one the config selects.
 */
export function choosePaymentProvider(
  given: PaymentProvider | PaymentProviderFactory | undefined,
  deps: { db: Database; config: ServerConfig; now: () => Date },
): PaymentProvider {
  if (typeof given === 'function') return given(deps);
  return given ?? createPaymentProvider(deps.config, deps.db, deps.now);
}

/** Stripe when STRIPE_SECRET_KEY is set, otherwise the sandbox served by this server. */
export function createPaymentProvider(
  config: Pick<ServerConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'publicOrigin'>,
  db: Database,
  now?: () => Date,
): PaymentProvider {
  return config.stripeSecretKey === undefined
    ? createSandboxProvider({
        db,
        publicOrigin: config.publicOrigin,
        webhookSecret: config.stripeWebhookSecret,
        ...(now === undefined ? {} : { now }),
      })
    : createStripeProvider({
        db,
        secretKey: config.stripeSecretKey,
        webhookSecret: config.stripeWebhookSecret,
      });
}
