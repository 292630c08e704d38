import { formatCents } from '@portal/core/domain';
import { escapeHtml } from '../../http/html.ts';
import { brand, mailButton, mailHtml, type RenderedMail } from './layout.ts';

export interface PaymentFailedPayload {
  planName: string;
  /** What the provider could not charge, in euro cents. */
  amountCents: number;
  /** The dashboard's subscription tab, where 'Mettre à jour ma carte' opens the provider portal. */
  link: string;
}

export const paymentFailedSubject = 'Votre paiement a échoué';

/** Sent once per failed invoice (docs/operations.md, 'Mail'). */
export function paymentFailedMail(payload: PaymentFailedPayload): RenderedMail {
  const intro = `Le paiement de ${formatCents(payload.amountCents)} pour votre abonnement ${payload.planName} a échoué.`;
  const meanwhile =
    'Votre abonnement reste actif pendant que nous réessayons. Mettez à jour votre carte pour le garder :';
  const how =
    'Dans votre espace, onglet « Mon abonnement », cliquez sur « Mettre à jour ma carte ».';
  return {
    subject: paymentFailedSubject,
    text: `Bonjour,

${intro}

${meanwhile}

${payload.link}

${how}

${brand}
`,
    html: mailHtml(
      paymentFailedSubject,
      `<p>Bonjour,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(meanwhile.replace(/ :$/, '.'))}</p>
${mailButton(payload.link, 'Mettre à jour ma carte')}
<p>${escapeHtml(how)}</p>`,
    ),
  };
}
