import { escapeHtml } from '../../http/html.ts';
import { brand, durationFr, mailButton, mailHtml, type RenderedMail } from './layout.ts';

export interface PasswordResetPayload {
  /** The reset page with its one-time token: a credential, kept out of the logs. */
  link: string;
  /** ISO date after which the link no longer works. */
  expiresAt: string;
  /** How long the link works, as the mail says it. */
  validMinutes: number;
}

export const passwordResetSubject = 'Réinitialisation de votre mot de passe';

/** The mail a forgot-password request sends (docs/operations.md, 'Mail'). */
export function passwordResetMail(payload: PasswordResetPayload): RenderedMail {
  const validity = `Ce lien est valable ${durationFr(payload.validMinutes)} et ne sert qu'une fois.`;
  const ignore =
    "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.";
  const intro = `Vous avez demandé à réinitialiser le mot de passe de votre compte ${brand}. Pour en choisir un nouveau, ouvrez ce lien :`;
  return {
    subject: passwordResetSubject,
    text: `Bonjour,

${intro}

${payload.link}

${validity}

${ignore}

${brand}
`,
    html: mailHtml(
      passwordResetSubject,
      `<p>Bonjour,</p>
<p>${escapeHtml(intro.replace(/, ouvrez ce lien :$/, ', cliquez sur le bouton ci-dessous.'))}</p>
${mailButton(payload.link, 'Choisir un nouveau mot de passe')}
<p>${escapeHtml(validity)}</p>
<p>${escapeHtml(ignore)}</p>`,
    ),
  };
}
