import { formatCents, formatDate, messages } from '@portal/core/domain';
import { escapeHtml } from '../../http/html.ts';
import { brand, mailHtml, type RenderedMail } from './layout.ts';

export interface PaymentReceiptPayload {
  planName: string;
  billingCycle: 'monthly' | 'yearly';
  /** What was charged, in euro cents (as the provider counts it). */
  amountCents: number;
  /** ISO date of the payment. */
  paidAt: string;
  /** The provider's reference of the payment (checkout session or invoice id). */
  reference: string;
}

export const paymentReceiptSubject = 'Votre reçu de paiement';

/**
 * Sent once per payment (docs/operations.md, 'Mail'): a first purchase (once per checkout
 * session) and each renewal (once per invoice).
 */
export function paymentReceiptMail(payload: PaymentReceiptPayload): RenderedMail {
  const thanks = 'Nous avons bien reçu votre paiement. Merci pour votre confiance !';
  const lines: [string, string][] = [
    ['Abonnement', payload.planName],
    ['Facturation', messages.paymentSuccess[payload.billingCycle]],
    ['Montant', formatCents(payload.amountCents)],
    ['Date', formatDate(payload.paidAt)],
    ['Référence', payload.reference],
  ];
  const manage =
    'Vous retrouvez votre abonnement à tout moment dans votre espace, onglet « Mon abonnement ».';
  return {
    subject: paymentReceiptSubject,
    text: `Bonjour,

${thanks}

${lines.map(([label, value]) => `${label} : ${value}`).join('\n')}

${manage}

${brand}
`,
    html: mailHtml(
      paymentReceiptSubject,
      `<p>Bonjour,</p>
<p>${escapeHtml(thanks)}</p>
<table role="presentation" style="border-collapse:collapse;margin:16px 0">
${lines
  .map(
    ([label, value]) =>
      `<tr><td style="padding:4px 16px 4px 0;color:#4f566b">${escapeHtml(label)}</td><td style="padding:4px 0;font-weight:bold">${escapeHtml(value)}</td></tr>`,
  )
  .join('\n')}
</table>
<p>${escapeHtml(manage)}</p>`,
    ),
  };
}
