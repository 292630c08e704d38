import { expect, test } from './fixtures';
import { password, registerTrialAccount, uniqueEmail } from './lifecycle.helpers';

/**
 * The theme's releases on the compiled server (docs/product.md, 'Theme releases'): the seeded
 * versions are listed and downloaded, and the update that keeps the merchant's work runs in the
 * theme worker as built beside dist/main.js (dist/theme-worker.js).
 */
test('a trial customer lists the releases, downloads one and merges an export into the latest', async ({
  request,
}) => {
  const email = uniqueEmail('versions');
  await registerTrialAccount(request, email);
  const login = await request.post('/api/client/auth/login', { data: { email, password } });
  expect(login.status()).toBe(200);
  const { accessToken } = ((await login.json()) as { tokens: { accessToken: string } }).tokens;
  const headers = { authorization: `Bearer ${accessToken}` };

  const list = await request.get('/api/client/themes', { headers });
  expect(list.status()).toBe(200);
  const [theme] = (
    (await list.json()) as {
      themes: { version: string; releases: { version: string; filename: string }[] }[];
    }
  ).themes;
  expect(theme?.releases.length).toBeGreaterThanOrEqual(2);
  const oldest = theme!.releases.at(-1)!;

  const download = await request.get(`/api/client/download-zip/${oldest.filename}`, { headers });
  expect(download.status()).toBe(200);
  // The export of a shop that still runs the oldest version, untouched.
  const exported = await download.body();

  const update = await request.post('/api/client/themes/update', {
    headers,
    multipart: {
      archive: {
        name: 'export.zip',
        mimeType: 'application/zip',
        buffer: exported,
      },
    },
  });
  expect(update.status(), await update.text()).toBe(201);
  const report = (await update.json()) as {
    id: string;
    from_version: string;
    to_version: string;
    removed_settings: unknown[];
  };
  expect(report).toMatchObject({
    from_version: oldest.version,
    to_version: theme!.version,
    removed_settings: [],
  });

  const merged = await request.get(`/api/client/themes/update/${report.id}`, { headers });
  expect(merged.status()).toBe(200);
  expect(merged.headers()['content-type']).toBe('application/zip');
  // A zip: its local file header's signature.
  expect((await merged.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
});
