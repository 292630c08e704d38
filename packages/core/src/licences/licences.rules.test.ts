import { describe, expect, it } from 'vitest';
import { licenceSummaryOf } from './licences.rules.ts';

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
});
