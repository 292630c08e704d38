import { newId } from '../auth/tokens.ts';
import type { Database } from '../db/database.ts';
import { enqueueMail } from '../mail/index.ts';
import type { MailLog } from '../mail/worker.ts';
import { createPeriodicJob, type PeriodicJob } from '../periodic.ts';
import { subscriptionTabUrl } from './lifecycle.ts';
import { markTrialReminded, trialsToRemind } from './subscriptions.repo.ts';

/** The 'trial ending' mail goes out this long before the trial's end. */
export const TRIAL_REMINDER_DAYS = 2;

export interface TrialReminderOptions {
  db: Database;
  now: () => Date;
  publicOrigin: string;
  /** A mail was queued: the mail worker sends it now rather than at its next poll. */
  wakeMail: () => void;
}

/**
 * One sweep (docs/operations.md, 'Mail'): every trial still running that ends within
 * TRIAL_REMINDER_DAYS gets its 'trial ending' mail, once (`trial_reminder_sent_at`, set in the
 * write that queues it; SKIP LOCKED lets replicas sweep together). Answers how many it queued.
 */
export async function sendTrialReminders(options: TrialReminderOptions): Promise<number> {
  const { db, now, publicOrigin } = options;
  let total = 0;
  for (;;) {
    const at = now();
    const before = new Date(at.getTime() + TRIAL_REMINDER_DAYS * 24 * 3600 * 1000);
    const queued = await db.transaction(async (tx) => {
      const trials = await trialsToRemind(tx, { now: at, before, limit: 100 });
      for (const trial of trials) {
        await enqueueMail(tx, {
          id: newId(),
          kind: 'trial-ending',
          recipient: trial.email,
          payload: {
            trialEnd: new Date(trial.trial_end).toISOString(),
            link: subscriptionTabUrl(publicOrigin),
          },
          created_at: at,
        });
        await markTrialReminded(tx, trial.id, at);
      }
      return trials.length;
    });
    total += queued;
    if (queued < 100) break;
  }
  if (total > 0) options.wakeMail();
  return total;
}

export function createTrialReminderTicker(
  options: TrialReminderOptions & { log: MailLog; periodSeconds?: number },
): PeriodicJob {
  return createPeriodicJob({
    periodSeconds: options.periodSeconds ?? 15 * 60,
    run: async () => {
      const queued = await sendTrialReminders(options);
      if (queued > 0) options.log.info({ queued }, 'trial reminders queued');
    },
    log: options.log,
    failure: 'trial reminder sweep failed',
  });
}
