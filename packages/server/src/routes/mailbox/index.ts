import type { FastifyInstance, FastifyReply } from 'fastify';
import { sandboxEnabled } from '../../config.ts';
import { renderMail } from '../../mail/messages.ts';
import { findMailboxMail, listMailbox } from '../../mail/outbox.repo.ts';
import { mailboxMessagePage, mailboxPage, mailNotFoundPage } from './pages.ts';

/** The newest mails the list shows. */
const LIST_LIMIT = 200;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The sandbox mailbox (docs/operations.md, 'Mail'): with no SMTP server, the mails the worker
 * delivered to it, on the app's origin. It exists only with the sandbox provider, like the
 * sandbox payment pages; elsewhere these paths are unknown (404).
 */
export async function mailboxRoutes(app: FastifyInstance): Promise<void> {
  if (!sandboxEnabled(app.config) || app.config.smtpUrl !== undefined) return;

  app.get('/sandbox/mailbox', async (_request, reply) => {
    const rows = await listMailbox(app.db, LIST_LIMIT);
    return html(
      reply,
      200,
      mailboxPage(
        rows.map((row) => ({
          id: row.id,
          recipient: row.recipient,
          subject: renderMail(row).subject,
          createdAt: row.created_at,
        })),
      ),
    );
  });

  app.get<{ Params: { id: string } }>('/sandbox/mailbox/:id', async (request, reply) => {
    const row = await findMailboxMail(app.db, request.params.id);
    if (row === undefined) return html(reply, 404, mailNotFoundPage());
    return html(
      reply,
      200,
      mailboxMessagePage({
        ...renderMail(row),
        from: app.config.mailFrom,
        recipient: row.recipient,
        createdAt: row.created_at,
      }),
    );
  });
}
