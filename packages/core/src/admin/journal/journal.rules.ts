import { formatDate } from '../../domain/formatting.ts';
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

/** When an event happened, to the minute, in the browser's time zone ('1 mars 2026 à 09:05'). */
export function journalWhen(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${formatDate(date)} à ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
