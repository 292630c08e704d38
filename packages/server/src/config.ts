import { createPrivateKey } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository root, so `.data/`, `packages/web/dist`, the migrations and the contract resolve
 * the same from any cwd; `src/config.ts` and the bundled `dist/main.js` sit at the same depth.
 */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface ServerConfig {
  port: number;
  host: string;
  /** A PostgreSQL URL; when absent the embedded PGlite database under `dataDir` is used. */
  databaseUrl: string | undefined;
  dataDir: string;
  /** HS256 secret for access tokens; when absent one is generated and kept in the database. */
  jwtSecret: string | undefined;
  /**
   * The Ed25519 private key (PKCS#8 PEM) signing licence tokens; when absent one is generated
   * and kept in the database (docs/operations.md, 'Licence signing key').
   */
  licenceSigningKey: string | undefined;
  jwtIssuer: string;
  jwtAudience: string;
  accessTokenSeconds: number;
  refreshTokenSeconds: number;
  /** Absolute lifetime of a refresh-token family: rotation never extends a session past it. */
  refreshFamilySeconds: number;
  /**
   * An admin's session, shorter than a customer's (docs/security.md): its access token, its
   * refresh token (an idle admin signs in again) and its family's absolute lifetime.
   */
  adminSession: {
    accessTokenSeconds: number;
    refreshTokenSeconds: number;
    refreshFamilySeconds: number;
  };
  /** The address browsers use to reach this server (links in mails, provider return pages). */
  publicOrigin: string;
  placesApiKey: string | undefined;
  /** Google Places (New) text search endpoint; tests point it at a local fake. */
  placesApiUrl: string;
  stripeSecretKey: string | undefined;
  stripeWebhookSecret: string | undefined;
  /** `smtp://` or `smtps://` URL of the mail server; when absent, mails go to the sandbox mailbox. */
  smtpUrl: string | undefined;
  /** The sender of every mail (`Name <address>`). */
  mailFrom: string;
  /** Origins that checkout/portal return URLs may point at (the public origin is always allowed). */
  allowedRedirectOrigins: string[];
  /** Where the built web app lives; served when the folder exists. */
  webDistDir: string;
  /** Login attempts: per account and per client address, within one window. */
  loginLimit: { perAccount: number; perAddress: number; windowSeconds: number };
  /** Token refreshes per client address within one window (far above a browser's needs). */
  refreshLimit: { perAddress: number; windowSeconds: number };
  checkoutLimit: { perAddress: number; windowSeconds: number };
  /** Licence verifications per minute, per client address and per shop (token buckets in memory). */
  verifyLimit: { perAddress: number; perShop: number };
  passwordResetSeconds: number;
  seedDemo: boolean;
  /** Behind a load balancer: read the client address from X-Forwarded-For. */
  trustProxy: boolean;
}

type Env = Record<string, string | undefined>;

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function intFrom(value: string | undefined, fallback: number, name: string): number {
  if (nonEmpty(value) === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0) throw new Error(`${name} must be a whole number`);
  return parsed;
}

/** A bucket of zero would refuse every call: at least one. */
function positiveIntFrom(value: string | undefined, fallback: number, name: string): number {
  const parsed = intFrom(value, fallback, name);
  if (parsed < 1) throw new Error(`${name} must be at least 1`);
  return parsed;
}

function originOf(value: string, name: string): string {
  try {
    return new URL(value).origin;
  } catch {
    throw new Error(`${name} must be an absolute URL (got ${value})`);
  }
}

function smtpUrlFrom(value: string | undefined): string | undefined {
  const url = nonEmpty(value);
  if (url === undefined) return undefined;
  let protocol: string;
  try {
    protocol = new URL(url).protocol;
  } catch {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  if (protocol !== 'smtp:' && protocol !== 'smtps:') {
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL');
  }
  return url;
}

/** An Ed25519 PKCS#8 PEM (a value on one line may write its line breaks as `\n`). */
function signingKeyFrom(value: string | undefined): string | undefined {
  const text = nonEmpty(value)?.replace(/\\n/g, '\n');
  if (text === undefined) return undefined;
  let type: string | undefined;
  try {
    type = createPrivateKey(text).asymmetricKeyType;
  } catch {
    type = undefined;
  }
  if (type !== 'ed25519') {
    throw new Error(
      'LICENCE_SIGNING_KEY must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)',
    );
  }
  return text;
}

/**
 * The sandbox provider (its hosted payment pages and the sandbox mailbox) is on unless Stripe is
 * configured.
 */
/** Checkout sessions one address may open in the window (CHECKOUT_LIMIT_PER_ADDRESS). */
export const defaultCheckoutLimit = { perAddress: 20, windowSeconds: 10 * 60 };

export function sandboxEnabled(config: Pick<ServerConfig, 'stripeSecretKey'>): boolean {
  return config.stripeSecretKey === undefined;
}

export function loadConfig(env: Env = process.env): ServerConfig {
  const port = intFrom(env.PORT, 3000, 'PORT');
  const host = nonEmpty(env.HOST) ?? '127.0.0.1';
  const publicOrigin = originOf(
    nonEmpty(env.PUBLIC_ORIGIN) ?? `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    'PUBLIC_ORIGIN',
  );
  const allowed = (nonEmpty(env.ALLOWED_REDIRECT_ORIGINS) ?? '')
    .split(',')
    .map((origin) => origin.trim())
    .filter((origin) => origin !== '')
    .map((origin) => originOf(origin, 'ALLOWED_REDIRECT_ORIGINS'));
  return {
    port,
    host,
    databaseUrl: nonEmpty(env.DATABASE_URL),
    dataDir: path.resolve(repoRoot, nonEmpty(env.DATA_DIR) ?? '.data/pglite'),
    jwtSecret: nonEmpty(env.JWT_SECRET),
    licenceSigningKey: signingKeyFrom(env.LICENCE_SIGNING_KEY),
    jwtIssuer: 'theme-portal',
    jwtAudience: 'theme-portal-api',
    accessTokenSeconds: intFrom(env.ACCESS_TOKEN_SECONDS, 15 * 60, 'ACCESS_TOKEN_SECONDS'),
    refreshTokenSeconds: intFrom(env.REFRESH_TOKEN_SECONDS, 7 * 24 * 3600, 'REFRESH_TOKEN_SECONDS'),
    refreshFamilySeconds: intFrom(
      env.REFRESH_FAMILY_SECONDS,
      30 * 24 * 3600,
      'REFRESH_FAMILY_SECONDS',
    ),
    adminSession: {
      accessTokenSeconds: positiveIntFrom(
        env.ADMIN_ACCESS_TOKEN_SECONDS,
        5 * 60,
        'ADMIN_ACCESS_TOKEN_SECONDS',
      ),
      refreshTokenSeconds: positiveIntFrom(
        env.ADMIN_REFRESH_TOKEN_SECONDS,
        30 * 60,
        'ADMIN_REFRESH_TOKEN_SECONDS',
      ),
      refreshFamilySeconds: positiveIntFrom(
        env.ADMIN_SESSION_SECONDS,
        8 * 3600,
        'ADMIN_SESSION_SECONDS',
      ),
    },
    publicOrigin,
    placesApiKey: nonEmpty(env.PLACES_API_KEY),
    placesApiUrl:
      nonEmpty(env.PLACES_API_URL) ?? 'https://places.googleapis.com/v1/places:searchText',
    stripeSecretKey: nonEmpty(env.STRIPE_SECRET_KEY),
    stripeWebhookSecret: nonEmpty(env.STRIPE_WEBHOOK_SECRET),
    smtpUrl: smtpUrlFrom(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM) ?? 'Theme Portal <no-reply@theme-portal.test>',
    allowedRedirectOrigins: [...new Set([publicOrigin, ...allowed])],
    webDistDir: path.resolve(repoRoot, 'packages/web/dist'),
    loginLimit: { perAccount: 5, perAddress: 20, windowSeconds: 15 * 60 },
    refreshLimit: {
      perAddress: intFrom(env.REFRESH_LIMIT_PER_ADDRESS, 300, 'REFRESH_LIMIT_PER_ADDRESS'),
      windowSeconds: 5 * 60,
    },
    checkoutLimit: {
      perAddress: intFrom(
        env.CHECKOUT_LIMIT_PER_ADDRESS,
        defaultCheckoutLimit.perAddress,
        'CHECKOUT_LIMIT_PER_ADDRESS',
      ),
      windowSeconds: defaultCheckoutLimit.windowSeconds,
    },
    verifyLimit: {
      perAddress: positiveIntFrom(env.VERIFY_LIMIT_PER_ADDRESS, 60, 'VERIFY_LIMIT_PER_ADDRESS'),
      perShop: positiveIntFrom(env.VERIFY_LIMIT_PER_SHOP, 1200, 'VERIFY_LIMIT_PER_SHOP'),
    },
    passwordResetSeconds: 3600,
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
  };
}
