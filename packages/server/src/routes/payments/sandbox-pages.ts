import { formatCents, formatDate, isPaid, messages } from '@portal/core/domain';
import type { BillingCycle, ProviderSubscription } from '../../payments/provider.ts';
import { escapeHtml } from '../../http/html.ts';
import { texts } from '../../texts.ts';

const text = texts.sandbox;

const cycleLabel: Record<BillingCycle, string> = {
  monthly: messages.paymentSuccess.monthly,
  yearly: messages.paymentSuccess.yearly,
};

/**
 * The sandbox's plain server-rendered pages (payment pages, mailbox): no script at all, styles
 * from /sandbox/sandbox.css, a notice that this is a test environment.
 */
export function sandboxLayout(
  title: string,
  body: string,
  { notice = text.testNotice, mainClass = 'card' }: { notice?: string; mainClass?: string } = {},
): string {
  return `<!doctype html>
<html lang="fr">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="/sandbox/sandbox.css">
</head>
<body>
<main class="${mainClass}">
<p class="notice">${escapeHtml(notice)}</p>
<h1>${escapeHtml(title)}</h1>
${body}
</main>
</body>
</html>
`;
}

const layout = (title: string, body: string) => sandboxLayout(title, body);

function alert(message: string | undefined, kind: 'error' | 'success' = 'error'): string {
  if (message === undefined) return '';
  return kind === 'error'
    ? `<p class="alert error" role="alert" id="form-error">${escapeHtml(message)}</p>`
    : `<p class="alert success" role="status">${escapeHtml(message)}</p>`;
}

/**
 * The card number field of the sandbox's forms, with the test cards' hint; a refusal (shown by
 * `alert`) marks it invalid and keeps the number typed.
 */
function cardField(card: string, error: string | undefined): string {
  const described = error === undefined ? 'card-hint' : 'card-hint form-error';
  return `<label for="card">${escapeHtml(text.cardLabel)}</label>
<input id="card" name="card" type="text" inputmode="numeric" autocomplete="cc-number" required aria-describedby="${described}"${error === undefined ? '' : ' aria-invalid="true"'} value="${escapeHtml(card)}">
<p class="hint" id="card-hint">${escapeHtml(text.cardHint)}</p>`;
}

export interface CheckoutPageModel {
  id: string;
  planName: string;
  billingCycle: BillingCycle;
  amountCents: number;
  cancelUrl: string;
  email: string;
  /** A signed-in account in a trial pays: its trial's test clock is a click away. */
  trialClock: boolean;
  /** The card number typed, kept on a refusal. */
  card?: string;
  error?: string;
}

export function checkoutPage(model: CheckoutPageModel): string {
  return layout(
    text.checkoutTitle,
    `<dl class="summary">
<dt>${escapeHtml(text.planLabel)}</dt><dd>${escapeHtml(model.planName)}</dd>
<dt>${escapeHtml(text.billing)}</dt><dd>${escapeHtml(cycleLabel[model.billingCycle])}</dd>
<dt>${escapeHtml(text.amountLabel)}</dt><dd class="amount">${escapeHtml(formatCents(model.amountCents))}</dd>
</dl>
${alert(model.error)}
<form method="post" action="/sandbox/checkout/${escapeHtml(model.id)}/pay">
<label for="email">${escapeHtml(text.emailLabel)}</label>
<input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(model.email)}">
${cardField(model.card ?? '', model.error)}
<button type="submit">${escapeHtml(text.pay)} ${escapeHtml(formatCents(model.amountCents))}</button>
</form>
${model.trialClock ? trialClockLink(model.id) : ''}<p><a href="${escapeHtml(model.cancelUrl)}">${escapeHtml(text.cancel)}</a></p>`,
  );
}

/**
 * Where a customer in a trial reaches the trial's test clock: the dashboard opens the provider's
 * portal for paid subscriptions only, but every plan the trial chooses opens this checkout.
 */
function trialClockLink(id: string): string {
  return `<h2>${escapeHtml(text.testClockLegend)}</h2>
<p id="trial-clock-intro" class="hint">${escapeHtml(text.trialClockIntro)}</p>
<form method="post" action="/sandbox/checkout/${escapeHtml(id)}/trial-clock">
<button type="submit" aria-describedby="trial-clock-intro">${escapeHtml(text.openTrialClock)}</button>
</form>
`;
}

/** A session that can no longer be paid (already paid or expired). */
export function closedCheckoutPage(message: string, backUrl: string | null): string {
  const back =
    backUrl === null ? '' : `<p><a href="${escapeHtml(backUrl)}">${escapeHtml(text.back)}</a></p>`;
  return layout(text.checkoutTitle, `${alert(message)}${back}`);
}

/** A signed-up account's free trial (no provider subscription yet), as the portal shows it. */
export interface PortalTrial {
  planName: string;
  trialEnd: Date;
  /** Past its end: nothing left for the test clock to move. */
  ended: boolean;
}

export interface PortalPageModel {
  id: string;
  returnUrl: string;
  subscription: (ProviderSubscription & { planName: string; amountCents: number }) | null;
  /** The account's trial, when the provider has no subscription for this customer. */
  trial: PortalTrial | null;
  /** What a failed payment left owed (cents), else null. */
  owedCents: number | null;
  plans: { id: string; name: string }[];
  notice?: string;
  /** The card number typed in the card form, kept on a refusal. */
  card?: string;
  error?: string;
}

function radio(name: string, value: string, label: string, checked: boolean): string {
  const id = `${name}-${value}`;
  return `<div class="choice"><input type="radio" id="${escapeHtml(id)}" name="${name}" value="${escapeHtml(value)}" required${checked ? ' checked' : ''}><label for="${escapeHtml(id)}">${escapeHtml(label)}</label></div>`;
}

export function portalPage(model: PortalPageModel): string {
  const back = `<p><a class="button" href="${escapeHtml(model.returnUrl)}">${escapeHtml(text.back)}</a></p>`;
  const subscription = model.subscription;
  if (subscription === null && model.trial !== null) {
    return layout(
      messages.subscription.manage,
      `${alert(model.notice, 'success')}${trialPortalBody(model.id, model.trial)}
${back}`,
    );
  }
  if (subscription === null) {
    return layout(messages.subscription.manage, `${alert(messages.profile.noSubscription)}${back}`);
  }
  const live = isPaid(subscription.status);
  const period =
    subscription.billingCycle === 'monthly'
      ? messages.pricing.monthPeriod
      : messages.pricing.yearPeriod;
  const periodEnd = formatDate(subscription.current_period_end);
  const dates =
    live && periodEnd !== ''
      ? `<dt>${escapeHtml(text.billing)}</dt><dd>${escapeHtml(subscription.cancel_at_period_end ? messages.subscription.endsOn(periodEnd) : text.renewal(periodEnd))}</dd>`
      : '';
  const summary = `<dl class="summary">
<dt>${escapeHtml(messages.subscription.currentPlan)}</dt><dd>${escapeHtml(subscription.planName)} — ${escapeHtml(formatCents(subscription.amountCents))} / ${escapeHtml(period)}</dd>
<dt>${escapeHtml(text.statusLabel)}</dt><dd>${escapeHtml(messages.subscription.statusLabels[subscription.status])}</dd>
${dates}
</dl>`;
  const action = (name: string) => `/sandbox/portal/${escapeHtml(model.id)}/${name}`;
  // As the provider's portal: a new card pays what a failed payment left owed.
  const cardForm =
    subscription.status === 'past_due' && model.owedCents !== null
      ? `<h2>${escapeHtml(messages.subscription.updateCard)}</h2>
<p>${escapeHtml(messages.subscription.pastDue)}</p>
<form method="post" action="${action('card')}">
${cardField(model.card ?? '', model.card === undefined ? undefined : model.error)}
<button type="submit">${escapeHtml(text.pay)} ${escapeHtml(formatCents(model.owedCents))}</button>
</form>
`
      : '';
  const endForm = subscription.cancel_at_period_end
    ? `<form method="post" action="${action('resume')}">
<h2>${escapeHtml(text.resumeLegend)}</h2>
<button type="submit">${escapeHtml(text.resumeSubmit)}</button>
</form>`
    : `<form method="post" action="${action('cancel')}" class="danger">
<h2>${escapeHtml(text.cancelSubscription)}</h2>
<p id="cancel-warning">${escapeHtml(text.cancelWarning)}</p>
<button type="submit" aria-describedby="cancel-warning">${escapeHtml(text.cancelSubscription)}</button>
</form>`;
  const forms = live
    ? `<form method="post" action="${action('plan')}">
<fieldset><legend>${escapeHtml(text.planField)}</legend>
${model.plans.map((plan) => radio('plan', plan.id, plan.name, plan.id === subscription.plan_id)).join('\n')}
</fieldset>
<fieldset><legend>${escapeHtml(text.billing)}</legend>
${(['monthly', 'yearly'] as const).map((cycle) => radio('billingCycle', cycle, cycleLabel[cycle], cycle === subscription.billingCycle)).join('\n')}
</fieldset>
<button type="submit">${escapeHtml(text.changeSubmit)}</button>
</form>
${endForm}
${testClock(model.id, [
  ['advance', text.advanceSubmit],
  ['fail-payment', text.failPaymentSubmit],
])}`
    : '';
  return layout(
    messages.subscription.manage,
    `${alert(model.notice, 'success')}${alert(model.error)}${summary}
${cardForm}<h2>${escapeHtml(text.changeLegend)}</h2>
${forms}
${back}`,
  );
}

/** A trial's summary and, while it runs, its test clock (docs/product.md, 'Subscription lifecycle'). */
function trialPortalBody(id: string, trial: PortalTrial): string {
  const status = messages.subscription.statusLabels[trial.ended ? 'trial_ended' : 'trialing'];
  const summary = `<dl class="summary">
<dt>${escapeHtml(messages.subscription.currentPlan)}</dt><dd>${escapeHtml(trial.planName)}</dd>
<dt>${escapeHtml(text.statusLabel)}</dt><dd>${escapeHtml(status)}</dd>
<dt>${escapeHtml(text.trialEnd)}</dt><dd>${escapeHtml(formatDate(trial.trialEnd))}</dd>
</dl>`;
  if (trial.ended) return summary;
  return `${summary}
${testClock(id, [
  ['trial-reminder', text.trialReminderSubmit],
  ['trial-end', text.trialEndSubmit],
])}`;
}

/** The test clock's buttons, each the form of one portal action, described by its hint. */
function testClock(id: string, actions: readonly (readonly [action: string, label: string])[]) {
  const forms = actions.map(
    ([action, label]) => `<form method="post" action="/sandbox/portal/${escapeHtml(id)}/${action}">
<button type="submit" aria-describedby="test-clock-hint">${escapeHtml(label)}</button>
</form>`,
  );
  return `<h2>${escapeHtml(text.testClockLegend)}</h2>
<p id="test-clock-hint" class="hint">${escapeHtml(text.testClockHint)}</p>
${forms.join('\n')}`;
}

export function portalExpiredPage(): string {
  return layout(messages.subscription.manage, alert(text.portalExpired));
}

export const sandboxStylesheet = `*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:#f4f5f7;color:#1a1f36;line-height:1.5}
.card{max-width:28rem;margin:2rem auto;padding:1.5rem;background:#fff;border-radius:.75rem;box-shadow:0 2px 12px rgba(0,0,0,.08)}
.notice{margin:0 0 1rem;padding:.5rem .75rem;background:#fff4d6;border-radius:.5rem;font-size:.875rem}
h1{font-size:1.375rem;margin:0 0 1rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.summary{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem}
.summary dt{font-weight:600}
.summary dd{margin:0}
.amount{font-size:1.25rem;font-weight:700}
label{display:block;font-weight:600;margin:.75rem 0 .25rem}
input[type=email],input[type=text]{width:100%;padding:.625rem;border:1px solid #8792a2;border-radius:.375rem;font-size:1rem}
input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #635bff;outline-offset:2px}
.hint{font-size:.875rem;color:#4f566b;margin:.25rem 0 0}
button,.button{display:inline-block;margin-top:1rem;padding:.75rem 1.25rem;border:0;border-radius:.375rem;background:#635bff;color:#fff;font-size:1rem;font-weight:600;cursor:pointer;text-decoration:none}
.danger button{background:#b3261e}
fieldset{border:1px solid #d5d9e0;border-radius:.5rem;margin:.75rem 0;padding:.5rem .75rem}
legend{font-weight:600;padding:0 .25rem}
.choice{display:flex;align-items:center;gap:.5rem}
.choice label{margin:.25rem 0;font-weight:400}
.alert{padding:.625rem .75rem;border-radius:.5rem}
.alert.error{background:#fde8e7;color:#8c1d18}
.alert.success{background:#e6f4ea;color:#1e4620}
a{color:#4f46e5}

.card.mailbox{max-width:52rem}
.mailbox table{width:100%;border-collapse:collapse}
.mailbox caption{text-align:left;font-weight:600;margin-bottom:.5rem}
.mailbox th,.mailbox td{text-align:left;padding:.5rem;border-bottom:1px solid #d5d9e0;vertical-align:top}
.mailbox iframe{width:100%;height:28rem;border:1px solid #d5d9e0;border-radius:.5rem;background:#fff}
.mailbox pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f4f5f7;padding:.75rem;border-radius:.5rem}`;
