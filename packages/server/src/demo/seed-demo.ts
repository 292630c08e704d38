import { hashPassword } from '../auth/passwords.ts';
import { newId } from '../auth/tokens.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createPaymentProvider, type SandboxProvider } from '../payments/index.ts';
import { SANDBOX_CARDS } from '../payments/sandbox/provider.ts';

/** The newcomer's account (README, "Run the product"). */
export const DEMO_CUSTOMER = {
  email: 'demo@theme-portal.test',
  password: 'Demo1234!',
  firstName: 'Camille',
  lastName: 'Démo',
  shopDomain: 'demo-boutique.myshopify.com',
  planId: 'scale',
} as const;

/**
 * Creates the demo customer with an active Scale subscription, once (a second run changes
 * nothing). With the sandbox provider the subscription is bought through the sandbox itself,
 * so the customer portal shows it; with Stripe only the local subscription is written.
 */
export async function seedDemo(
  db: Database,
  config: Pick<ServerConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'publicOrigin'>,
): Promise<'created' | 'exists'> {
  const existing = await db.query('SELECT 1 FROM customers WHERE lower(email) = $1', [
    DEMO_CUSTOMER.email,
  ]);
  if (existing.length > 0) return 'exists';

  let provider: { customer: string | null; subscription: string | null; session: string | null } = {
    customer: null,
    subscription: null,
    session: null,
  };
  const payments = createPaymentProvider(config, db);
  if (payments.name === 'sandbox') {
    const sandbox = payments as SandboxProvider;
    const [price] = await db.query<{ id: string; unit_amount: number }>(
      `SELECT id, unit_amount FROM prices WHERE plan_id = $1 AND interval = 'month'`,
      [DEMO_CUSTOMER.planId],
    );
    const [plan] = await db.query<{ id: string; name: string }>(
      'SELECT id, name FROM plans WHERE id = $1',
      [DEMO_CUSTOMER.planId],
    );
    if (price === undefined || plan === undefined) throw new Error('Plans are not seeded');
    const session = await sandbox.createCheckoutSession({
      plan,
      price: { ...price, interval: 'month' },
      billingCycle: 'monthly',
      successUrl: `${config.publicOrigin}/onboarding?session_id={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${config.publicOrigin}/payment/cancel`,
      customerEmail: DEMO_CUSTOMER.email,
    });
    await sandbox.pay(session.id, { card: SANDBOX_CARDS.success, email: DEMO_CUSTOMER.email });
    const paid = await sandbox.retrieveCheckoutSession(session.id);
    provider = {
      customer: paid?.customer ?? null,
      subscription: paid?.subscription ?? null,
      session: session.id,
    };
  }

  const id = newId();
  await db.transaction(async (tx) => {
    await tx.query(
      `INSERT INTO customers (id, email, password_hash, first_name, last_name, shop_domain,
         stripe_customer_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        id,
        DEMO_CUSTOMER.email,
        await hashPassword(DEMO_CUSTOMER.password),
        DEMO_CUSTOMER.firstName,
        DEMO_CUSTOMER.lastName,
        DEMO_CUSTOMER.shopDomain,
        provider.customer,
      ],
    );
    await tx.query(
      `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status,
         provider_subscription_id, checkout_session_id, current_period_end)
       VALUES ($1, $2, $3, 'monthly', 'active', $4, $5, now() + interval '1 month')`,
      [newId(), id, DEMO_CUSTOMER.planId, provider.subscription, provider.session],
    );
    if (provider.session !== null) {
      // The paid session has served: nobody can onboard a second account with it.
      await tx.query(
        'UPDATE checkout_sessions SET used_at = now(), customer_id = $2 WHERE id = $1',
        [provider.session, id],
      );
    }
  });
  return 'created';
}
