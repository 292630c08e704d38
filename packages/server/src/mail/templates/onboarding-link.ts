import { messages } from '@portal/core/domain';
import { escapeHtml } from '../../http/html.ts';
import { brand, mailButton, mailHtml, type RenderedMail } from './layout.ts';

export interface OnboardingLinkPayload {
  /** The onboarding page with the paid session's id: whoever holds it can create the account. */
  link: string;
  planName: string;
  billingCycle: 'monthly' | 'yearly';
}

export const onboardingLinkSubject = 'Créez votre compte pour accéder à votre abonnement';

/**
 * Sent once a visitor's payment is confirmed, and again on request from the onboarding page
 * (docs/operations.md, 'Mail'): the way back to the account creation when the tab was closed.
 */
export function onboardingLinkMail(payload: OnboardingLinkPayload): RenderedMail {
  const cycle = messages.paymentSuccess[payload.billingCycle].toLowerCase();
  const paid = `Merci pour votre paiement : votre abonnement ${payload.planName} (facturation ${cycle}) est réglé.`;
  const intro = `Il ne reste qu'à créer votre compte ${brand} pour y accéder. Ouvrez ce lien :`;
  const validity =
    "Ce lien reste valable jusqu'à la création de votre compte. Ne le transmettez à personne : il donne accès à votre abonnement.";
  const existing =
    'Vous avez déjà un compte avec cet email ? Ouvrez le lien et connectez-vous pour y rattacher votre paiement.';
  return {
    subject: onboardingLinkSubject,
    text: `Bonjour,

${paid}

${intro}

${payload.link}

${validity}

${existing}

${brand}
`,
    html: mailHtml(
      onboardingLinkSubject,
      `<p>Bonjour,</p>
<p>${escapeHtml(paid)}</p>
<p>${escapeHtml(intro.replace(/ Ouvrez ce lien :$/, ''))}</p>
${mailButton(payload.link, 'Créer mon compte')}
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(existing)}</p>`,
    ),
  };
}
