import { unzipSync } from 'fflate';
import {
  messages,
  THEME_ARCHIVE_LIMITS,
  THEME_UPDATE_KEPT_SECONDS,
  type components,
} from '@portal/core/domain';
import {
  LICENCE_CONFIG_PATH,
  fileText,
  latestThemeVersion,
  parseThemeJson,
  themeVersionOf,
} from '@portal/theme';
import { describe, expect, it } from 'vitest';
import { call, loggedInCustomer, sessionFor, useTestServer } from '../../test/harness.ts';
import { multipart, rawZip, zipOf } from '../../test/theme-uploads.ts';

const server = useTestServer();

const encoder = new TextEncoder();
const FROM = '2.0.0';

type ThemeUpdate = components['schemas']['ThemeUpdate'];

/** The export of release `version` as the customer downloaded it, edited by `edit`. */
async function exportOf(
  token: string,
  version: string,
  edit: (files: Map<string, Uint8Array>) => void = () => {},
): Promise<Uint8Array> {
  const answer = await call(
    server,
    'GET',
    `/api/client/download-zip/theme-boutique-${version}.zip`,
    {
      token,
    },
  );
  const files = new Map(Object.entries(unzipSync(new Uint8Array(answer.rawPayload))));
  edit(files);
  return zipOf(files);
}

const upload = (token: string, archive: Uint8Array) =>
  call<ThemeUpdate & { errors?: Record<string, string> }>(
    server,
    'POST',
    '/api/client/themes/update',
    { token, ...multipart([{ name: 'archive', value: archive, filename: 'export.zip' }]) },
  );

describe('the update that keeps the merchant’s work', () => {
  it('merges the export into the latest version and serves the zip to its customer only', async () => {
    const customer = await loggedInCustomer(server);
    const archive = await exportOf(customer.accessToken, FROM, (files) => {
      // Shopify's exports may carry comments in their JSON.
      files.set(
        'templates/index.json',
        encoder.encode(
          `/* Exporté de Shopify */\n${new TextDecoder()
            .decode(files.get('templates/index.json'))
            .replace('"hero": {', '"hero": { // la bannière\n')}`,
        ),
      );
      const index = parseThemeJson(files.get('templates/index.json')!) as {
        sections: { hero: { settings: Record<string, unknown> } };
      };
      index.sections.hero.settings.text = 'Livraison offerte dès 50 €';
      files.set('templates/index.json', encoder.encode(JSON.stringify(index)));
      files.set('snippets/mon-bandeau.liquid', encoder.encode('<p>Bandeau maison</p>'));
    });
    const before = server.clock.now().getTime();
    const answer = await upload(customer.accessToken, archive);
    const after = server.clock.now().getTime();
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      from_version: FROM,
      to_version: latestThemeVersion,
      filename: `theme-boutique-${latestThemeVersion}-mise-a-jour.zip`,
      conflicts: [],
      kept_files: ['snippets/mon-bandeau.liquid'],
    });
    expect(answer.body.removed_settings).toEqual([
      expect.objectContaining({
        file: 'templates/index.json',
        section: 'hero',
        setting: 'text',
        value: 'Livraison offerte dès 50 €',
      }),
    ]);
    // Kept an hour from the upload's time.
    const expires = new Date(answer.body.expires_at).getTime() - THEME_UPDATE_KEPT_SECONDS * 1000;
    expect(expires).toBeGreaterThanOrEqual(before);
    expect(expires).toBeLessThanOrEqual(after);

    const zip = await call(server, 'GET', `/api/client/themes/update/${answer.body.id}`, {
      token: customer.accessToken,
    });
    expect(zip.status).toBe(200);
    expect(zip.headers['content-disposition']).toBe(
      `attachment; filename="${answer.body.filename}"`,
    );
    const files = new Map(Object.entries(unzipSync(new Uint8Array(zip.rawPayload))));
    expect(themeVersionOf(files)).toBe(latestThemeVersion);
    expect(fileText(files, 'snippets/mon-bandeau.liquid')).toBe('<p>Bandeau maison</p>');
    expect(fileText(files, LICENCE_CONFIG_PATH)).toContain(server.config.publicOrigin);

    const other = await loggedInCustomer(server);
    const foreign = await call(server, 'GET', `/api/client/themes/update/${answer.body.id}`, {
      token: other.accessToken,
    });
    expect(foreign.status).toBe(404);
    server.clock.advance(THEME_UPDATE_KEPT_SECONDS + 1);
    // Access tokens last 15 minutes: a new session an hour later.
    const later = await sessionFor(server, { kind: 'customer', id: customer.id });
    const late = await call(server, 'GET', `/api/client/themes/update/${answer.body.id}`, {
      token: later.accessToken,
    });
    expect(late.status).toBe(404);
    expect(late.body).toEqual({ message: messages.themeReleases.update.expired });
  });

  it('says when the export is already the latest version, or a version the portal does not know', async () => {
    const customer = await loggedInCustomer(server);
    const current = await upload(
      customer.accessToken,
      await exportOf(customer.accessToken, latestThemeVersion),
    );
    expect(current.status).toBe(400);
    expect(current.body.errors).toEqual({
      archive: messages.themeReleases.upload.upToDate(latestThemeVersion),
    });
    const unknown = await upload(
      customer.accessToken,
      await exportOf(customer.accessToken, FROM, (files) => {
        const schema = fileText(files, 'config/settings_schema.json').replace(
          `"theme_version": "${FROM}"`,
          '"theme_version": "1.4.0"',
        );
        files.set('config/settings_schema.json', encoder.encode(schema));
      }),
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual({
      archive: messages.themeReleases.upload.unknownBase('1.4.0'),
    });
  });

  it('refuses hostile archives with a French message, keeping nothing', async () => {
    const customer = await loggedInCustomer(server);
    const upload400 = messages.themeReleases.upload;
    const cases: [Uint8Array, string][] = [
      [
        rawZip([{ name: '../../etc/passwd', data: encoder.encode('x') }]),
        upload400.unsafePath('../../etc/passwd'),
      ],
      [
        rawZip([{ name: 'assets/l', data: encoder.encode('/'), unixMode: 0o120777 }]),
        upload400.symlink('assets/l'),
      ],
      [
        rawZip([{ name: new Uint8Array([0xff, 0x2e]), data: encoder.encode('x') }]),
        upload400.nameEncoding,
      ],
      [encoder.encode('ceci n’est pas un zip'), upload400.notZip],
      [zipOf(new Map([['assets/a.css', encoder.encode('a{}')]])), upload400.notATheme],
    ];
    for (const [archive, message] of cases) {
      const answer = await upload(customer.accessToken, archive);
      expect(answer.status, message).toBe(400);
      expect(answer.body.errors).toEqual({ archive: message });
    }
    const empty = await call<{ errors: object }>(server, 'POST', '/api/client/themes/update', {
      token: customer.accessToken,
      ...multipart([{ name: 'note', value: 'sans fichier' }]),
    });
    expect(empty.status).toBe(400);
    expect(empty.body.errors).toEqual({ archive: upload400.missingArchive });

    const huge = await upload(
      customer.accessToken,
      new Uint8Array(THEME_ARCHIVE_LIMITS.archiveBytes + 1),
    );
    expect(huge.status).toBe(413);
    const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM theme_updates',
    );
    expect(count).toBe(0);
  });

  it('keeps the event loop turning while a large export is unzipped and merged', async () => {
    const customer = await loggedInCustomer(server);
    // 12 MiB that do not compress: the worker has that much to inflate, merge and zip again.
    const noise = new Uint8Array(12 * 1024 * 1024);
    for (let at = 0; at < noise.length; at += 1) noise[at] = (at * 2654435761) >>> 24;
    const archive = await exportOf(customer.accessToken, FROM, (files) => {
      files.set('assets/video.bin', noise);
    });
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 5);
    const started = performance.now();
    const answer = await upload(customer.accessToken, archive);
    const took = performance.now() - started;
    clearInterval(timer);
    expect(answer.status).toBe(201);
    // The timer kept firing: no single stall took most of the request's time.
    const gaps = ticks.slice(1).map((tick, index) => tick - ticks[index]!);
    expect(ticks.length).toBeGreaterThan(3);
    expect(Math.max(...gaps)).toBeLessThan(took / 2);
  });
});
