import type { components } from '../../api/schema.gen.ts';

export type AdminCustomerSummary = components['schemas']['AdminCustomerSummary'];

/** The columns the server sorts the customers by (`GET /api/admin/customers`, `sort`). */
export const clientSorts = ['created_at', 'email', 'name', 'company_name', 'shop_domain'] as const;
export type ClientSort = (typeof clientSorts)[number];
