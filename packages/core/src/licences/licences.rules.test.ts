import { describe, expect, it } from 'vitest';
import { messages } from '../domain/messages.ts';
import type { SubscriptionState } from '../domain/subscription-status.ts';
import { addLicenceBlockedReason, licenceSummaryOf, limitWarningOf } from './licences.rules.ts';
import type { Licence } from './licences.types.ts';
import { unreportedLicence } from './licences.types.ts';

describe('a licence card', () => {
  const now = Date.UTC(2026, 10, 27, 12, 0, 0);
  const licence = (fields: Partial<Licence> = {}): Licence => ({
    _id: 'l1',
    custom_domain: 'www.boutique-x.fr',
    shop_domain: 'boutique-x.myshopify.com',
    theme_name: 'Portal',
    status: 'active',
    expires_at: '2027-01-15T10:00:00.000Z',
    ...unreportedLicence,
    ...fields,
  });
  const at = (subscription: SubscriptionState | null, latestVersion: string | null = '2.1.0') => ({
    subscription,
    latestVersion,
    now,
  });
  const reported = {
    last_seen_at: new Date(now - 5 * 60 * 1000).toISOString(),
    last_seen_host: 'www.boutique-x.fr',
    last_seen_version: '2.1.0',
  };

  it("says 'Active', the expiry in fr-FR, and that the theme never reported", () => {
    expect(licenceSummaryOf(licence(), at('active'))).toEqual({
      tone: 'success',
      status: 'Active',
      expiry: '15 janvier 2027',
      verdict: null,
      reason: null,
      seen: 'Jamais vérifiée : installez le thème et ouvrez une page de votre boutique.',
      update: null,
    });
  });

  it('says when, where and in which version the theme last reported, and a newer version', () => {
    expect(licenceSummaryOf(licence(reported), at('active'))).toMatchObject({
      seen: 'Vérifiée il y a 5 minutes sur www.boutique-x.fr, thème en version 2.1.0',
      update: null,
    });
    const older = licence({ ...reported, last_seen_version: '2.0.3' });
    expect(licenceSummaryOf(older, at('active'))).toMatchObject({
      seen: 'Vérifiée il y a 5 minutes sur www.boutique-x.fr, thème en version 2.0.3',
      update: 'Mise à jour disponible : version 2.1.0',
    });
    // 2.10.0 is newer than 2.9.0: versions compare as numbers, not as text.
    expect(
      licenceSummaryOf(
        licence({ ...reported, last_seen_version: '2.9.0' }),
        at('active', '2.10.0'),
      ),
    ).toMatchObject({ update: 'Mise à jour disponible : version 2.10.0' });
    // A check that sent no version says no version and offers no update.
    const unversioned = licence({ ...reported, last_seen_version: null });
    expect(licenceSummaryOf(unversioned, at('active'))).toMatchObject({
      seen: 'Vérifiée il y a 5 minutes sur www.boutique-x.fr',
      update: null,
    });
    // Before the list answered its latest version, no update is offered.
    expect(licenceSummaryOf(older, at('active', null)).update).toBeNull();
  });

  it('judges the licence as the verification does, in its words', () => {
    expect(licenceSummaryOf(licence(), at('trialing'))).toMatchObject({
      tone: 'success',
      status: 'Essai gratuit',
      verdict: null,
    });
    expect(licenceSummaryOf(licence(), at('past_due'))).toMatchObject({
      tone: 'accent',
      status: messages.subscription.statusLabels.past_due,
      verdict: messages.licenceVerification.grace,
    });
    expect(licenceSummaryOf(licence({ status: 'inactive' }), at('active'))).toMatchObject({
      tone: 'accent',
      status: 'Inactive',
      verdict: messages.licenceVerification.setAside,
    });
    // Unknown subscription (not loaded): the licence's own status only, as adding one does.
    expect(licenceSummaryOf(licence({ expires_at: null }), at(null))).toMatchObject({
      tone: 'success',
      status: 'Active',
      expiry: 'Sans expiration',
    });
  });

  it('says an ended subscription leaves every licence inactive, with the reason', () => {
    const ended = messages.subscriptionRules.subscriptionEnded;
    for (const [subscription, verdict] of [
      ['canceled', ended],
      ['none', ended],
      ['trial_ended', messages.subscriptionRules.trialEnded],
    ] as const) {
      expect(licenceSummaryOf(licence(), at(subscription))).toMatchObject({
        tone: 'accent',
        status: 'Inactive',
        verdict,
      });
    }
  });

  it("says 'Suspendue', with the admin's reason, whatever the subscription", () => {
    const suspended = licence({
      suspended_at: '2026-11-20T09:00:00.000Z',
      suspension_reason: 'Boutique signalée pour fraude',
    });
    expect(licenceSummaryOf(suspended, at('active'))).toMatchObject({
      tone: 'accent',
      status: 'Suspendue',
      verdict: messages.licenceVerification.suspended,
      reason: 'Motif : Boutique signalée pour fraude',
    });
    const withoutReason = licence({ suspended_at: '2026-11-20T09:00:00.000Z' });
    expect(licenceSummaryOf(withoutReason, at('active')).reason).toBeNull();
  });
});

describe('the limit warning', () => {
  const usage = (licensesUsed: number, licensesLimit: number) => ({
    licensesUsed,
    licensesLimit,
    licensesRemaining: Math.max(0, licensesLimit - licensesUsed),
  });

  it('names the limit once every licence is used, with access', () => {
    const warning = 'Vous avez atteint la limite de 3 licences de votre abonnement.';
    expect(messages.licences.limitWarning(3)).toBe(warning);
    expect(limitWarningOf({ usage: usage(3, 3), subscription: 'active' })).toBe(warning);
    expect(limitWarningOf({ usage: usage(4, 3), subscription: 'trialing' })).toBe(warning);
    expect(addLicenceBlockedReason({ usage: usage(3, 3), subscription: 'past_due' })).toBe(warning);
  });

  it('is absent below the limit, without usage, unlimited, or without access', () => {
    expect(limitWarningOf({ usage: usage(2, 3), subscription: 'active' })).toBeNull();
    expect(limitWarningOf({ usage: null, subscription: 'active' })).toBeNull();
    expect(limitWarningOf({ usage: usage(999, 999), subscription: 'active' })).toBeNull();
    expect(limitWarningOf({ usage: usage(3, 3), subscription: 'canceled' })).toBeNull();
    // Without access, adding is unavailable for that reason instead.
    expect(addLicenceBlockedReason({ usage: usage(3, 3), subscription: 'canceled' })).toBe(
      messages.subscriptionRules.subscriptionEnded,
    );
  });
});
