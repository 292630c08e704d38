import type { Database } from '../db/database.ts';

/**
 * The mails sent for provider invoices (table `invoice_mails`): claims the (invoice, kind) pair,
 * true the first time only, whatever the events and replays announcing it.
 */
export async function claimInvoiceMail(
  tx: Database,
  invoiceId: string,
  kind: 'payment-receipt' | 'payment-failed',
  customerId: string,
): Promise<boolean> {
  const rows = await tx.query(
    `INSERT INTO invoice_mails (invoice_id, kind, customer_id) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING invoice_id`,
    [invoiceId, kind, customerId],
  );
  return rows.length > 0;
}
