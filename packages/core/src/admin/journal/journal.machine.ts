import type { JournalEvent } from '../customer/customer.types.ts';
import { createAdminSearchMachine } from '../search/search.machine.ts';

/**
 * The Journal page (docs/product.md#back-office): every admin action and lifecycle event,
 * newest first, searched and paged on the server (`GET /api/admin/journal`); read-only.
 */
export const journalMachine = createAdminSearchMachine<JournalEvent, never>('journal');
