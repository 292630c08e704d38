import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import type { PaymentProvider } from './provider.ts';
import { createSandboxProvider } from './sandbox/provider.ts';
import { createStripeProvider } from './stripe/provider.ts';

export type { PaymentProvider } from './provider.ts';
export { createSandboxProvider, type SandboxProvider } from './sandbox/provider.ts';
export { createStripeProvider } from './stripe/provider.ts';

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
