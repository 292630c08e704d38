import { messages } from '../../domain/messages.ts';
import { addressOfSearchQuery, searchQueryFromAddress } from '../search/search.rules.ts';
import type { AdminSearchQuery } from '../search/search.types.ts';
import type { JournalEvent } from '../customer/customer.types.ts';

/** The Journal's query from its address (`/admin/journal?q=demo@…&page=2`): newest first only. */
export function journalQueryFromAddress(search: string): AdminSearchQuery<never> {
  return searchQueryFromAddress<never>(search, { allowed: [], initial: null });
}

export function addressOfJournalQuery(query: AdminSearchQuery<never>): string {
  return addressOfSearchQuery(query, null);
}

/** Who did it, as the journal shows it: an admin's or a customer's email, else its kind. */
export function journalActor(actor: JournalEvent['actor']): string {
  const kind = messages.admin.actorLabels[actor.kind];
  return actor.email === null ? kind : `${kind} · ${actor.email}`;
}
