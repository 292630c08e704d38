import { requireCustomer } from '../../auth/guards.ts';
import type { PaymentProvider } from '../../payments/provider.ts';
import type { SandboxProvider } from '../../payments/sandbox/provider.ts';
import type { RouteFolder } from '../folders.ts';
import { checkoutForm } from './checkout-form.ts';
import { sandboxPages } from './sandbox.ts';
import { stripeRoutes } from './stripe.ts';
import { webhookRoutes } from './webhook.ts';

function isSandbox(provider: PaymentProvider): provider is SandboxProvider {
  return provider.name === 'sandbox' && 'pay' in provider;
}

/**
 * The provider's own family: every `/api/stripe/*` path of the contract (a customer's provider
 * data, guarded; the catalogue and a visitor's checkout, public), its webhook, the landing's
 * 'Choisir ce plan' form and the sandbox provider's hosted pages. The webhook and the forms are
 * plugins: each needs a body parser of its own (the signed raw bytes, HTML forms).
 */
export const paymentsFolder: RouteFolder = {
  guard: {
    under: [
      '/api/stripe/customers',
      '/api/stripe/subscriptions',
      '/api/stripe/billing-portal',
      '/api/stripe/customer-portal',
    ],
    hook: requireCustomer,
  },
  async routes(app) {
    await stripeRoutes(app);
    await app.register(webhookRoutes);
    await app.register(checkoutForm);
    const provider = app.payments;
    if (isSandbox(provider)) await app.register(sandboxPages, { provider });
  },
};
