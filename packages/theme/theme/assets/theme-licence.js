// Thème Boutique's licence check (packages/theme/README.md): a deferred module without
// dependencies that never blocks, hides or blanks the page; at most it shows a small notice.

// localStorage key of `{ token, message, retry, closed }`.
export const STORAGE_KEY = 'theme-boutique:licence';
// The last good answer outlives its `exp` this long while the portal cannot be reached.
export const GRACE_SECONDS = 7 * 24 * 3600;
// No new request this long after a failed one.
export const RETRY_SECONDS = 15 * 60;
export const TIMEOUT_MS = 5000;
const POSITIVE = ['active', 'trial', 'grace'];

export const normaliseHost = (host) => String(host).trim().toLowerCase().replace(/\.$/, '');

// `www.` is the same shop as the bare domain.
const bare = (host) => normaliseHost(host).replace(/^www\./, '');

export const hostAllowed = (hosts, host) =>
  Array.isArray(hosts) && hosts.some((entry) => bare(entry) === bare(host));

const bytes = (part) =>
  Uint8Array.from(atob(part.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));

const decode = (part) => JSON.parse(new TextDecoder().decode(bytes(part)));

// A compact JWS signed with EdDSA under a `kid`, in parts; null for anything else.
export function parseToken(token) {
  const parts = typeof token === 'string' ? token.split('.') : [];
  if (parts.length !== 3 || !parts.every((part) => /^[\w-]+$/.test(part))) return null;
  try {
    const header = decode(parts[0]);
    const claims = decode(parts[1]);
    if (header.alg !== 'EdDSA' || typeof header.kid !== 'string' || header.crit) return null;
    if (!claims || typeof claims !== 'object') return null;
    const data = new TextEncoder().encode(`${parts[0]}.${parts[1]}`);
    return { kid: header.kid, claims, data, signature: bytes(parts[2]) };
  } catch {
    return null;
  }
}

// Issued by this portal for this shop and host, with a known status (expiry aside).
export const claimsFit = (claims, context) =>
  claims.iss === context.portal &&
  [].concat(claims.aud).some((aud) => normaliseHost(aud) === normaliseHost(context.shop)) &&
  hostAllowed(claims.hosts, context.host) &&
  [...POSITIVE, 'inactive'].includes(claims.status) &&
  typeof claims.exp === 'number';

const importKey = (key) =>
  crypto.subtle.importKey('jwk', { kty: 'OKP', crv: 'Ed25519', x: key.x }, 'Ed25519', false, [
    'verify',
  ]);

// The claims of a token that fits and whose signature verifies with the key `findKey` gives for
// its `kid`; null otherwise, never a throw.
export async function verifyToken(token, context, findKey) {
  const parsed = parseToken(token);
  if (!parsed || !claimsFit(parsed.claims, context)) return null;
  try {
    const key = await findKey(parsed.kid);
    const valid =
      key &&
      (await crypto.subtle.verify('Ed25519', await importKey(key), parsed.signature, parsed.data));
    return valid ? parsed.claims : null;
  } catch {
    return null;
  }
}

// `use` the kept token while fresh, `wait` after a recent failure, else `ask` the portal.
export const nextStep = (claims, entry, now) =>
  claims && claims.exp > now ? 'use' : entry.retry > now ? 'wait' : 'ask';

// Kept after a failed request: the last good answer within its grace, and when to ask again.
export const afterFailure = (entry, claims, now) =>
  claims && POSITIVE.includes(claims.status) && now < claims.exp + GRACE_SECONDS
    ? { token: entry.token, message: entry.message, retry: now + RETRY_SECONDS }
    : { retry: now + RETRY_SECONDS };

// A JSON object, or `{}` for anything else.
export function readObject(text) {
  try {
    const value = JSON.parse(text || '{}');
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

async function call(url, init) {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  try {
    const response = await fetch(url, { ...init, credentials: 'omit', signal: controller.signal });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
  }
}

function showNotice(message, label, onClose) {
  const box = document.createElement('div');
  const text = document.createElement('p');
  const close = document.createElement('button');
  box.className = 'theme-licence-notice';
  box.setAttribute('role', 'status');
  text.textContent = message;
  close.type = 'button';
  close.textContent = '×';
  close.setAttribute('aria-label', label);
  close.onclick = () => {
    box.remove();
    onClose();
  };
  box.append(text, close);
  document.body.append(box);
}

async function run() {
  const embedded = (id) => readObject(document.getElementById(id)?.textContent);
  const config = embedded('theme-licence-config');
  const texts = embedded('theme-licence-texts');
  const shopify = window['Shopify'] || {};
  // Unpublished and development themes are never checked.
  if (!config.portal || typeof shopify.shop !== 'string' || shopify.theme?.role !== 'main') return;
  try {
    await importKey(config.keys[0]);
  } catch {
    return; // No WebCrypto Ed25519: nothing could be verified, so nothing is asked or shown.
  }
  const context = {
    portal: config.portal,
    shop: shopify.shop,
    host: normaliseHost(location.hostname),
  };
  let keys = config.keys;
  let refreshed = false;
  const findKey = async (kid) => {
    if (!refreshed && !keys.some((key) => key.kid === kid)) {
      refreshed = true;
      keys = keys.concat((await call(`${context.portal}/.well-known/jwks.json`))?.keys || []);
    }
    return keys.find((key) => key.kid === kid);
  };
  const save = (value) => {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(value));
    } catch {
      // Storage refused: the next page asks again.
    }
  };
  const show = (claims, value) => {
    const message = (typeof value.message === 'string' && value.message) || texts.inactive;
    if (claims.status !== 'inactive' || shopify.designMode || value.closed || !message) return;
    showNotice(message, texts.close, () => save({ ...value, closed: true }));
  };

  let entry = readObject(localStorage.getItem(STORAGE_KEY));
  const kept = entry.token && (await verifyToken(entry.token, context, findKey));
  // A kept token that does not verify or fit (altered, another shop, host or key) is dropped.
  if (!kept) entry = entry.token ? {} : entry;
  const now = Date.now() / 1000;
  const step = nextStep(kept, entry, now);
  if (step === 'use') return show(kept, entry);
  if (step === 'wait') return;

  await new Promise((resolve) => {
    const later = () => (window.requestIdleCallback || setTimeout)(resolve);
    if (document.readyState === 'complete') later();
    else addEventListener('load', later, { once: true });
  });
  const answer = await call(`${context.portal}/api/licences/verify`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      shop: shopify.shop,
      host: context.host,
      theme_version: config.version,
      theme_role: 'main',
      design_mode: Boolean(shopify.designMode),
    }),
  });
  const claims = answer && (await verifyToken(answer.token, context, findKey));
  if (claims && claims.exp > Date.now() / 1000) {
    const fresh = { token: answer.token, message: answer.message };
    save(fresh);
    show(claims, fresh);
  } else save(afterFailure(entry, kept, now));
}

if (typeof window === 'object') run().catch(() => {});
