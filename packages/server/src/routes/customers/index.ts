import { messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import {
  customerPreferences,
  deleteCustomer,
  findCustomerById,
  saveCustomerDocument,
} from '../../accounts/accounts.repo.ts';
import { checkCurrentPassword } from '../../auth/current-password.ts';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { deletePasswordResetsOf } from '../../auth/password-resets.repo.ts';
import { deleteRefreshTokensOf } from '../../auth/refresh-tokens.repo.ts';
import { serviceUnavailable, tooManyRequests, unauthorized } from '../../http/errors.ts';
import type { components } from '@portal/core/domain';
import type { RouteOf } from '../../http/typed.ts';
import { recordAccountDeleted } from '../../subscriptions/journal-events.ts';
import { stopRenewal } from '../../subscriptions/lifecycle.ts';
import { subscriptionOf } from '../../subscriptions/subscriptions.repo.ts';
import { texts } from '../../texts.ts';
import type { RouteFolder } from '../folders.ts';

/**
 * Preferences, billing details and the account's deletion (no screen uses them; the contract has
 * them).
 */
type Preferences = components['schemas']['Preferences'];

async function customerRoutes(app: FastifyInstance): Promise<void> {
  /** The stored preferences; the release mails are on until turned off (docs/product.md, 'Theme releases'). */
  const preferencesOf = async (id: string): Promise<Preferences> => {
    const stored = await customerPreferences(app.db, id);
    if (stored === undefined) throw unauthorized();
    return { theme_update_emails: true, ...stored } as Preferences;
  };

  app.get<RouteOf<'/customers/preferences', 'get'>>('/customers/preferences', async (request) => ({
    preferences: await preferencesOf(accountOf(request).id),
  }));

  app.put<RouteOf<'/customers/preferences', 'put'>>('/customers/preferences', async (request) => {
    const { id } = accountOf(request);
    // Left out, the release mails' choice stays as stored.
    const preferences: Preferences = {
      theme_update_emails: (await preferencesOf(id)).theme_update_emails,
      ...request.body,
    };
    await saveCustomerDocument(app.db, id, 'preferences', preferences, app.now());
    return { message: texts.customers.preferencesSaved, preferences };
  });

  app.put<RouteOf<'/customers/billing', 'put'>>('/customers/billing', async (request) => {
    const billing = request.body;
    await saveCustomerDocument(app.db, accountOf(request).id, 'billing', billing, app.now());
    return { message: texts.customers.billingSaved, billing };
  });

  // The provider must stop billing an account that is gone (docs/decisions.md, 'Deleting an
  // account stops its billing').
  app.delete<RouteOf<'/customers/account', 'delete'>>(
    '/customers/account',
    async (request, reply) => {
      const account = accountOf(request);
      const customer = await findCustomerById(app.db, account.id);
      if (customer === undefined) throw unauthorized();
      const check = await checkCurrentPassword(
        app.db,
        app.config.loginLimit,
        app.now,
        customer,
        request.body.password,
      );
      if (check.outcome === 'locked') throw tooManyRequests(check.retryAfter);
      if (check.outcome === 'wrong') {
        throw unauthorized(messages.account.deletionWrongPassword);
      }
      // Asked of the provider first: when it cannot be reached, nothing is deleted.
      const providerSubscription = (await subscriptionOf(app.db, account.id))
        ?.provider_subscription_id;
      if (providerSubscription != null) {
        try {
          await stopRenewal(app.payments, providerSubscription);
        } catch (error) {
          app.log.error(
            {
              customerId: account.id,
              providerSubscriptionId: providerSubscription,
              error: error instanceof Error ? error.message : String(error),
            },
            'subscription not cancelled at the provider: account kept',
          );
          throw serviceUnavailable(texts.customers.accountDeletionProviderUnavailable);
        }
      }
      await app.readCache.write(app.db, async (tx, changed) => {
        // The revenue it brought ends with it; journaled before it goes.
        await recordAccountDeleted(tx, account.id, app.now());
        // Licences and the subscription go with the customer (ON DELETE CASCADE).
        await deleteCustomer(tx, changed, account.id);
        await deleteRefreshTokensOf(tx, changed, account);
        await deletePasswordResetsOf(tx, account);
      });
      return reply.code(204).send(undefined);
    },
  );
}

/** Every `/customers/*` path: the logged-in customer's own account. */
export const customersFolder: RouteFolder = {
  guard: { under: ['/customers'], hook: requireCustomer },
  routes: customerRoutes,
};
