import { formatDate, messages } from '@portal/core/domain';
import { describe, expect, it } from 'vitest';
import { trialEndingSubject } from '../../mail/templates/trial-ending.ts';
import { TRIAL_REMINDER_DAYS } from '../../subscriptions/trial-reminders.ts';
import { useTestServer } from '../../test/harness.ts';
import { decodeHtml, subscriptionKit } from '../../test/subscription-kit.ts';
import { texts } from '../../texts.ts';
import { createCheckout, WEBHOOK_SECRET } from './test-support.ts';

// The sandbox's test clock for a trial (docs/product.md, 'Subscription lifecycle'): a trial
// customer reaches its portal from the checkout the plan grid opens, and moves its trial to the
// reminder point or to its end.
const server = useTestServer({ config: { stripeWebhookSecret: WEBHOOK_SECRET } });
const { current, trialCustomer, addLicence, licences, checkout, portal, page, postForm, mails } =
  subscriptionKit(server);

const DAY_MS = 24 * 3600 * 1000;
/** A trial customer with one licence, and its portal reached from the checkout page. */
async function trialInPortal() {
  const trial = await trialCustomer();
  expect((await addLicence(trial.accessToken, 'essai.fr')).status).toBe(201);
  const checkoutPage = await checkout(trial.accessToken);
  const checkoutHtml = decodeHtml((await page(checkoutPage)).body);
  expect(checkoutHtml).toContain(`<h2>${texts.sandbox.testClockLegend}</h2>`);
  expect(checkoutHtml).toContain(texts.sandbox.trialClockIntro);
  expect(checkoutHtml).toContain(`<form method="post" action="${checkoutPage}/trial-clock">`);
  const opened = await postForm(`${checkoutPage}/trial-clock`);
  expect(opened.statusCode).toBe(303);
  const url = new URL(String(opened.headers.location)).pathname;
  expect(url).toMatch(/^\/sandbox\/portal\/bps_sandbox_/);
  return { ...trial, url };
}

const trialEnd = async (token: string) =>
  new Date((await current(token)).subscription?.trial_end ?? '').getTime();

describe("the sandbox's test clock for a trial", () => {
  it("is offered by the trial's portal, reached from the checkout the plan grid opens", async () => {
    const trial = await trialInPortal();
    const html = decodeHtml((await page(trial.url)).body);
    expect(html).toContain(`<dd>Basic</dd>`);
    expect(html).toContain(`<dd>${messages.subscription.statusLabels.trialing}</dd>`);
    expect(html).toContain(
      `<dt>${texts.sandbox.trialEnd}</dt><dd>${formatDate(new Date(await trialEnd(trial.accessToken)).toISOString())}</dd>`,
    );
    expect(html).toContain(`<form method="post" action="${trial.url}/trial-reminder">`);
    expect(html).toContain(texts.sandbox.trialReminderSubmit);
    expect(html).toContain(`<form method="post" action="${trial.url}/trial-end">`);
    expect(html).toContain(texts.sandbox.trialEndSubmit);
    // Nothing to change or cancel on a trial: the plans are chosen in the dashboard.
    expect(html).not.toContain(texts.sandbox.changeSubmit);
    expect(html).not.toContain(texts.sandbox.cancelSubscription);
    // The dashboard's own portal call reaches it too, now the account has a provider customer.
    expect(decodeHtml((await page(await portal(trial.accessToken))).body)).toContain(
      texts.sandbox.trialEndSubmit,
    );
  });

  it("'Avancer au rappel de fin d'essai': two days left, the 'trial ending' mail once", async () => {
    const trial = await trialInPortal();
    const moved = await postForm(`${trial.url}/trial-reminder`);
    expect(moved.statusCode).toBe(303);
    expect(moved.headers.location).toBe(`${trial.url}?done=trial-reminder`);
    const left = (await trialEnd(trial.accessToken)) - server.clock.now().getTime();
    expect(left).toBeGreaterThan(TRIAL_REMINDER_DAYS * DAY_MS - 60_000);
    expect(left).toBeLessThanOrEqual(TRIAL_REMINDER_DAYS * DAY_MS);
    expect((await current(trial.accessToken)).subscription?.status).toBe('trialing');
    expect(await mails('trial-ending')).toEqual([
      expect.objectContaining({ recipient: trial.email }),
    ]);
    expect(decodeHtml((await page(`${trial.url}?done=trial-reminder`)).body)).toContain(
      texts.sandbox.trialReminded,
    );
    // Already there: the trial stays, no second mail.
    const before = await trialEnd(trial.accessToken);
    await postForm(`${trial.url}/trial-reminder`);
    expect(await trialEnd(trial.accessToken)).toBe(before);
    expect(await mails('trial-ending')).toHaveLength(1);
    // The mail reaches the sandbox mailbox.
    await server.app.mail.drain();
    expect(decodeHtml((await page('/sandbox/mailbox')).body)).toContain(trialEndingSubject);
  });

  it("'Avancer à la fin de l'essai': the reminder passed on the way, then trial_ended, licences inactive", async () => {
    const trial = await trialInPortal();
    const listed = await licences(trial.accessToken);
    expect(listed.map((licence) => licence.status)).toEqual(['active']);

    const ended = await postForm(`${trial.url}/trial-end`);
    expect(ended.statusCode).toBe(303);
    expect(ended.headers.location).toBe(`${trial.url}?done=trial-ended`);
    expect(await mails('trial-ending')).toHaveLength(1);
    expect(await current(trial.accessToken)).toMatchObject({
      hasSubscription: false,
      subscription: { status: 'trial_ended' },
      usage: { licensesLimit: 0 },
    });
    // The kept list follows: inactive, expiring at the trial's end.
    const end = new Date(await trialEnd(trial.accessToken)).toISOString();
    expect(await licences(trial.accessToken)).toEqual([
      expect.objectContaining({ status: 'inactive', expires_at: end }),
    ]);
    const refused = await addLicence(trial.accessToken, 'deux.fr');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: messages.subscriptionRules.trialEnded });

    const html = decodeHtml((await page(`${trial.url}?done=trial-ended`)).body);
    expect(html).toContain(texts.sandbox.trialEnded);
    expect(html).toContain(`<dd>${messages.subscription.statusLabels.trial_ended}</dd>`);
    expect(html).not.toContain(texts.sandbox.trialEndSubmit);
    // Nothing left to move: the clock changes nothing more.
    await postForm(`${trial.url}/trial-end`);
    await postForm(`${trial.url}/trial-reminder`);
    expect(await trialEnd(trial.accessToken)).toBe(new Date(end).getTime());
    expect(await mails('trial-ending')).toHaveLength(1);
  });

  it("a visitor's checkout, or an ended trial's, offers no trial clock", async () => {
    const visitor = await createCheckout(server);
    expect(decodeHtml((await page(`/sandbox/checkout/${visitor.id}`)).body)).not.toContain(
      texts.sandbox.testClockLegend,
    );
    const trial = await trialInPortal();
    await postForm(`${trial.url}/trial-end`);
    const checkoutPage = await checkout(trial.accessToken);
    expect(decodeHtml((await page(checkoutPage)).body)).not.toContain(
      texts.sandbox.trialClockIntro,
    );
    const posted = await postForm(`${checkoutPage}/trial-clock`);
    expect(posted.statusCode).toBe(303);
    expect(posted.headers.location).toBe(checkoutPage);
  });
});
