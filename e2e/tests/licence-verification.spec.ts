import { expect, test } from './fixtures';

/**
 * The licence verification from a storefront (docs/product.md, 'Licence verification'), in a real
 * browser: a page on another origin, cross-origin isolated as a strict shop could be (COEP
 * `require-corp`), posts the JSON check (so Chromium sends the preflight) and reads the keys; the
 * portal's own API stays closed to it (docs/security.md, item 19).
 */
const storefront = 'http://localhost:4173';

test('a storefront on another origin reads the verdict and the keys, never the portal’s API', async ({
  page,
  baseURL,
}) => {
  // The shop's page, answered by the browser's network layer: its own origin, its own headers.
  await page.route(`${storefront}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: 'text/html; charset=utf-8',
      headers: {
        'cross-origin-embedder-policy': 'require-corp',
        'cross-origin-opener-policy': 'same-origin',
      },
      body: '<!doctype html><html lang="fr"><title>Boutique X</title><h1>Boutique X</h1></html>',
    }),
  );
  // Chromium asks before a page it takes for public reaches a loopback address (Local Network
  // Access); a storefront and the portal on public addresses never meet that prompt.
  await page.context().grantPermissions(['local-network-access'], { origin: storefront });
  await page.goto(`${storefront}/`);
  expect(await page.evaluate(() => self.crossOriginIsolated)).toBe(true);
  // From here the browser's own network rules alone (interception would answer preflights).
  await page.unrouteAll();

  const seen = await page.evaluate(async (portal) => {
    const verify = await fetch(`${portal}/api/licences/verify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        shop: 'boutique-x.myshopify.com',
        host: location.host,
        theme_version: '1.0.0',
        theme_role: 'main',
      }),
    });
    const keys = await fetch(`${portal}/.well-known/jwks.json`);
    const blocked = (request: Promise<Response>) =>
      request.then(
        () => 'read',
        () => 'blocked',
      );
    // A JSON body is no simple request: the call above went through Chromium's preflight, whose
    // answer allows Content-Type and nothing more, so another header is refused there.
    const otherHeader = await blocked(
      fetch(`${portal}/api/licences/verify`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-autre': '1' },
        body: '{}',
      }),
    );
    const api = await blocked(fetch(`${portal}/api/client/plans`));
    return {
      otherHeader,
      status: verify.status,
      verdict: (await verify.json()) as { status: string; token: string; message: string },
      keys: ((await keys.json()) as { keys: { kid: string }[] }).keys.map((key) => key.kid),
      api,
    };
  }, baseURL);

  expect(seen.status).toBe(200);
  // No licence pairs this shop in the journeys' database: a signed negative verdict.
  expect(seen.verdict.status).toBe('inactive');
  expect(seen.verdict.message).toMatch(/Aucune licence/);
  const kid = JSON.parse(
    Buffer.from(seen.verdict.token.split('.')[0] ?? '', 'base64url').toString(),
  ).kid as string;
  expect(seen.keys).toContain(kid);
  expect(seen.otherHeader).toBe('blocked');
  expect(seen.api).toBe('blocked');
});
