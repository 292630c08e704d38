import { strFromU8, unzipSync } from 'fflate';
import { messages } from '@portal/core/domain';
import { latestThemeVersion, themeArchiveFilename } from '@portal/theme';
import { describe, expect, it } from 'vitest';
import { call, useTestServer, loggedInCustomer } from '../../test/harness.ts';
import { texts } from '../../texts.ts';

const server = useTestServer();

const download = (filename: string, token?: string) =>
  call(server, 'GET', `/api/client/download-zip/${filename}`, token === undefined ? {} : { token });

describe('theme download', () => {
  it('streams a real zip holding a Shopify theme skeleton', async () => {
    const customer = await loggedInCustomer(server);
    const latest = themeArchiveFilename(latestThemeVersion);
    const answer = await download(latest, customer.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toBe('application/zip');
    expect(answer.headers['content-disposition']).toBe(`attachment; filename="${latest}"`);
    const files = unzipSync(new Uint8Array(answer.rawPayload));
    expect(Object.keys(files)).toEqual(
      expect.arrayContaining([
        'layout/theme.liquid',
        'templates/index.json',
        'sections/hero.liquid',
        'config/settings_schema.json',
        'config/settings_data.json',
        'locales/fr.default.json',
        'assets/theme.css',
      ]),
    );
    expect(strFromU8(files['layout/theme.liquid'] ?? new Uint8Array())).toContain(
      '{{ content_for_layout }}',
    );
    const index = JSON.parse(strFromU8(files['templates/index.json'] ?? new Uint8Array())) as {
      sections: Record<string, { type: string }>;
      order: string[];
    };
    // Every section the home template uses exists in the archive.
    for (const key of index.order) {
      expect(files[`sections/${index.sections[key]?.type}.liquid`]).toBeDefined();
    }
    const schema = JSON.parse(
      strFromU8(files['config/settings_schema.json'] ?? new Uint8Array()),
    ) as {
      name: string;
      theme_name?: string;
    }[];
    expect(schema[0]).toMatchObject({ name: 'theme_info', theme_name: 'Thème Boutique' });
  });

  it('refuses a customer without an active subscription (403)', async () => {
    const customer = await loggedInCustomer(server, {});
    const answer = await download('theme-boutique.zip', customer.accessToken);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ message: messages.subscriptionRules.subscriptionEnded });
  });

  it.each([
    '..%2F..%2Fetc%2Fpasswd',
    'sub%2Ftheme.zip',
    '.env',
    'a%5Cb.zip',
    'theme%00.zip',
    'x%20y.zip',
  ])('answers 400 for the filename %s', async (filename) => {
    const customer = await loggedInCustomer(server);
    const answer = await download(filename, customer.accessToken);
    expect(answer.status).toBe(400);
  });

  it('answers 404 for an unknown archive and 401 without a token', async () => {
    const customer = await loggedInCustomer(server);
    const unknown = await download('autre-theme.zip', customer.accessToken);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: texts.theme.fileNotFound });
    expect((await download('theme-boutique.zip')).status).toBe(401);
  });
});
