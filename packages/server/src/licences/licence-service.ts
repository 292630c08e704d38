import { accessRefusal, givesAccess, messages } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../accounts/accounts.repo.ts';
import { newId } from '../auth/tokens.ts';
import { forbidden, isUniqueViolation, notFound } from '../http/errors.ts';
import { statusOf } from '../subscriptions/status.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.repo.ts';
import { THEME_NAME, licenceConflict as duplicate, licenceDomains } from './licences.ts';
import {
  countActiveLicences,
  customDomainTaken,
  insertLicence,
  type LicenceRow,
} from './licences.repo.ts';

export interface LicenceCreation {
  customerId: string;
  /** As typed: checked here against the licence rules (docs/product.md#licence-form). */
  domains: { custom_domain: string; shop_domain: string };
  /**
   * The customer's own creation: only while the subscription gives access, within its plan's
   * limit. An admin's creation is not held to the plan.
   */
  enforcePlan: boolean;
  /**
   * An admin's explicit expiry (null: none), kept whatever the subscription does; without one,
   * the licence expires with the subscription (its current period's end, a trial's end).
   */
  expiresAt?: Date | null;
  /** An admin's theme name; the product's one theme otherwise. */
  themeName?: string;
}

/**
 * Creating a licence, the one operation behind the customer's and the admin's routes: the
 * domains' rules (400), the customer (404), the plan when enforced (403), a custom domain
 * another licence has (409), then the active licence, in one write with the subscription row
 * locked, so two creations cannot both take the last place.
 */
export async function createLicence(
  app: Pick<FastifyInstance, 'db' | 'readCache' | 'now'>,
  creation: LicenceCreation,
): Promise<LicenceRow> {
  const { customerId, enforcePlan } = creation;
  const domains = licenceDomains(creation.domains);
  try {
    return await app.readCache.write(app.db, async (tx, changed) => {
      if ((await findCustomerById(tx, customerId)) === undefined) throw notFound();
      const subscription = await subscriptionOf(tx, customerId, { forUpdate: true });
      if (enforcePlan) {
        const status = statusOf(subscription, app.now());
        if (subscription === undefined || !givesAccess(status)) {
          throw forbidden(accessRefusal(status));
        }
        if ((await countActiveLicences(tx, customerId)) >= subscription.max_licenses) {
          throw forbidden(messages.licences.limitWarning(subscription.max_licenses));
        }
      }
      if (await customDomainTaken(tx, domains.custom_domain, null)) throw duplicate();
      return insertLicence(tx, changed, {
        id: newId(),
        customer_id: customerId,
        custom_domain: domains.custom_domain,
        shop_domain: domains.shop_domain,
        theme_name: creation.themeName?.trim() || THEME_NAME,
        fixed_expiry: creation.expiresAt,
        created_at: app.now(),
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}
