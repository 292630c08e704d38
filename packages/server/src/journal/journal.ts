import type { components } from '@portal/core/domain';
import type { JournalRow } from './journal.repo.ts';

/** An event as the contract's `JournalEvent`. */
export function journalEventJson(row: JournalRow): components['schemas']['JournalEvent'] {
  return {
    _id: row.seq,
    at: row.at.toISOString(),
    type: row.type,
    actor: { kind: row.actor_kind, id: row.actor_id, email: row.actor_email },
    customer_id: row.customer_id,
    customer_email: row.customer_email,
    licence_id: row.licence_id,
    release_id: row.release_id,
    reason: row.reason,
    plan_id: row.plan_id,
    billing_cycle: row.billing_cycle,
    amount_cents: row.amount_cents,
    mrr_before_cents: row.mrr_before_cents,
    mrr_after_cents: row.mrr_after_cents,
    details: row.details,
  };
}
