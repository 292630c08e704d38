import { isValidShopDomain, messages, normalizeShopDomain } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import {
  customerJson,
  findCustomerById,
  normalizeEmail,
  takenBySomeoneElse,
} from '../../accounts/customers.ts';
import { recordFailure, retryAfterSeconds } from '../../auth/login-limit.ts';
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
      const key = `register:${request.ip}`;
      const wait = await retryAfterSeconds(
        app.db,
        [{ key, max: perAddress }],
        windowSeconds,
        app.now(),
      );
      if (wait !== undefined) throw tooManyRequests(wait);
      await recordFailure(app.db, [key], windowSeconds, app.now());
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
      try {
        await app.db.query(
          `INSERT INTO customers (id, email, password_hash, first_name, last_name, shop_domain)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [
            id,
            values.email,
            await hashPassword(body.password),
            body.first_name.trim(),
            body.last_name.trim(),
            values.shop_domain,
          ],
        );
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
        .send({ message: messages.auth.registered, customer: customerJson(customer) });
    },
  );
}
