import { formatCents, messages } from '@portal/core/domain';
import { escapeHtml } from '../../http/html.ts';
import { brand, mailButton, mailHtml, type RenderedMail } from './layout.ts';

export interface PlanChangePayload {
  planName: string;
  billingCycle: 'monthly' | 'yearly';
  /** The new plan's price for its cycle, in euro cents. */
  priceCents: number;
  maxLicences: number;
  /** Custom domains of the licences the change made inactive (kept, not deleted). */
  deactivatedDomains: string[];
  /** The dashboard's subscription tab. */
  link: string;
}

export const planChangeSubject = 'Votre plan a été modifié';

/** Sent once per plan change made from the portal (docs/operations.md, 'Mail'). */
export function planChangeMail(payload: PlanChangePayload): RenderedMail {
  const period = payload.billingCycle === 'monthly' ? 'mois' : 'an';
  const intro = `Votre abonnement passe au plan ${payload.planName}, facturation ${messages.paymentSuccess[payload.billingCycle].toLowerCase()} : ${formatCents(payload.priceCents)} / ${period}.`;
  const limit = `Ce plan permet ${payload.maxLicences} ${payload.maxLicences > 1 ? 'licences actives' : 'licence active'}.`;
  const proration =
    "Le changement s'applique dès maintenant ; la différence est calculée au prorata sur votre prochaine facture.";
  const deactivated =
    payload.deactivatedDomains.length === 0
      ? null
      : `${payload.deactivatedDomains.length > 1 ? 'Ces licences ont été désactivées (pas supprimées)' : 'Cette licence a été désactivée (pas supprimée)'} : ${payload.deactivatedDomains.join(', ')}.`;
  const paragraphs = [intro, limit, proration, ...(deactivated === null ? [] : [deactivated])];
  return {
    subject: planChangeSubject,
    text: `Bonjour,

${paragraphs.join('\n\n')}

Votre abonnement : ${payload.link}

${brand}
`,
    html: mailHtml(
      planChangeSubject,
      `<p>Bonjour,</p>
${paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${mailButton(payload.link, 'Voir mon abonnement')}`,
    ),
  };
}
