import type { RenderedMail } from './templates/layout.ts';
import { onboardingLinkMail, type OnboardingLinkPayload } from './templates/onboarding-link.ts';
import { passwordResetMail, type PasswordResetPayload } from './templates/password-reset.ts';
import { paymentReceiptMail, type PaymentReceiptPayload } from './templates/payment-receipt.ts';
import { paymentFailedMail, type PaymentFailedPayload } from './templates/payment-failed.ts';
import { planChangeMail, type PlanChangePayload } from './templates/plan-change.ts';
import { themeReleaseMail, type ThemeReleasePayload } from './templates/theme-release.ts';
import { trialEndingMail, type TrialEndingPayload } from './templates/trial-ending.ts';

export type { RenderedMail } from './templates/layout.ts';

/** What each kind of mail carries in its outbox row (`payload`, stored as JSON). */
export interface MailPayloads {
  'password-reset': PasswordResetPayload;
  'onboarding-link': OnboardingLinkPayload;
  'payment-receipt': PaymentReceiptPayload;
  'plan-change': PlanChangePayload;
  'trial-ending': TrialEndingPayload;
  'payment-failed': PaymentFailedPayload;
  'theme-release': ThemeReleasePayload;
}

export type MailKind = keyof MailPayloads;

/** One template function per kind: adding a kind of mail is adding an entry here. */
const templates: { [K in MailKind]: (payload: MailPayloads[K]) => RenderedMail } = {
  'password-reset': passwordResetMail,
  'onboarding-link': onboardingLinkMail,
  'payment-receipt': paymentReceiptMail,
  'plan-change': planChangeMail,
  'trial-ending': trialEndingMail,
  'payment-failed': paymentFailedMail,
  'theme-release': themeReleaseMail,
};

function isMailKind(kind: string): kind is MailKind {
  return Object.hasOwn(templates, kind);
}

/** Renders an outbox row (at send time, and again for the sandbox mailbox). */
export function renderMail(row: { kind: string; payload: unknown }): RenderedMail {
  if (!isMailKind(row.kind)) throw new Error(`unknown mail kind: ${row.kind}`);
  return render(row.kind, row.payload as MailPayloads[typeof row.kind]);
}

/** Generic over the kind, so the template and its payload are checked as one pair. */
function render<K extends MailKind>(kind: K, payload: MailPayloads[K]): RenderedMail {
  return templates[kind](payload);
}
