import { escapeHtml } from '../../http/html.ts';
import type { RenderedMail } from '../../mail/messages.ts';
import { texts } from '../../texts.ts';
import { sandboxLayout } from '../payments/sandbox-pages.ts';

const text = texts.mailbox;

const dateTime = new Intl.DateTimeFormat('fr-FR', {
  dateStyle: 'long',
  timeStyle: 'medium',
  timeZone: 'UTC',
});

/** A mailbox page: the sandbox's layout, wide enough for a message. */
const layout = (title: string, body: string) =>
  sandboxLayout(title, body, { notice: text.notice, mainClass: 'card mailbox' });

export interface MailboxEntry {
  id: string;
  recipient: string;
  subject: string;
  createdAt: Date;
}

export function mailboxPage(entries: readonly MailboxEntry[]): string {
  if (entries.length === 0) return layout(text.title, `<p>${escapeHtml(text.empty)}</p>`);
  const rows = entries
    .map(
      (entry) => `<tr>
<td>${escapeHtml(dateTime.format(entry.createdAt))}</td>
<td>${escapeHtml(entry.recipient)}</td>
<td><a href="/sandbox/mailbox/${encodeURIComponent(entry.id)}">${escapeHtml(entry.subject)}</a></td>
</tr>`,
    )
    .join('\n');
  return layout(
    text.title,
    `<table>
<caption>${escapeHtml(text.listCaption)}</caption>
<thead><tr><th scope="col">${escapeHtml(text.date)}</th><th scope="col">${escapeHtml(text.recipientColumn)}</th><th scope="col">${escapeHtml(text.subjectColumn)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`,
  );
}

/** The plain text part, its web addresses made links (escaped, http and https only). */
function linkedText(value: string): string {
  return value
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join('');
}

export interface MailboxMessage extends RenderedMail {
  from: string;
  recipient: string;
  createdAt: Date;
}

/**
 * One mail: its HTML part in a sandboxed frame (no script, no same-origin access; links open in
 * a new tab), then its plain text part with clickable addresses.
 */
export function mailboxMessagePage(mail: MailboxMessage): string {
  // The frame's document is the mail itself, given inline: `srcdoc` is escaped once for the
  // attribute; `<base target>` (no href, so base-uri 'none' allows it) opens links outside it.
  const frameDocument = mail.html.replace(/<head>/i, '<head><base target="_blank">');
  return layout(
    mail.subject,
    `<dl class="summary">
<dt>${escapeHtml(text.fromLabel)}</dt><dd>${escapeHtml(mail.from)}</dd>
<dt>${escapeHtml(text.toLabel)}</dt><dd>${escapeHtml(mail.recipient)}</dd>
<dt>${escapeHtml(text.date)}</dt><dd>${escapeHtml(dateTime.format(mail.createdAt))}</dd>
</dl>
<h2>${escapeHtml(text.htmlPart)}</h2>
<iframe title="${escapeHtml(text.htmlFrameTitle)}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(frameDocument)}"></iframe>
<h2>${escapeHtml(text.textPart)}</h2>
<pre>${linkedText(mail.text)}</pre>
<p><a href="/sandbox/mailbox">${escapeHtml(text.back)}</a></p>`,
  );
}

export function mailNotFoundPage(): string {
  return layout(
    text.notFound,
    `<p class="alert error" role="alert">${escapeHtml(text.notFound)}</p>
<p><a href="/sandbox/mailbox">${escapeHtml(text.back)}</a></p>`,
  );
}
