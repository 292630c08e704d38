import { createAdminSearchMachine } from '../search/search.machine.ts';
import type { AdminCustomerSummary, ClientSort } from './clients.types.ts';

/**
 * The Clients page (docs/product.md#back-office): customers searched by email, name, company or
 * shop domain, sorted and paged on the server (`GET /api/admin/customers`).
 */
export const clientsMachine = createAdminSearchMachine<AdminCustomerSummary, ClientSort>('clients');
