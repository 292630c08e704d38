import { formatDate } from '@portal/core/domain';
import { escapeHtml } from '../../http/html.ts';
import { brand, mailButton, mailHtml, type RenderedMail } from './layout.ts';

export interface TrialEndingPayload {
  /** ISO date the free trial ends. */
  trialEnd: string;
  /** The dashboard's subscription tab, where the plans are. */
  link: string;
}

export const trialEndingSubject = 'Votre essai gratuit se termine dans 2 jours';

/** Sent once per trial, two days before its end (docs/operations.md, 'Mail'). */
export function trialEndingMail(payload: TrialEndingPayload): RenderedMail {
  const intro = `Votre essai gratuit de ${brand} se termine le ${formatDate(payload.trialEnd)}.`;
  const after =
    "Ensuite, vos licences seront désactivées et le téléchargement du thème ne sera plus possible, jusqu'à ce que vous choisissiez un plan. Rien n'est supprimé : tout revient dès votre abonnement.";
  const action = 'Choisissez votre plan dès maintenant pour continuer sans interruption :';
  return {
    subject: trialEndingSubject,
    text: `Bonjour,

${intro}

${after}

${action}

${payload.link}

${brand}
`,
    html: mailHtml(
      trialEndingSubject,
      `<p>Bonjour,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(after)}</p>
${mailButton(payload.link, 'Choisir mon plan')}`,
    ),
  };
}
