import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { futureAccessToken, scriptedClient } from '../auth/testing.ts';
import type { Licence } from '../licences/licences.types.ts';
import { createThemeReleasesImplementations } from './theme-releases.actors.ts';
import { themeReleasesMachine } from './theme-releases.machine.ts';
import type { ThemeReleasesOverview, ThemeWithReleases } from './theme-releases.types.ts';
import { formatArchiveSize, themeReleasesView } from './theme-releases.view.ts';

const sha = (digit: string) => digit.repeat(64);

const sampleTheme: ThemeWithReleases = {
  id: 'theme-boutique',
  name: 'Thème Boutique',
  description: 'Le thème complet.',
  filename: 'theme-boutique-2.1.0.zip',
  version: '2.1.0',
  releases: [
    {
      version: '2.1.0',
      released_at: '2026-10-14T12:00:00.000Z',
      notes: 'Nouvelle section « Témoignages ».\nLes cartes produit affichent le prix barré.\n',
      filename: 'theme-boutique-2.1.0.zip',
      size: 1_288_490,
      sha256: sha('a'),
      downloadable: true,
    },
    {
      version: '2.0.0',
      released_at: '2026-06-02T12:00:00.000Z',
      notes: 'Première version Online Store 2.0.',
      filename: 'theme-boutique-2.0.0.zip',
      size: 870_400,
      sha256: sha('b'),
      downloadable: true,
    },
  ],
};

const licence = (id: string, version: string | null, domain = `${id}.fr`): Licence => ({
  _id: id,
  custom_domain: domain,
  shop_domain: `${id}.myshopify.com`,
  theme_name: 'Thème Boutique',
  status: 'active',
  expires_at: null,
  last_seen_version: version,
});

function start(fetch: () => Promise<ThemeReleasesOverview>) {
  const fetchReleases = vi.fn(fetch);
  const actor = createActor(
    themeReleasesMachine.provide({ actors: { fetchReleases: fromPromise(fetchReleases) } }),
    { clock: new SimulatedClock() },
  ).start();
  return { actor, fetchReleases };
}

describe('the Thème tab’s releases', () => {
  it('loads, then shows the current version first with its notes and date, then the earlier ones', async () => {
    const { actor } = start(async () => ({ theme: sampleTheme, licences: [] }));
    expect(themeReleasesView(actor.getSnapshot()).loading).toBe(true);
    await waitFor(actor, (s) => s.matches('ready'));
    const view = themeReleasesView(actor.getSnapshot());
    expect(view.loading).toBe(false);
    expect(view.current).toMatchObject({
      version: '2.1.0',
      anchor: 'version-2.1.0',
      heading: 'Version 2.1.0',
      date: 'Publiée le 14 octobre 2026',
      notes: ['Nouvelle section « Témoignages ».', 'Les cartes produit affichent le prix barré.'],
      filename: 'theme-boutique-2.1.0.zip',
      downloadLabel: 'Télécharger la version 2.1.0',
      size: '1,2 Mo',
      sha256: sha('a'),
      notCovered: null,
    });
    expect(view.earlier.map((release) => [release.version, release.date, release.size])).toEqual([
      ['2.0.0', 'Publiée le 2 juin 2026', '850 Ko'],
    ]);
    expect(view.notices).toEqual([]);
  });

  it("says 'Mise à jour disponible' for each shop whose theme reports an older version, linking to its notes", async () => {
    const { actor } = start(async () => ({
      theme: sampleTheme,
      licences: [
        licence('old', '2.0.0', 'vieille-boutique.fr'),
        licence('current', '2.1.0'),
        licence('silent', null),
        licence('unreadable', 'dev'),
      ],
    }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(themeReleasesView(actor.getSnapshot()).notices).toEqual([
      {
        key: 'old',
        headline: 'Mise à jour disponible : version 2.1.0',
        detail: 'La boutique vieille-boutique.fr utilise la version 2.0.0.',
        href: '#version-2.1.0',
      },
    ]);
  });

  it('explains a release an ended subscription does not cover; with none downloadable the server explains', async () => {
    const [latest, earlier] = sampleTheme.releases as [
      ThemeWithReleases['releases'][number],
      ThemeWithReleases['releases'][number],
    ];
    const ended = { ...sampleTheme, releases: [{ ...latest, downloadable: false }, earlier] };
    const { actor } = start(async () => ({ theme: ended, licences: [] }));
    await waitFor(actor, (s) => s.matches('ready'));
    expect(themeReleasesView(actor.getSnapshot()).current?.notCovered).toBe(
      'La version 2.1.0 est sortie après la fin de votre abonnement : choisissez un plan pour la télécharger.',
    );
    expect(themeReleasesView(actor.getSnapshot()).earlier[0]?.notCovered).toBeNull();

    const none = {
      ...sampleTheme,
      releases: sampleTheme.releases.map((release) => ({ ...release, downloadable: false })),
    };
    const trial = start(async () => ({ theme: none, licences: [] }));
    await waitFor(trial.actor, (s) => s.matches('ready'));
    expect(themeReleasesView(trial.actor.getSnapshot()).current?.notCovered).toBeNull();
  });

  it('a failed load says so in French and reloads on demand', async () => {
    let fail = true;
    const { actor, fetchReleases } = start(async () => {
      if (fail) throw new Error('réseau');
      return { theme: sampleTheme, licences: [] };
    });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(themeReleasesView(actor.getSnapshot()).loadError).toBe(
      'Erreur lors du chargement des versions du thème.',
    );
    fail = false;
    actor.send({ type: 'releases.reload' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(themeReleasesView(actor.getSnapshot()).loadError).toBeNull();
    expect(fetchReleases).toHaveBeenCalledTimes(2);
  });

  it('reads GET /api/client/themes and GET /api/client/licenses', async () => {
    const { client, requests } = scriptedClient({
      'GET /api/client/themes': { status: 200, body: { themes: [sampleTheme] } },
      'GET /api/client/licenses': { status: 200, body: { licenses: [licence('old', '2.0.0')] } },
    });
    client.tokenStore.setTokens({ accessToken: futureAccessToken(), refreshToken: 'r' });
    const actor = createActor(
      themeReleasesMachine.provide(createThemeReleasesImplementations({ client })),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(requests.map((request) => `${request.method} ${request.path}`).sort()).toEqual([
      'GET /api/client/licenses',
      'GET /api/client/themes',
    ]);
    expect(themeReleasesView(actor.getSnapshot()).notices).toHaveLength(1);
  });
});

describe('formatArchiveSize', () => {
  it('writes kilobytes under a megabyte and megabytes with one decimal, the French way', () => {
    expect(formatArchiveSize(200)).toBe('1 Ko');
    expect(formatArchiveSize(512 * 1024)).toBe('512 Ko');
    expect(formatArchiveSize(3.25 * 1024 * 1024)).toMatch(/^3,[23] Mo$/);
  });
});
