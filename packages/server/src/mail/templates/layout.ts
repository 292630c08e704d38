import { escapeHtml } from '../../http/html.ts';

/** A mail ready to send: French subject, plain text and simple HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** The product's name as mails sign it. */
export const brand = 'Theme Portal';

/**
 * The HTML part every mail shares: one column, inline styles only (mail clients drop style
 * sheets), no image and no script. `body` is HTML already escaped by the template.
 */
export function mailHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
</head>
<body style="margin:0;padding:24px;background:#f4f5f7;font-family:Arial,Helvetica,sans-serif;color:#1a1f36;line-height:1.5">
<div style="max-width:560px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${body}
<p style="margin:24px 0 0;font-size:13px;color:#4f566b">${escapeHtml(brand)}</p>
</div>
</body>
</html>
`;
}

/** A call-to-action link drawn as a button, with the address written out for plain readers. */
export function mailButton(href: string, label: string): string {
  const url = escapeHtml(href);
  return `<p style="margin:24px 0"><a href="${url}" style="display:inline-block;padding:12px 20px;background:#4f46e5;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#4f566b">Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :<br><a href="${url}" style="color:#4f46e5;word-break:break-all">${url}</a></p>`;
}

/** "une heure", "2 heures", "30 minutes". */
export function durationFr(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? 'une heure' : `${hours} heures`;
  }
  return minutes === 1 ? 'une minute' : `${minutes} minutes`;
}
