import {
  findAdminByEmail,
  findCustomerByEmail,
  insertAdmin,
  insertCustomer,
} from '../accounts/accounts.repo.ts';
import { hashPassword } from '../auth/passwords.ts';
import { newId } from '../auth/tokens.ts';
import { systemActor } from '../journal/journal.repo.ts';
import type { ServerConfig } from '../config.ts';
import type { Database } from '../db/database.ts';
import { createPaymentProvider, type SandboxProvider } from '../payments/index.ts';
import { SANDBOX_CARDS } from '../payments/sandbox/provider.ts';
import { claimForAccount, markAttached } from '../payments/checkout-sessions.repo.ts';
import { findPlanPrice } from '../plans/plans.repo.ts';
import { insertSubscription } from '../subscriptions/subscriptions.repo.ts';

/** The newcomer's account (README, "Run the product"). */
export const DEMO_CUSTOMER = {
  email: 'demo@theme-portal.test',
  password: 'Demo1234!',
  firstName: 'Camille',
  lastName: 'Démo',
  shopDomain: 'demo-boutique.myshopify.com',
  planId: 'scale',
} as const;

/** The demo's back-office account (README, "Run the product"). */
export const DEMO_ADMIN = {
  email: 'admin@theme-portal.test',
  password: 'Admin1234!',
  firstName: 'Alex',
  lastName: 'Démo',
} as const;

/**
 * Creates the demo admin and the demo customer with an active Scale subscription, once (a second run changes
 * nothing). With the sandbox provider the subscription is bought through the sandbox itself,
 * so the customer portal shows it; with Stripe only the local subscription is written.
 */
export async function seedDemo(
  db: Database,
  config: Pick<ServerConfig, 'stripeSecretKey' | 'stripeWebhookSecret' | 'publicOrigin'>,
): Promise<'created' | 'exists'> {
  if ((await findAdminByEmail(db, DEMO_ADMIN.email)) === undefined) {
    await insertAdmin(db, {
      id: newId(),
      email: DEMO_ADMIN.email,
      password_hash: await hashPassword(DEMO_ADMIN.password),
      first_name: DEMO_ADMIN.firstName,
      last_name: DEMO_ADMIN.lastName,
    });
  }
  if ((await findCustomerByEmail(db, DEMO_CUSTOMER.email)) !== undefined) return 'exists';

  let provider: { customer: string | null; subscription: string | null; session: string | null } = {
    customer: null,
    subscription: null,
    session: null,
  };
  const payments = createPaymentProvider(config, db);
  if (payments.name === 'sandbox') {
    const sandbox = payments as SandboxProvider;
    const entry = await findPlanPrice(db, DEMO_CUSTOMER.planId, 'monthly');
    if (entry === null) throw new Error('Plans are not seeded');
    const session = await sandbox.createCheckoutSession({
      ...entry,
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
  const passwordHash = await hashPassword(DEMO_CUSTOMER.password);
  await db.transaction(async (tx) => {
    await insertCustomer(
      tx,
      {
        id,
        email: DEMO_CUSTOMER.email,
        password_hash: passwordHash,
        first_name: DEMO_CUSTOMER.firstName,
        last_name: DEMO_CUSTOMER.lastName,
        shop_domain: DEMO_CUSTOMER.shopDomain,
        stripe_customer_id: provider.customer,
        created_at: new Date(),
      },
      systemActor,
    );
    await insertSubscription(tx, {
      customer_id: id,
      plan_id: DEMO_CUSTOMER.planId,
      billing_cycle: 'monthly',
      provider_subscription_id: provider.subscription,
      checkout_session_id: provider.session,
    });
    if (provider.session !== null) {
      // The paid session has served: nobody can onboard a second account with it.
      await claimForAccount(tx, provider.session);
      await markAttached(tx, provider.session, id);
    }
  });
  return 'created';
}
