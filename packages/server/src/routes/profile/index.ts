import {
  isValidShopDomain,
  messages,
  normalizeShopDomain,
  validateProfile,
} from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import {
  adminJson,
  customerJson,
  findAdminById,
  findCustomerById,
  normalizeEmail,
  takenBySomeoneElse,
  updateProfile,
} from '../../accounts/accounts.repo.ts';
import { accountOf, requireAccount, requireCustomer } from '../../auth/guards.ts';
import {
  badRequest,
  conflict,
  isUniqueViolation,
  unauthorized,
  type FieldErrors,
} from '../../http/errors.ts';
import type { RouteOf } from '../../http/typed.ts';

export async function profileRoutes(app: FastifyInstance): Promise<void> {
  app.get<RouteOf<'/api/client/profile', 'get'>>(
    '/api/client/profile',
    { onRequest: requireAccount },
    async (request) => {
      const account = accountOf(request);
      if (account.kind === 'admin') {
        const admin = await findAdminById(app.db, account.id);
        if (admin === undefined) throw unauthorized();
        return { admin: adminJson(admin) };
      }
      const customer = await findCustomerById(app.db, account.id);
      if (customer === undefined) throw unauthorized();
      return { customer: customerJson(customer) };
    },
  );

  app.put<RouteOf<'/api/client/profile', 'put'>>(
    '/api/client/profile',
    { onRequest: requireCustomer },
    async (request) => {
      const id = accountOf(request).id;
      const current = await findCustomerById(app.db, id);
      if (current === undefined) throw unauthorized();
      const { body } = request;
      // The profile rules of docs/product.md#profile-form, from core; an absent email keeps the
      // current one (read-only).
      const result = validateProfile({
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email ?? current.email,
        shop_domain: body.shop_domain,
        phone: body.phone ?? '',
        company_name: body.company_name ?? '',
      });
      if (!result.success) throw badRequest(result.errors as FieldErrors);
      const values = result.output;
      if (!isValidShopDomain(values.shop_domain)) {
        throw badRequest({ shop_domain: messages.validation.shopDomainInvalid });
      }
      const email = normalizeEmail(values.email);
      const shopDomain = normalizeShopDomain(values.shop_domain);
      const taken = await takenBySomeoneElse(app.db, { email, shop_domain: shopDomain }, id);
      const conflictError = (which: typeof taken) => {
        const errors: FieldErrors = {};
        if (which.email) errors.email = messages.profile.conflict;
        if (which.shop_domain) errors.shop_domain = messages.profile.conflict;
        return conflict(messages.profile.conflict, errors);
      };
      if (taken.email || taken.shop_domain) throw conflictError(taken);
      try {
        await updateProfile(
          app.db,
          id,
          {
            first_name: values.first_name,
            last_name: values.last_name,
            email,
            shop_domain: shopDomain,
            phone: values.phone === '' ? null : values.phone,
            company_name: values.company_name === '' ? null : values.company_name,
          },
          app.now(),
        );
      } catch (error) {
        if (isUniqueViolation(error)) {
          throw conflictError(
            await takenBySomeoneElse(app.db, { email, shop_domain: shopDomain }, id),
          );
        }
        throw error;
      }
      const updated = await findCustomerById(app.db, id);
      if (updated === undefined) throw unauthorized();
      return { message: messages.profile.updateSuccess, customer: customerJson(updated) };
    },
  );
}
