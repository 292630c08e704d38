import { describe, expect, it } from 'vitest';
import { messages } from '../domain/messages.ts';
import { addLicenceBlockedReason, licenceSummaryOf, limitWarningOf } from './licences.rules.ts';

describe('a licence card', () => {
  it("says 'Active' and the expiry in fr-FR", () => {
    expect(licenceSummaryOf({ status: 'active', expires_at: '2027-01-15T10:00:00.000Z' })).toEqual({
      active: true,
      status: 'Active',
      expiry: '15 janvier 2027',
    });
  });

  it("says 'Inactive' for any other status and 'Sans expiration' without a date", () => {
    expect(licenceSummaryOf({ status: 'expired', expires_at: null })).toEqual({
      active: false,
      status: 'Inactive',
      expiry: 'Sans expiration',
    });
  });

  it("says 'Suspendue' while suspended, whatever its status", () => {
    const suspended = { suspended_at: '2026-11-20T09:00:00.000Z', expires_at: null };
    expect(licenceSummaryOf({ status: 'active', ...suspended })).toMatchObject({
      active: false,
      status: 'Suspendue',
    });
    expect(
      licenceSummaryOf({ status: 'active', suspended_at: null, expires_at: null }),
    ).toMatchObject({ active: true, status: 'Active' });
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
