import { effectiveStatus, subscriptionMrrCents, type components } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { customerEvents, owedByCustomer, type JournalEventType } from '../journal/journal.repo.ts';
import { journalEventJson } from '../journal/journal.ts';
import { listLicences } from '../licences/licences.repo.ts';
import { adminLicenceJson } from '../licences/licences.ts';
import { renderMail } from '../mail/messages.ts';
import { paidUnusedSessionsOf } from '../payments/checkout-sessions.repo.ts';
import { statusOf } from '../subscriptions/status.ts';
import { subscriptionOf } from '../subscriptions/subscriptions.repo.ts';
import { latestVersionOf } from '../releases/releases.ts';
import {
  customerMails,
  findListedCustomer,
  type CustomerListRow,
  type CustomerMailRow,
} from './customers.repo.ts';

type Schemas = components['schemas'];

/** The journal's events a customer's subscription history shows. */
const historyTypes: readonly JournalEventType[] = [
  'trial_started',
  'trial_ended',
  'checkout_paid',
  'payment_succeeded',
  'payment_failed',
  'plan_changed',
  'cancellation_scheduled',
  'subscription_resumed',
  'subscription_ended',
];

/** How many events and mails a customer's page shows, newest first. */
const SHOWN = 100;

/** A customer of the list, its subscription judged by the clock at `now` (core's status owner). */
export function customerSummaryJson(
  row: CustomerListRow,
  now: Date,
): Schemas['AdminCustomerSummary'] {
  const stored =
    row.plan_id === null ||
    row.plan_name === null ||
    row.billing_cycle === null ||
    row.status === null ||
    row.monthly_price_cents === null ||
    row.yearly_price_cents === null
      ? undefined
      : {
          plan_id: row.plan_id,
          plan_name: row.plan_name,
          billing_cycle: row.billing_cycle,
          status: row.status,
          trial_end: row.trial_end,
          cancel_at_period_end: row.cancel_at_period_end === true,
          current_period_end: row.current_period_end,
          monthly_price_cents: row.monthly_price_cents,
          yearly_price_cents: row.yearly_price_cents,
        };
  const status = stored === undefined ? undefined : effectiveStatus(stored, now);
  return {
    _id: row.id,
    kind: row.kind,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    company_name: row.company_name,
    shop_domain: row.shop_domain,
    created_at: row.created_at.toISOString(),
    subscription:
      stored === undefined || status === undefined
        ? null
        : {
            plan_id: stored.plan_id,
            plan_name: stored.plan_name,
            billing_cycle: stored.billing_cycle,
            status,
            mrr_cents: subscriptionMrrCents({ ...stored, status }),
          },
    licenses_used: row.licenses_used,
  };
}

/** A mail of the outbox without its content: its subject, where it went and how its sending went. */
function mailJson(row: CustomerMailRow): Schemas['AdminMail'] {
  let subject: string;
  try {
    subject = renderMail(row).subject;
  } catch {
    // A kind this server no longer renders: its name says what it was.
    subject = row.kind;
  }
  return {
    _id: row.id,
    kind: row.kind,
    subject,
    recipient: row.recipient,
    created_at: row.created_at.toISOString(),
    status: row.sent_at !== null ? 'sent' : row.failed_at !== null ? 'failed' : 'pending',
    sent_at: row.sent_at?.toISOString() ?? null,
    failed_at: row.failed_at?.toISOString() ?? null,
    attempts: row.attempts,
    last_error: row.last_error,
  };
}

/**
 * One customer as support sees it (docs/product.md#back-office): undefined when no account and
 * no payment awaiting one has this id.
 */
export async function customerDetail(
  app: Pick<FastifyInstance, 'db' | 'now' | 'readCache'>,
  id: string,
): Promise<Schemas['AdminCustomerDetail'] | undefined> {
  const { db } = app;
  const now = app.now();
  const row = await findListedCustomer(db, id);
  if (row === undefined) return undefined;
  const account = row.kind === 'account';
  const subscription = account ? await subscriptionOf(db, id) : undefined;
  const status = statusOf(subscription, now);
  const owed = status === 'past_due' ? (await owedByCustomer(db, [id])).get(id) : undefined;
  const licences = account ? await listLicences(db, id) : [];
  const history = account ? await customerEvents(db, id, historyTypes, SHOWN) : [];
  const mails = await customerMails(db, { id: account ? id : null, email: row.email }, SHOWN);
  const pending = await paidUnusedSessionsOf(db, row.email);
  return {
    customer: {
      ...customerSummaryJson(row, now),
      phone: row.phone,
      stripe_customer_id: row.stripe_customer_id,
    },
    subscription:
      subscription === undefined || status === undefined
        ? null
        : {
            plan_id: subscription.plan_id,
            plan_name: subscription.plan_name,
            billing_cycle: subscription.billing_cycle,
            status,
            price_cents:
              subscription.billing_cycle === 'monthly'
                ? subscription.monthly_price_cents
                : subscription.yearly_price_cents,
            mrr_cents: subscriptionMrrCents({ ...subscription, status }),
            current_period_end: subscription.current_period_end?.toISOString() ?? null,
            trial_end: subscription.trial_end?.toISOString() ?? null,
            cancel_at_period_end: subscription.cancel_at_period_end && status !== 'canceled',
            provider_subscription_id: subscription.provider_subscription_id,
            amount_owed_cents: owed ?? null,
            licenses_limit: subscription.max_licenses,
          },
    history: history.map(journalEventJson),
    licenses: licences.map((licence) => adminLicenceJson(licence, row.email)),
    latest_version: await latestVersionOf(app),
    mails: mails.map(mailJson),
    pending_purchases: pending.map((session) => ({
      _id: session.id,
      email: session.customer_email ?? row.email,
      plan_id: session.plan_id,
      plan_name: session.plan_name,
      billing_cycle: session.billing_cycle,
      amount_cents: session.amount_total,
      paid_at: session.paid_at?.toISOString() ?? null,
    })),
    actions: { resend_onboarding_link: pending.length > 0, send_password_reset: account },
  };
}
