// The storefront the bench's Lighthouse loads (run by tsx: the theme is TypeScript): the first
// shop of the demo customer's licences, its newest theme stamped for the bench's portal, served
// twice, with the licence snippet and without it, on the ports given (docs/performance.md,
// 'The storefront with and without the licence snippet'). Runs until it is stopped.
import {
  fileText,
  latestThemeVersion,
  stampLicenceConfig,
  themeFilesOf,
} from '../packages/theme/src/index.ts';
import { startStorefront } from '../packages/theme/src/storefront/index.ts';

const { PORTAL_ORIGIN, JWKS, SHOP, WITH_SNIPPET_PORT, WITHOUT_SNIPPET_PORT } = process.env;
const layout = 'layout/theme.liquid';
const snippet = "{% render 'theme-licence' %}";

const stamped = stampLicenceConfig(themeFilesOf(latestThemeVersion), {
  portalOrigin: PORTAL_ORIGIN,
  jwks: JSON.parse(JWKS),
});
if (!fileText(stamped, layout).includes(snippet))
  throw new Error(`${layout} renders no ${snippet}`);
const unlicensed = new Map(stamped);
unlicensed.set(layout, new TextEncoder().encode(fileText(stamped, layout).replace(snippet, '')));

const page = { shop: SHOP, role: 'main' };
await startStorefront({ ...page, themeFiles: stamped }, Number(WITH_SNIPPET_PORT));
await startStorefront({ ...page, themeFiles: unlicensed }, Number(WITHOUT_SNIPPET_PORT));
console.log('storefronts ready');
// The servers do not keep the process alive by themselves.
setInterval(() => {}, 60_000);
