import { checkoutSessionRequest, type BillingCycle } from '@portal/core/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { escapeHtml } from '../../http/html.ts';
import { HttpError } from '../../http/errors.ts';
import { startVisitorCheckout } from '../../payments/checkout-request.ts';
import { acceptForms } from './form-body.ts';
import { texts } from '../../texts.ts';

/** What an unchecked billing switch sends (nothing), and what a checked one sends. */
const cycles: Record<string, BillingCycle> = { '': 'monthly', yearly: 'yearly' };

function choiceOf(body: unknown): { planId: string; billingCycle: BillingCycle } | null {
  const form = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const { plan_id: planId, billing = '' } = form;
  if (typeof planId !== 'string' || typeof billing !== 'string') return null;
  // The API call's own bounds (openapi/portal.yaml, `plan_id`); a NUL never reaches here.
  if (planId.length === 0 || planId.length > 64) return null;
  const billingCycle = Object.hasOwn(cycles, billing) ? cycles[billing] : undefined;
  return billingCycle === undefined ? null : { planId, billingCycle };
}

/** A refusal a browser shows: a page in French that leads back to the prices. */
function refusal(reply: FastifyReply, status: number, message: string) {
  return reply
    .code(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store').send(`<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(texts.checkoutForm.title)}</title>
</head>
<body>
<main>
<h1>${escapeHtml(texts.checkoutForm.title)}</h1>
<p>${escapeHtml(message)}</p>
<p><a href="/pricing">${escapeHtml(texts.checkoutForm.backToPrices)}</a></p>
</main>
</body>
</html>
`);
}

/**
 * 'Choisir ce plan' on the landing is a form posting here, so a visitor's first tap reaches the
 * hosted checkout before (or without) the app's script; once the app runs, its checkout flow
 * takes the press instead (docs/performance.md, 'Scripts at the first gesture'). The same checks,
 * budget and session as `POST /api/stripe/checkout-sessions`, with the app's own return addresses;
 * a refusal is a page, not JSON, since a browser shows it. A plugin of its own: its form parser
 * must not reach the API's routes.
 */
export async function checkoutForm(app: FastifyInstance): Promise<void> {
  acceptForms(app, 1024);

  app.post('/checkout', async (request, reply) => {
    const choice = choiceOf(request.body);
    if (choice === null) return refusal(reply, 400, texts.checkoutForm.invalidChoice);
    try {
      const session = await startVisitorCheckout(
        app,
        request.ip,
        checkoutSessionRequest(app.config.publicOrigin, choice),
      );
      return await reply
        .code(303)
        .header('location', session.url)
        .header('cache-control', 'no-store')
        .send();
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      if (error.extra.headers !== undefined) reply.headers(error.extra.headers);
      return refusal(reply, error.statusCode, error.message);
    }
  });
}
