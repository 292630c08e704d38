import { messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { paymentReceiptSubject } from '../../mail/templates/payment-receipt.ts';
import { useTestServer } from '../../test/harness.ts';
import { decodeHtml, subscriptionKit } from '../../test/subscription-kit.ts';
import { texts } from '../../texts.ts';
import { onboardedCustomer, WEBHOOK_SECRET } from './test-support.ts';

// 'Mettre à jour ma carte' opens the sandbox's portal on a past-due subscription: a new test card
// pays the invoice owed, as the provider's own portal does (docs/product.md, 'Subscription
// lifecycle').
const server = useTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET } });
const { current, addLicence, licences, portal, page, postForm, mails } = subscriptionKit(server);

/** A Scale monthly subscriber with one licence, whose renewal payment has just failed. */
async function pastDue() {
  const bought = await onboardedCustomer(server, 'scale', 'monthly');
  expect((await addLicence(bought.accessToken, 'boutique.fr')).status).toBe(201);
  const url = await portal(bought.accessToken);
  await postForm(`${url}/fail-payment`);
  expect((await current(bought.accessToken)).subscription?.status).toBe('past_due');
  return { token: bought.accessToken, url };
}

const renewalReceipts = async () =>
  (await mails('payment-receipt')).filter((mail) =>
    String(mail.payload.reference).startsWith('in_'),
  );

describe("the sandbox portal's card form", () => {
  it('is offered while a payment has failed, with the amount owed', async () => {
    const { url } = await pastDue();
    const html = decodeHtml((await page(url)).body);
    expect(html).toContain(`<h2>${messages.subscription.updateCard}</h2>`);
    expect(html).toContain(messages.subscription.pastDue);
    expect(html).toContain(`<form method="post" action="${url}/card">`);
    expect(html).toContain(`<label for="card">${texts.sandbox.cardLabel}</label>`);
    expect(html).toContain(texts.sandbox.cardHint);
    expect(html).toContain(`<button type="submit">${texts.sandbox.pay} 39,99\u00a0€</button>`);
  });

  it('is not offered to a subscription paid up', async () => {
    const bought = await onboardedCustomer(server, 'scale', 'monthly');
    const url = await portal(bought.accessToken);
    expect(decodeHtml((await page(url)).body)).not.toContain(messages.subscription.updateCard);
    // Posted anyway: nothing is owed, nothing is charged.
    const posted = await postForm(`${url}/card`, { card: '4242 4242 4242 4242' });
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(url);
    expect(await renewalReceipts()).toEqual([]);
  });

  it('4242 4242 4242 4242 pays the invoice owed: active, the next period, a receipt, the licences follow', async () => {
    const { token, url } = await pastDue();
    const before = await current(token);
    const paid = await postForm(`${url}/card`, { card: '4242 4242 4242 4242' });
    expect(paid.statusCode).toBe(303);
    expect(paid.headers.location).toBe(`${url}?done=card`);

    const after = await current(token);
    const next = new Date(before.subscription?.current_period_end ?? '');
    next.setUTCMonth(next.getUTCMonth() + 1);
    expect(after.subscription).toMatchObject({
      status: 'active',
      current_period_end: next.toISOString(),
    });
    expect(await licences(token)).toEqual([
      expect.objectContaining({ status: 'active', expires_at: next.toISOString() }),
    ]);
    // The receipt goes through the outbox, once, as for a renewal.
    const receipts = await renewalReceipts();
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.payload).toMatchObject({ planName: 'Scale', amountCents: 3999 });
    await server.app.mail.drain();
    const mailbox = decodeHtml((await page('/sandbox/mailbox')).body);
    expect(mailbox).toContain(paymentReceiptSubject);

    const shown = decodeHtml((await page(`${url}?done=card`)).body);
    expect(shown).toContain(texts.sandbox.cardPaid);
    expect(shown).toContain(`<dd>${messages.subscription.statusLabels.active}</dd>`);
    expect(shown).not.toContain(messages.subscription.updateCard);
    // Paid once: the same form again charges nothing.
    await postForm(`${url}/card`, { card: '4242 4242 4242 4242' });
    expect(await renewalReceipts()).toHaveLength(1);
  });

  it('4000 0000 0000 0002 is declined, an invalid number refused: still owed, the number kept', async () => {
    const { token, url } = await pastDue();
    for (const [card, status, message] of [
      ['4000 0000 0000 0002', 402, texts.sandbox.declined],
      ['4242 4242', 400, texts.sandbox.invalidCard],
    ] as const) {
      const refused = await postForm(`${url}/card`, { card });
      expect(refused.statusCode).toBe(status);
      const html = decodeHtml(refused.body);
      expect(html).toContain(`role="alert" id="form-error">${message}</p>`);
      expect(html).toMatch(
        new RegExp(
          `<input id="card" name="card" [^>]*aria-describedby="card-hint form-error" aria-invalid="true" value="${card}">`,
        ),
      );
      expect((await current(token)).subscription?.status).toBe('past_due');
    }
    expect(await renewalReceipts()).toEqual([]);
  });
});
