import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { messages, type components } from '@portal/core/domain';
import {
  fileText,
  LICENCE_CONFIG_PATH,
  latestThemeVersion,
  themeArchiveFilename,
  themeVersionOf,
} from '@portal/theme';
import { describe, expect, it } from 'vitest';
import { newId } from '../../auth/tokens.ts';
import { themeReleaseMail } from '../../mail/templates/theme-release.ts';
import { claimReleaseMail } from '../../releases/theme-releases.repo.ts';
import {
  call,
  createAdmin,
  createCustomer,
  loggedInCustomer,
  sessionFor,
  useTestServer,
} from '../../test/harness.ts';
import { multipart, rawZip, themeDeclaring, zipOf } from '../../test/theme-uploads.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

const NEXT = '2.2.0';
const NOTES = 'Nouvelle section « FAQ ».\nLe panier affiche les frais de port estimés.';

type AdminRelease = components['schemas']['AdminThemeRelease'];

async function adminToken() {
  const admin = await createAdmin(server);
  return { admin, token: (await sessionFor(server, { kind: 'admin', id: admin.id })).accessToken };
}

function publish(token: string, fields: { archive: Uint8Array; version?: string; notes?: string }) {
  return call<{ message: string; release: AdminRelease; mails: number; errors?: object }>(
    server,
    'POST',
    '/api/admin/themes/releases',
    {
      token,
      ...multipart([
        ...(fields.version === undefined ? [] : [{ name: 'version', value: fields.version }]),
        ...(fields.notes === undefined ? [] : [{ name: 'notes', value: fields.notes }]),
        { name: 'archive', value: fields.archive, filename: 'theme.zip' },
      ]),
    },
  );
}

const outbox = () =>
  server.db.query<{ recipient: string; payload: Record<string, string> }>(
    `SELECT recipient, payload FROM outbox WHERE kind = 'theme-release' ORDER BY recipient`,
  );

describe('POST /api/admin/themes/releases', () => {
  it('checks, stamps and stores the version, then mails each customer with access once', async () => {
    const { admin, token } = await adminToken();
    const subscriber = await createCustomer(server, { plan: 'scale', email: 'a@example.test' });
    const optedOut = await createCustomer(server, { plan: 'scale', email: 'b@example.test' });
    await server.db.query(
      `UPDATE customers SET preferences = preferences || '{"theme_update_emails": false}'
       WHERE id = $1`,
      [optedOut.id],
    );
    await createCustomer(server, { email: 'c@example.test' }); // no subscription
    const reader = await loggedInCustomer(server);
    const before = await call<{ latest_version: string }>(server, 'GET', '/api/client/licenses', {
      token: reader.accessToken,
    });
    expect(before.body.latest_version).toBe(latestThemeVersion);

    const publishNext = () =>
      publish(token, {
        archive: zipOf(themeDeclaring(NEXT, latestThemeVersion)),
        version: NEXT,
        notes: NOTES,
      });
    const answer = await publishNext();
    expect(answer.status).toBe(201);
    expect(answer.body.message).toBe(messages.themeReleases.publish.published(NEXT));
    expect(answer.body.release).toMatchObject({
      version: NEXT,
      filename: themeArchiveFilename(NEXT),
      downloads: 0,
      active_shops: 0,
      published_by: admin.email,
    });
    // The subscriber and the reader; not the one who turned them off, nor the one without access.
    expect(answer.body.mails).toBe(2);
    const mails = await outbox();
    expect(mails.map((mail) => mail.recipient)).toEqual([subscriber.email, reader.email].sort());
    const link = `${server.config.publicOrigin}/dashboard?tab=themes`;
    expect(mails[0]?.payload).toMatchObject({ version: NEXT, notes: NOTES, link });
    const rendered = themeReleaseMail(mails[0]!.payload as never);
    expect(rendered.subject).toBe(`Thème Boutique ${NEXT} est disponible`);
    expect(rendered.text).toContain('- Nouvelle section « FAQ ».');
    expect(rendered.text).toContain(link);
    expect(rendered.html).toContain(`href="${link}"`);

    // Stored as stamped, with its own size and digest; the latest version everywhere.
    const [stored] = await server.db.query<{ archive: Uint8Array }>(
      'SELECT archive FROM theme_releases WHERE version = $1',
      [NEXT],
    );
    expect(answer.body.release.size).toBe(stored?.archive.length);
    expect(answer.body.release.sha256).toBe(
      createHash('sha256').update(stored!.archive).digest('hex'),
    );
    const files = new Map(Object.entries(unzipSync(new Uint8Array(stored!.archive))));
    expect(themeVersionOf(files)).toBe(NEXT);
    expect(fileText(files, LICENCE_CONFIG_PATH)).toContain(server.config.publicOrigin);
    const after = await call<{ latest_version: string }>(server, 'GET', '/api/client/licenses', {
      token: reader.accessToken,
    });
    expect(after.body.latest_version).toBe(NEXT);

    // Published again: refused, and nobody hears of it twice.
    const again = await publishNext();
    expect(again.status).toBe(409);
    expect(await outbox()).toHaveLength(2);
    expect(
      await claimReleaseMail(server.db, {
        version: NEXT,
        customerId: subscriber.id,
        at: new Date(),
      }),
    ).toBe(false);
  });

  it('lists every release with its downloads and the licensed shops running it', async () => {
    const { token } = await adminToken();
    const customer = await loggedInCustomer(server);
    const shop = `${customer.shop_domain}`;
    await server.db.query(
      `INSERT INTO licences (id, customer_id, shop_domain, custom_domain, theme_name, status,
         last_seen_version)
       VALUES ($1, $2, $3, $4, 'Thème Boutique', 'active', $5)`,
      [newId(), customer.id, shop, `www.${shop.split('.')[0]}.fr`, latestThemeVersion],
    );
    await call(
      server,
      'GET',
      `/api/client/download-zip/${themeArchiveFilename(latestThemeVersion)}`,
      {
        token: customer.accessToken,
      },
    );
    const answer = await call<{ releases: AdminRelease[] }>(
      server,
      'GET',
      '/api/admin/themes/releases',
      { token },
    );
    expect(answer.status).toBe(200);
    expect(answer.body.releases[0]).toMatchObject({
      version: latestThemeVersion,
      downloads: 1,
      active_shops: 1,
      published_by: null,
    });
    expect(answer.body.releases[1]).toMatchObject({ downloads: 0, active_shops: 0 });
  });

  it('is for admins only', async () => {
    const customer = await loggedInCustomer(server);
    const answer = await call(server, 'GET', '/api/admin/themes/releases', {
      token: customer.accessToken,
    });
    expect(answer.status).toBe(403);
  });

  it('refuses, with a French message and nothing stored, what is not a newer valid theme', async () => {
    const { token } = await adminToken();
    const theme = themeDeclaring(NEXT, latestThemeVersion);
    const refusals: [Parameters<typeof publish>[1], number, string][] = [
      [
        { archive: zipOf(theme), version: '2.3.0', notes: NOTES },
        400,
        messages.themeReleases.publish.versionMismatch('2.3.0', NEXT),
      ],
      [
        {
          archive: zipOf(themeDeclaring('2.0.1', latestThemeVersion)),
          version: '2.0.1',
          notes: NOTES,
        },
        409,
        messages.themeReleases.publish.notNewer('2.0.1', latestThemeVersion),
      ],
      [
        {
          archive: zipOf(new Map([...theme].filter(([file]) => !file.startsWith('layout/')))),
          version: NEXT,
          notes: NOTES,
        },
        400,
        messages.themeReleases.upload.notATheme,
      ],
      [
        {
          archive: rawZip([
            { name: 'layout/theme.liquid', data: new Uint8Array(1), unixMode: 0o120777 },
          ]),
          version: NEXT,
          notes: NOTES,
        },
        400,
        messages.themeReleases.upload.symlink('layout/theme.liquid'),
      ],
      [
        {
          archive: zipOf(
            new Map(theme).set(
              'config/settings_data.json',
              new TextEncoder().encode('{ "current": '),
            ),
          ),
          version: NEXT,
          notes: NOTES,
        },
        400,
        messages.themeReleases.upload.invalidJson('config/settings_data.json'),
      ],
    ];
    for (const [fields, status, message] of refusals) {
      const answer = await publish(token, fields);
      expect(answer.status, message).toBe(status);
      expect(Object.values(answer.body.errors ?? {})).toContain(message);
    }
    const fieldless = await publish(token, { archive: zipOf(theme) });
    expect(fieldless.status).toBe(400);
    expect(fieldless.body.errors).toEqual({
      version: texts.validation.fieldRequired,
      notes: texts.validation.fieldRequired,
    });
    const [{ count } = { count: -1 }] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM theme_releases WHERE version <> ALL($1)',
      [['2.0.0', '2.1.0']],
    );
    expect(count).toBe(0);
    expect(await outbox()).toEqual([]);
  });

  it('refuses a theme with a Theme Check error', async () => {
    const { token } = await adminToken();
    const broken = themeDeclaring(NEXT, latestThemeVersion).set(
      'sections/broken.liquid',
      new TextEncoder().encode('{% if %}<div>{% endfor %}'),
    );
    const answer = await publish(token, { archive: zipOf(broken), version: NEXT, notes: NOTES });
    expect(answer.status).toBe(400);
    expect(answer.body.errors).toEqual({ archive: answer.body.message });
    expect(answer.body.message).toBe(
      messages.themeReleases.publish.themeCheck(
        1,
        "sections/broken.liquid: Attempting to close LiquidTag 'for' before LiquidTag 'if' was closed",
      ),
    );
  });
});
