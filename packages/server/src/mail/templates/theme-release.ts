import { formatDate, themeCatalogue } from '@portal/core/domain';
import { escapeHtml } from '../../http/html.ts';
import { brand, mailButton, mailHtml, type RenderedMail } from './layout.ts';

export interface ThemeReleasePayload {
  version: string;
  /** ISO date the version was published. */
  releasedAt: string;
  /** The release notes: French, plain text, one change a line. */
  notes: string;
  /** The dashboard's theme tab, where the archive and the update are. */
  link: string;
}

export const themeReleaseSubject = (version: string) =>
  `${themeCatalogue.name} ${version} est disponible`;

/** Sent once per release to each customer with access who did not turn these mails off. */
export function themeReleaseMail(payload: ThemeReleasePayload): RenderedMail {
  const subject = themeReleaseSubject(payload.version);
  const intro = `La version ${payload.version} de ${themeCatalogue.name} est disponible depuis le ${formatDate(payload.releasedAt)}.`;
  const changes = payload.notes
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  const action =
    "Téléchargez-la depuis l'onglet Thème de votre espace client. Vous avez personnalisé votre thème ? La mise à jour y reprend vos réglages, sections et traductions :";
  const optOut =
    'Vous ne souhaitez plus recevoir ces annonces ? Désactivez-les dans les préférences de votre compte.';
  return {
    subject,
    text: `Bonjour,

${intro}

Nouveautés :
${changes.map((line) => `- ${line}`).join('\n')}

${action}

${payload.link}

${optOut}

${brand}
`,
    html: mailHtml(
      subject,
      `<p>Bonjour,</p>
<p>${escapeHtml(intro)}</p>
<p>Nouveautés :</p>
<ul>
${changes.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
<p>${escapeHtml(action)}</p>
${mailButton(payload.link, 'Voir la nouvelle version')}
<p style="font-size:13px;color:#4f566b">${escapeHtml(optOut)}</p>`,
    ),
  };
}
