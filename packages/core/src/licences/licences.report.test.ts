import { describe, expect, it } from 'vitest';
import {
  formatTimeAgo,
  licenceReportOf,
  releaseNotesHref,
  type LicenceReportContext,
} from './licences.report.ts';
import type { Licence } from './licences.types.ts';

// What a licence's row says of the theme in its shop (docs/product.md#licences-tab), at a fixed
// moment: never the wall clock.
const now = Date.parse('2026-11-28T12:00:00.000Z');
const before = (seconds: number) => new Date(now - seconds * 1000).toISOString();

const licence = (fields: Partial<Licence> = {}): Licence => ({
  _id: 'l1',
  custom_domain: 'boutique-x.fr',
  shop_domain: 'boutique-x.myshopify.com',
  theme_name: 'Thème Boutique',
  status: 'active',
  expires_at: null,
  last_seen_at: null,
  last_seen_host: null,
  last_seen_version: null,
  suspended_at: null,
  suspension_reason: null,
  ...fields,
});
const seen = (seconds: number, version: string | null = '2.1.0') =>
  licence({
    last_seen_at: before(seconds),
    last_seen_host: 'www.boutique-x.fr',
    last_seen_version: version,
  });
const paying: LicenceReportContext = { latestVersion: '2.1.0', subscription: 'active' };

describe("when the theme last reported ('Vérifiée il y a …')", () => {
  it('says the theme never reported, with no host and no version', () => {
    expect(licenceReportOf(licence(), paying, now)).toMatchObject({
      seen: 'Le thème ne s’est pas encore manifesté sur cette boutique.',
      where: null,
      version: null,
    });
  });

  it('counts minutes, hours, days, months and years before now, in French', () => {
    const cases: [number, string][] = [
      [5 * 60, 'Vérifiée il y a 5 minutes'],
      [60, 'Vérifiée il y a 1 minute'],
      [3 * 3600 + 59 * 60, 'Vérifiée il y a 3 heures'],
      [2 * 86_400 + 7200, 'Vérifiée il y a 2 jours'],
      [45 * 86_400, 'Vérifiée il y a 1 mois'],
      [400 * 86_400, 'Vérifiée il y a 1 an'],
    ];
    for (const [seconds, words] of cases)
      expect(licenceReportOf(seen(seconds), paying, now).seen).toBe(words);
  });

  it('says under a minute ago, also for a check a little ahead of the clock', () => {
    expect(licenceReportOf(seen(59), paying, now).seen).toBe('Vérifiée il y a moins d’une minute');
    expect(licenceReportOf(seen(-30), paying, now).seen).toBe('Vérifiée il y a moins d’une minute');
  });

  it('names the host and the version the theme ran', () => {
    expect(licenceReportOf(seen(300), paying, now).where).toBe(
      'Sur www.boutique-x.fr, version 2.1.0',
    );
    expect(licenceReportOf(seen(300, null), paying, now).where).toBe(
      'Sur www.boutique-x.fr, version non indiquée',
    );
  });

  it('writes nothing for a date it cannot read', () => {
    expect(formatTimeAgo('pas une date', now)).toBeNull();
  });
});

describe("the theme's version ('Mise à jour disponible')", () => {
  it('offers the latest version, with a link to its notes in the Thème tab', () => {
    expect(licenceReportOf(seen(300, '2.0.0'), paying, now).version).toEqual({
      kind: 'update',
      text: 'Mise à jour disponible : version 2.1.0',
      notes: { label: 'Voir les nouveautés', href: '/dashboard?tab=themes#version-2.1.0' },
    });
    expect(releaseNotesHref('2.1.0')).toBe('/dashboard?tab=themes#version-2.1.0');
  });

  it("says 'Version à jour' when the theme runs the latest (or a newer one)", () => {
    expect(licenceReportOf(seen(300, '2.1.0'), paying, now).version).toEqual({
      kind: 'upToDate',
      text: 'Version à jour',
    });
    expect(licenceReportOf(seen(300, '2.2.0'), paying, now).version?.kind).toBe('upToDate');
  });

  it('says nothing of a version not reported, not a version, or with no latest known', () => {
    expect(licenceReportOf(seen(300, null), paying, now).version).toBeNull();
    expect(licenceReportOf(seen(300, 'dev'), paying, now).version).toBeNull();
    const noLatest = { ...paying, latestVersion: null };
    expect(licenceReportOf(seen(300, '2.0.0'), noLatest, now).version).toBeNull();
  });
});

describe("the licence's status in words (the verification's judgement)", () => {
  const statusOf = (fields: Partial<Licence>, subscription: LicenceReportContext['subscription']) =>
    licenceReportOf(licence(fields), { latestVersion: '2.1.0', subscription }, now).status;

  it('active, trial and grace', () => {
    expect(statusOf({}, 'active')).toEqual({
      standing: 'active',
      text: 'Active : le thème est autorisé sur cette boutique.',
    });
    expect(statusOf({}, 'trialing')).toEqual({
      standing: 'trial',
      text: 'Active pendant votre essai gratuit.',
    });
    expect(statusOf({}, 'past_due')).toEqual({
      standing: 'grace',
      text: 'Active en période de grâce : le dernier paiement a échoué, mettez à jour votre moyen de paiement.',
    });
  });

  it('suspended, with its reason, before anything else', () => {
    const suspended = { suspended_at: before(3600), suspension_reason: 'Paiement contesté' };
    expect(statusOf(suspended, 'active')).toEqual({
      standing: 'suspended',
      text: 'Suspendue : Paiement contesté',
    });
    expect(statusOf({ ...suspended, status: 'inactive' }, 'canceled').standing).toBe('suspended');
    expect(statusOf({ ...suspended, suspension_reason: '  ' }, 'active').text).toBe(
      'Suspendue : contactez le support pour la réactiver.',
    );
  });

  it('inactive because the subscription or the trial ended, or none', () => {
    const ended = { status: 'inactive' };
    expect(statusOf(ended, 'canceled')).toEqual({
      standing: 'noAccess',
      text: 'Inactive : votre abonnement est terminé.',
    });
    expect(statusOf(ended, 'trial_ended').text).toBe('Inactive : votre essai gratuit est terminé.');
    expect(statusOf(ended, 'none').text).toBe('Inactive : votre abonnement est terminé.');
  });

  it('inactive once a plan change set it aside, while the subscription runs', () => {
    expect(statusOf({ status: 'inactive' }, 'active')).toEqual({
      standing: 'setAside',
      text: 'Inactive : désactivée par un changement de plan.',
    });
  });

  it("reads the licence's own status while the subscription's is unknown", () => {
    expect(statusOf({}, null).standing).toBe('active');
    expect(statusOf({ status: 'inactive' }, null).standing).toBe('setAside');
  });
});
