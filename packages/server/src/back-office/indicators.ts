import {
  effectiveStatus,
  givesAccess,
  mrrMovementsOf,
  subscriptionMrrCents,
  type components,
} from '@portal/core/domain';
import type { Database } from '../db/database.ts';
import { moneyEventsSince, owedByCustomer, trialCohort } from '../journal/journal.repo.ts';
import { subscriptionFigures } from './indicators.repo.ts';

type Indicators = components['schemas']['Indicators'];

const DAY_MS = 24 * 3600 * 1000;
/** The series' and the longest window's length (docs/product.md#back-office). */
const SERIES_DAYS = 90;

/** The key of a plan and cycle, in the plans' order. */
const planKey = (row: { plan_id: string; billing_cycle: string }) =>
  `${row.plan_id} ${row.billing_cycle}`;

/**
 * The business's figures at `now` (docs/product.md#back-office). What runs now is read from the
 * subscriptions, each judged by the clock (core's `effectiveStatus`); what moved, from the
 * journal's money events (each customer's MRR before and after). The daily series goes back from
 * today's MRR by those same events, so its last point is today's MRR to the cent. Call it once
 * the journal holds what the clock ended (`recordClockEvents`).
 */
export async function indicatorsAt(db: Database, now: Date): Promise<Indicators> {
  const rows = await subscriptionFigures(db);
  const byPlan = new Map<string, Indicators['subscriptions']['by_plan'][number]>();
  const licencesByPlan = new Map<string, Indicators['licenses']['by_plan'][number]>();
  const pastDue: string[] = [];
  let trialsRunning = 0;
  let mrr = 0;
  for (const row of rows) {
    const status = effectiveStatus(row, now);
    if (status === 'trialing') trialsRunning += 1;
    if (status === 'past_due') pastDue.push(row.customer_id);
    if (givesAccess(status)) {
      const licences = licencesByPlan.get(row.plan_id) ?? {
        plan_id: row.plan_id,
        plan_name: row.plan_name,
        used: 0,
        limit: 0,
      };
      licences.used += row.licenses_used;
      licences.limit += row.max_licenses;
      licencesByPlan.set(row.plan_id, licences);
    }
    if (status !== 'active' && status !== 'past_due') continue;
    const monthly = subscriptionMrrCents({ ...row, status });
    mrr += monthly;
    const figure = byPlan.get(planKey(row)) ?? {
      plan_id: row.plan_id,
      plan_name: row.plan_name,
      billing_cycle: row.billing_cycle,
      count: 0,
      mrr_cents: 0,
    };
    figure.count += 1;
    figure.mrr_cents += monthly;
    byPlan.set(planKey(row), figure);
  }

  const since = (days: number) => new Date(now.getTime() - days * DAY_MS);
  const events = (await moneyEventsSince(db, since(SERIES_DAYS))).filter(
    (event) => event.at <= now,
  );
  const movementsSince = (days: number) =>
    mrrMovementsOf(
      events
        .filter((event) => event.at > since(days))
        .map((event) => ({ before: event.mrr_before_cents, after: event.mrr_after_cents })),
    );
  const owed = await owedByCustomer(db, pastDue);
  const licences = [...licencesByPlan.values()];

  return {
    at: now.toISOString(),
    subscriptions: {
      total: [...byPlan.values()].reduce((sum, figure) => sum + figure.count, 0),
      by_plan: [...byPlan.values()],
    },
    mrr_cents: mrr,
    movements: { last_30_days: movementsSince(30), last_90_days: movementsSince(SERIES_DAYS) },
    trials: {
      running: trialsRunning,
      last_30_days: await trialCohort(db, { since: since(30), until: now }),
      last_90_days: await trialCohort(db, { since: since(SERIES_DAYS), until: now }),
    },
    failed_payments: {
      past_due_subscriptions: pastDue.length,
      amount_owed_cents: [...owed.values()].reduce((sum, cents) => sum + cents, 0),
    },
    licenses: {
      used: licences.reduce((sum, plan) => sum + plan.used, 0),
      limit: licences.reduce((sum, plan) => sum + plan.limit, 0),
      by_plan: licences,
    },
    mrr_series: mrrSeries(now, mrr, events),
  };
}

/**
 * The MRR at the end of each of the last 90 UTC days, today's at `now`: today's MRR less what the
 * journal's events changed after each point.
 */
function mrrSeries(
  now: Date,
  mrrNow: number,
  events: readonly { at: Date; mrr_before_cents: number; mrr_after_cents: number }[],
): Indicators['mrr_series'] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const series: Indicators['mrr_series'] = [];
  for (let back = SERIES_DAYS - 1; back >= 0; back -= 1) {
    const day = today - back * DAY_MS;
    // Today's point is now: no event is later. An event at midnight belongs to its new day.
    const later =
      back === 0
        ? 0
        : events
            .filter((event) => event.at.getTime() >= day + DAY_MS)
            .reduce((sum, event) => sum + event.mrr_after_cents - event.mrr_before_cents, 0);
    series.push({ date: new Date(day).toISOString().slice(0, 10), mrr_cents: mrrNow - later });
  }
  return series;
}
