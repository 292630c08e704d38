import { isValidShopDomain, messages, normalizeShopDomain } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import {
  customerJson,
  findCustomerById,
  insertCustomer,
  normalizeEmail,
  takenBySomeoneElse,
} from '../../accounts/accounts.repo.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { newId } from '../../auth/tokens.ts';
import {
  badRequest,
  conflict,
  isUniqueViolation,
  tooManyRequests,
  type FieldErrors,
} from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';
import { spendBudget } from '../../limits/request-budgets.repo.ts';
import { startTrial } from '../../subscriptions/lifecycle.ts';

function conflictError(taken: { email: boolean; shop_domain: boolean }) {
  const errors: FieldErrors = {};
  if (taken.email) errors.email = messages.onboarding.emailTaken;
  if (taken.shop_domain) errors.shop_domain = messages.profile.conflict;
  return conflict(messages.profile.conflict, errors);
}

export async function registerRoutes(app: FastifyInstance): Promise<void> {
  app.post<RouteOf<'/api/client/auth/register', 'post'>>(
    '/api/client/auth/register',
    async (request, reply) => {
      const { body } = request;
      // Accounts created per address and window, as many as the failed logins it may try.
      const { perAddress, windowSeconds } = app.config.loginLimit;
      const budget = { key: `register:${request.ip}`, max: perAddress, windowSeconds };
      const wait = await spendBudget(app.db, budget, app.now());
      if (wait !== undefined) throw tooManyRequests(wait);
      if (!isValidShopDomain(body.shop_domain)) {
        throw badRequest({ shop_domain: messages.validation.shopDomainInvalid });
      }
      const values = {
        email: normalizeEmail(body.email),
        shop_domain: normalizeShopDomain(body.shop_domain),
      };
      const taken = await takenBySomeoneElse(app.db, values, null);
      if (taken.email || taken.shop_domain) throw conflictError(taken);
      const id = newId();
      // docs/product.md#new-passwords: the contract's NewPassword (core's rule) checked it.
      const passwordHash = await hashPassword(body.password);
      try {
        // The account and its free trial are one write (docs/product.md, 'Subscription lifecycle').
        await app.db.transaction(async (tx) => {
          await insertCustomer(tx, {
            id,
            email: values.email,
            password_hash: passwordHash,
            first_name: body.first_name.trim(),
            last_name: body.last_name.trim(),
            shop_domain: values.shop_domain,
            created_at: app.now(),
          });
          await startTrial(tx, id, app.now());
        });
      } catch (error) {
        // Two registrations racing for the same email or shop: the loser gets the 409 too.
        if (isUniqueViolation(error))
          throw conflictError(await takenBySomeoneElse(app.db, values, id));
        throw error;
      }
      const customer = await findCustomerById(app.db, id);
      if (customer === undefined) throw new Error('customer vanished after insert');
      return reply
        .code(201)
        .send({ message: messages.signup.success, customer: customerJson(customer) });
    },
  );
}
