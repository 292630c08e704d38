import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { messages, themeCatalogue, type components } from '@portal/core/domain';
import {
  fileText,
  LICENCE_CONFIG_PATH,
  latestThemeVersion,
  themeArchiveFilename,
  themeReleases,
  themeVersionOf,
} from '@portal/theme';
import { describe, expect, it } from 'vitest';
import { newId } from '../../auth/tokens.ts';
import { seedThemeReleases } from '../../releases/releases.ts';
import {
  call,
  createCustomer,
  loggedInCustomer,
  sessionFor,
  useTestServer,
} from '../../test/harness.ts';

const server = useTestServer();

type ThemeList = components['schemas']['ThemeList'];

const [latest, previous] = themeReleases;
const list = (token?: string) =>
  call<ThemeList>(server, 'GET', '/api/client/themes', token === undefined ? {} : { token });
const download = (filename: string, token: string) =>
  call(server, 'GET', `/api/client/download-zip/${filename}`, { token });
const filesOf = (bytes: Buffer) => new Map(Object.entries(unzipSync(new Uint8Array(bytes))));
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/**
 * A customer whose subscription ended: its last paid period ran to `paidThrough` (null: a trial
 * that never paid).
 */
async function endedCustomer(paidThrough: Date | null) {
  const customer = await createCustomer(server);
  const ended = new Date(server.clock.now().getTime() - 24 * 3600 * 1000);
  await server.db.query(
    `INSERT INTO subscriptions (id, customer_id, plan_id, billing_cycle, status,
       current_period_end, trial_end, paid_through)
     VALUES ($1, $2, 'scale', 'monthly', $3, $4, $5, $6)`,
    [
      newId(),
      customer.id,
      paidThrough === null ? 'trialing' : 'canceled',
      paidThrough ?? ended,
      paidThrough === null ? ended : null,
      paidThrough,
    ],
  );
  return (await sessionFor(server, { kind: 'customer', id: customer.id })).accessToken;
}

describe('GET /api/client/themes', () => {
  it('lists the theme with its latest version and every release, newest first', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await list(customer.accessToken);
    expect(answer.status).toBe(200);
    const [theme] = answer.body.themes;
    expect(answer.body.themes).toHaveLength(1);
    expect(theme).toMatchObject({
      id: themeCatalogue.id,
      name: themeCatalogue.name,
      description: themeCatalogue.description,
      version: latestThemeVersion,
      filename: `theme-boutique-${latestThemeVersion}.zip`,
    });
    expect(theme?.releases.map((release) => release.version)).toEqual(
      themeReleases.map((release) => release.version),
    );
    expect(theme?.releases[0]).toMatchObject({
      version: latest?.version,
      released_at: `${latest?.released_at}T00:00:00.000Z`,
      notes: latest?.notes,
      filename: themeArchiveFilename(latest!.version),
      downloadable: true,
    });
  });

  it('records each archive’s size and SHA-256, recomputed from the stored bytes', async () => {
    const customer = await loggedInCustomer(server);
    const releases = (await list(customer.accessToken)).body.themes[0]!.releases;
    const stored = await server.db.query<{ version: string; archive: Uint8Array }>(
      'SELECT version, archive FROM theme_releases',
    );
    expect(stored).toHaveLength(releases.length);
    for (const row of stored) {
      const listed = releases.find((release) => release.version === row.version);
      expect(listed?.size).toBe(row.archive.length);
      expect(listed?.sha256).toBe(sha256(row.archive));
    }
  });

  it('needs a customer token (401 without)', async () => {
    expect((await list()).status).toBe(401);
  });
});

describe('the seed', () => {
  it('adds only what the database lacks, once, even from replicas starting together', async () => {
    const build = () => {
      throw new Error('nothing should be built: every version is stored');
    };
    expect(await seedThemeReleases(server.db, build)).toEqual([]);

    await server.db.query('DELETE FROM theme_releases WHERE version = $1', [latest!.version]);
    const archive = new Uint8Array([80, 75, 5, 6, ...new Array<number>(18).fill(0)]);
    const added = await Promise.all([
      seedThemeReleases(server.db, () => archive),
      seedThemeReleases(server.db, () => archive),
    ]);
    expect(added.flat()).toEqual([latest!.version]);
    const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM theme_releases',
    );
    expect(count).toBe(themeReleases.length);
  });
});

describe('GET /api/client/download-zip/{filename}', () => {
  it('serves each version’s archive, stamped for this portal, and counts it', async () => {
    const customer = await loggedInCustomer(server);
    for (const { version } of themeReleases) {
      const answer = await download(themeArchiveFilename(version), customer.accessToken);
      expect(answer.status).toBe(200);
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="${themeArchiveFilename(version)}"`,
      );
      const files = filesOf(answer.rawPayload);
      expect(themeVersionOf(files)).toBe(version);
      expect(fileText(files, LICENCE_CONFIG_PATH)).toContain(server.config.publicOrigin);
    }
    await download(themeArchiveFilename(previous!.version), customer.accessToken);
    await server.app.releaseDownloads.flush();
    const counts = await server.db.query<{ version: string; downloads: number }>(
      'SELECT version, downloads::int AS downloads FROM theme_releases ORDER BY version',
    );
    expect(Object.fromEntries(counts.map((row) => [row.version, row.downloads]))).toEqual({
      [previous!.version]: 2,
      [latest!.version]: 1,
    });
  });

  it('answers the old fixed name with the newest release the customer may download', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await download('theme-boutique.zip', customer.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-disposition']).toBe(
      `attachment; filename="${themeArchiveFilename(latestThemeVersion)}"`,
    );
    expect(themeVersionOf(filesOf(answer.rawPayload))).toBe(latestThemeVersion);
  });

  it('keeps an ended subscription to the versions released while it was paid', async () => {
    // Paid until a day after the previous release, ended before the latest one.
    const paidThrough = new Date(`${previous!.released_at}T00:00:00Z`);
    paidThrough.setUTCDate(paidThrough.getUTCDate() + 1);
    const token = await endedCustomer(paidThrough);

    const old = await download(themeArchiveFilename(previous!.version), token);
    expect(old.status).toBe(200);
    const newer = await download(themeArchiveFilename(latest!.version), token);
    expect(newer.status).toBe(403);
    expect(newer.body).toEqual({
      message: messages.themeReleases.releaseNotCovered(latest!.version),
    });
    const legacy = await download('theme-boutique.zip', token);
    expect(legacy.status).toBe(200);
    expect(themeVersionOf(filesOf(legacy.rawPayload))).toBe(previous!.version);
    const releases = (await list(token)).body.themes[0]!.releases;
    expect(releases.map((release) => [release.version, release.downloadable])).toEqual([
      [latest!.version, false],
      [previous!.version, true],
    ]);
  });

  it('gives a trial that ended without paying no version', async () => {
    const token = await endedCustomer(null);
    for (const filename of [
      themeArchiveFilename(latest!.version),
      themeArchiveFilename(previous!.version),
      'theme-boutique.zip',
    ]) {
      const answer = await download(filename, token);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ message: messages.subscriptionRules.trialEnded });
    }
    const releases = (await list(token)).body.themes[0]!.releases;
    expect(releases.every((release) => !release.downloadable)).toBe(true);
  });

  it('answers 404 for a version that does not exist', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await download('theme-boutique-9.9.9.zip', customer.accessToken);
    expect(answer.status).toBe(404);
  });
});

describe('the preferences carry the release mails’ choice', () => {
  it('is on by default, kept when left out, and turned off by false', async () => {
    const customer = await loggedInCustomer(server);
    const token = customer.accessToken;
    const read = async () =>
      (
        await call<{ preferences: Record<string, unknown> }>(
          server,
          'GET',
          '/customers/preferences',
          { token },
        )
      ).body.preferences;
    expect(await read()).toEqual({
      theme: 'light',
      language: 'fr',
      notifications: true,
      theme_update_emails: true,
    });
    const off = await call(server, 'PUT', '/customers/preferences', {
      token,
      body: { theme: 'dark', language: 'fr', notifications: true, theme_update_emails: false },
    });
    expect(off.status).toBe(200);
    expect(off.body.preferences).toMatchObject({ theme_update_emails: false });
    const leftOut = await call(server, 'PUT', '/customers/preferences', {
      token,
      body: { theme: 'light', language: 'fr', notifications: false },
    });
    expect(leftOut.body.preferences).toEqual({
      theme: 'light',
      language: 'fr',
      notifications: false,
      theme_update_emails: false,
    });
    expect(await read()).toMatchObject({ theme_update_emails: false });
  });
});
