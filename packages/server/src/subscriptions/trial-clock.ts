import { effectiveStatus } from '@portal/core/domain';
import type { FastifyInstance } from 'fastify';
import { setTrialEnd, subscriptionOf } from './subscriptions.repo.ts';
import { sendTrialReminders, TRIAL_REMINDER_DAYS } from './trial-reminders.ts';

/** Where the sandbox's test clock can take a trial. */
export type TrialClockPoint = 'reminder' | 'end';

/**
 * The trial's end brought to `end` when it is later (a trial never moves back): answers whether
 * it moved. In one write with the row locked, which announces the customer's licences (their
 * expiry and access follow the trial).
 */
async function bringTrialEndTo(
  app: FastifyInstance,
  customerId: string,
  end: Date,
): Promise<boolean> {
  return app.readCache.write(app.db, async (tx, changed) => {
    const row = await subscriptionOf(tx, customerId, { forUpdate: true });
    if (row?.status !== 'trialing' || row.trial_end === null || row.trial_end <= end) return false;
    await setTrialEnd(tx, row.id, end);
    await changed({ type: 'licences', customerId });
    return true;
  });
}

/**
 * The sandbox's test clock for a trial (docs/product.md, 'Subscription lifecycle'). The server's
 * clock is every customer's, so the trial moves instead, as if its customer's time had passed:
 * to the reminder point, its end is brought to TRIAL_REMINDER_DAYS from now and the reminder
 * sweep runs as its timer would (the 'trial ending' mail, once per trial); to the end, it passes
 * the reminder point on the way, then ends now (`trial_ended`). A trial that already ended, or
 * a customer in none, is left as it is. Answers whether the trial moved.
 */
export async function advanceTrialClock(
  app: FastifyInstance,
  customerId: string,
  point: TrialClockPoint,
): Promise<boolean> {
  const row = await subscriptionOf(app.db, customerId);
  if (row === undefined || effectiveStatus(row, app.now()) !== 'trialing') return false;
  const reminderAt = new Date(app.now().getTime() + TRIAL_REMINDER_DAYS * 24 * 3600 * 1000);
  const reminded = await bringTrialEndTo(app, customerId, reminderAt);
  await sendTrialReminders({
    db: app.db,
    now: app.now,
    publicOrigin: app.config.publicOrigin,
    wakeMail: () => app.mail.wake(),
  });
  if (point === 'reminder') return reminded;
  return bringTrialEndTo(app, customerId, app.now());
}
