import { accessRefusal, givesAccess, messages, normalizeShopDomain } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { findCustomerById } from '../accounts/accounts.repo.ts';
import { newId } from '../auth/tokens.ts';
import { badRequest, conflict, forbidden, isUniqueViolation, notFound } from '../http/errors.ts';
import type { Actor } from '../journal/journal.repo.ts';
import { statusOf } from '../subscriptions/status.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.repo.ts';
import { texts } from '../texts.ts';
import {
  THEME_NAME,
  licenceConflict as duplicate,
  licenceDomains,
  refuseSuspended,
} from './licences.ts';
import {
  countActiveLicences,
  customDomainTaken,
  deleteLicence,
  insertLicence,
  lockLicence,
  setLicenceSuspension,
  transferLicenceShop,
  updateLicenceDomains,
  type LicenceRow,
} from './licences.repo.ts';

/**
 * The licence operations the routes share (docs/architecture.md, 'Routes, guards and services'),
 * each one write that locks the licence and checks the state it was asked to change, so two
 * people acting at once cannot leave it in a state neither chose (docs/product.md#back-office);
 * each journaled with who did it.
 */

type App = Pick<FastifyInstance, 'db' | 'readCache' | 'now'>;

/** Who acts, why, and (an admin) the licence's version as read. */
export interface LicenceAction {
  actor: Actor;
  reason?: string | undefined;
  /** The `version` the admin read: another one answers 409 and changes nothing. */
  expectedVersion?: number | undefined;
}

/** The write's journal facts. */
const writeOf = (app: App, action: LicenceAction) => ({
  actor: action.actor,
  at: app.now(),
  // A reason of spaces only is none.
  reason: action.reason?.trim() || null,
});

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
  action: LicenceAction;
}

/**
 * Creating a licence, the one operation behind the customer's and the admin's routes: the
 * domains' rules (400), the customer (404), the plan when enforced (403), a custom domain
 * another licence has (409), then the active licence, in one write with the subscription row
 * locked, so two creations cannot both take the last place.
 */
export async function createLicence(app: App, creation: LicenceCreation): Promise<LicenceRow> {
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
      return insertLicence(
        tx,
        changed,
        {
          id: newId(),
          customer_id: customerId,
          custom_domain: domains.custom_domain,
          shop_domain: domains.shop_domain,
          theme_name: creation.themeName?.trim() || THEME_NAME,
          fixed_expiry: creation.expiresAt,
        },
        writeOf(app, creation.action),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/** The licence `id`, locked, as the action may change it; 404 or 409 otherwise. */
async function lockedFor(
  tx: Parameters<typeof lockLicence>[0],
  id: string,
  action: LicenceAction & { customerId?: string },
): Promise<LicenceRow> {
  const row = await lockLicence(tx, id);
  // Another customer's licence is not there for this one.
  if (
    row === undefined ||
    (action.customerId !== undefined && row.customer_id !== action.customerId)
  ) {
    throw notFound(messages.licences.notFound);
  }
  if (action.expectedVersion !== undefined && row.version !== action.expectedVersion) {
    throw conflict(messages.admin.licenceChanged);
  }
  return row;
}

/**
 * A customer changes its own licence's domains (docs/product.md#licence-form): 404 for another
 * customer's, 403 while an admin suspends it, 409 for a custom domain another licence has.
 */
export async function editLicence(
  app: App,
  edit: { id: string; customerId: string; domains: { custom_domain: string; shop_domain: string } },
): Promise<LicenceRow> {
  const domains = licenceDomains(edit.domains);
  const action = { actor: { kind: 'customer', id: edit.customerId } } as const;
  try {
    return await app.readCache.write(app.db, async (tx, changed) => {
      const row = await lockedFor(tx, edit.id, { ...action, customerId: edit.customerId });
      refuseSuspended(row);
      if (await customDomainTaken(tx, domains.custom_domain, edit.id)) throw duplicate();
      return updateLicenceDomains(tx, changed, row, domains, writeOf(app, action));
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicate();
    throw error;
  }
}

/**
 * Deletes a licence: a customer's own one unless suspended (404, 403), or any one by an admin
 * (at the version it read, when it names one).
 */
export async function removeLicence(
  app: App,
  removal: { id: string; customerId?: string; action: LicenceAction },
): Promise<void> {
  await app.readCache.write(app.db, async (tx, changed) => {
    const row = await lockedFor(tx, removal.id, {
      ...removal.action,
      ...(removal.customerId === undefined ? {} : { customerId: removal.customerId }),
    });
    if (removal.customerId !== undefined) refuseSuspended(row);
    await deleteLicence(tx, changed, row, writeOf(app, removal.action));
  });
}

/**
 * An admin suspends or reinstates a licence with a reason (docs/product.md, 'Licence
 * verification'). A licence already in that state (another admin's doing, or a moment before)
 * is left as it is: 409, its first date and reason kept.
 */
export async function changeSuspension(
  app: App,
  change: { id: string; suspend: boolean; action: LicenceAction & { reason: string } },
): Promise<LicenceRow> {
  // As in the forms, a reason of spaces only is a missing one.
  const reason = change.action.reason.trim();
  if (reason === '') throw badRequest({ reason: texts.validation.fieldRequired });
  const action = { ...change.action, reason };
  return app.readCache.write(app.db, async (tx, changed) => {
    const row = await lockedFor(tx, change.id, action);
    if (change.suspend && row.suspended_at !== null) {
      throw conflict(messages.admin.licenceAlreadySuspended);
    }
    if (!change.suspend && row.suspended_at === null) {
      throw conflict(messages.admin.licenceNotSuspended);
    }
    return setLicenceSuspension(tx, changed, row, {
      ...writeOf(app, action),
      suspend: change.suspend,
      reason,
    });
  });
}

/**
 * An admin moves a licence to another shop domain, normalised as the licence form does, at the
 * version it read; the same shop answers 400.
 */
export async function transferLicence(
  app: App,
  transfer: { id: string; shopDomain: string; action: LicenceAction & { reason: string } },
): Promise<LicenceRow> {
  const reason = transfer.action.reason.trim();
  if (reason === '') throw badRequest({ reason: texts.validation.fieldRequired });
  const shopDomain = normalizeShopDomain(transfer.shopDomain);
  const action = { ...transfer.action, reason };
  return app.readCache.write(app.db, async (tx, changed) => {
    const row = await lockedFor(tx, transfer.id, action);
    if (row.shop_domain === shopDomain) {
      throw badRequest({ shop_domain: messages.admin.sameShop }, messages.admin.sameShop);
    }
    return transferLicenceShop(tx, changed, row, {
      ...writeOf(app, action),
      shop_domain: shopDomain,
    });
  });
}
