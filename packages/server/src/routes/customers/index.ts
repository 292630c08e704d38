import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../../accounts/customers.ts';
import { accountOf, requireCustomer } from '../../auth/guards.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { unauthorized } from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { texts } from '../../texts.ts';

/** Preferences, billing details and account deletion (no screen uses them; the contract has them). */
export async function customerRoutes(app: FastifyInstance): Promise<void> {
  app.put<RouteOf<'/customers/preferences', 'put'>>(
    '/customers/preferences',
    { onRequest: requireCustomer },
    async (request) => {
      const preferences = request.body;
      await app.db.query('UPDATE customers SET preferences = $2, updated_at = $3 WHERE id = $1', [
        accountOf(request).id,
        JSON.stringify(preferences),
        app.now(),
      ]);
      return { message: texts.customers.preferencesSaved, preferences };
    },
  );

  app.put<RouteOf<'/customers/billing', 'put'>>(
    '/customers/billing',
    { onRequest: requireCustomer },
    async (request) => {
      const billing = request.body;
      await app.db.query('UPDATE customers SET billing = $2, updated_at = $3 WHERE id = $1', [
        accountOf(request).id,
        JSON.stringify(billing),
        app.now(),
      ]);
      return { message: texts.customers.billingSaved, billing };
    },
  );

  app.delete<RouteOf<'/customers/account', 'delete'>>(
    '/customers/account',
    { onRequest: requireCustomer },
    async (request, reply) => {
      const account = accountOf(request);
      const customer = await findCustomerById(app.db, account.id);
      if (
        customer === undefined ||
        !(await verifyPassword(request.body.password, customer.password_hash))
      ) {
        throw unauthorized(texts.auth.accountDeletionWrongPassword);
      }
      await app.readCache.write(app.db, async (tx, changed) => {
        // Licences and the subscription go with the customer (ON DELETE CASCADE).
        await tx.query('DELETE FROM customers WHERE id = $1', [account.id]);
        await tx.query(
          `DELETE FROM refresh_tokens WHERE account_kind = 'customer' AND account_id = $1`,
          [account.id],
        );
        await tx.query(
          `DELETE FROM password_resets WHERE account_kind = 'customer' AND account_id = $1`,
          [account.id],
        );
        await changed({ type: 'account', kind: 'customer', id: account.id });
      });
      return reply.code(204).send(undefined);
    },
  );
}
