import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import { messages } from '@portal/core/domain';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyServerOptions,
} from 'fastify';
import { createTokens, loadJwtSecret, type Tokens } from './auth/tokens.ts';
import { CACHE_CHANNEL, createReadCache, type ReadCache } from './cache/read-cache.ts';
import type { ServerConfig } from './config.ts';
import type { Database } from './db/database.ts';
import { contractOperations } from './http/contract.ts';
import { registerErrorHandler, trackRouteMethods } from './http/error-handler.ts';
import { methodNotAllowed } from './http/errors.ts';
import { AccessLogController, lazyChildLogger } from './http/request-logger.ts';
import { readPrerenderedPages } from './http/prerendered.ts';
import { registerSecurityHeaders, securityHeaders } from './http/security.ts';
import { attachContractValidation } from './http/validation.ts';
import { createMailer, type MailWorker } from './mail/index.ts';
import { appRoutes } from './routes/index.ts';
import { createReplacedSubscriptionSweep, fulfilmentOf } from './payments/fulfilment.ts';
import { choosePaymentProvider, type PaymentProviderFactory } from './payments/index.ts';
import type { PaymentProvider } from './payments/provider.ts';
import { createDownloadCounter, type DownloadCounter } from './releases/download-counter.ts';
import { multipartLimits } from './releases/upload.ts';
import { createThemeJobs, type ThemeJobs } from './releases/theme-jobs.ts';
import { createPeriodicJob } from './periodic.ts';
import { recordClockEvents } from './subscriptions/journal-events.ts';
import { createTrialReminderTicker } from './subscriptions/trial-reminders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: ServerConfig;
    tokens: Tokens;
    /** Sessions and licence lists in memory; every write path forgets what it changed. */
    readCache: ReadCache;
    /** The clock every rule reads (tests move it). */
    now: () => Date;
    /** The outbox's delivery worker: polling once the server listens; tests call `drain()`. */
    mail: MailWorker;
    /** The payment provider: the sandbox, Stripe, or a test's fake (`BuildAppOptions.payments`). */
    payments: PaymentProvider;
    /** Unzipping, merging and Theme Check, in a worker thread (releases/theme-jobs.ts). */
    themeJobs: ThemeJobs;
    /** Downloads per release, written every few seconds (tests call `flush()`). */
    releaseDownloads: DownloadCounter;
  }
}

export interface BuildAppOptions {
  /** A migrated database (see `migrate` and `seedPlans`). */
  db: Database;
  config: ServerConfig;
  /** A payment provider (tests pass fakes); by default the one the config selects (sandbox or Stripe). */
  payments?: PaymentProvider | PaymentProviderFactory;
  now?: () => Date;
  logger?: FastifyServerOptions['logger'];
}

/**
 * The production logger: Fastify's request serializer logs no header and no body, and these
 * paths are censored anyway should a log call ever pass a request, a token pair or a body. Lines
 * go to `stream`, or to standard output.
 */
export function loggerOptions(
  level: string,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  return {
    level,
    ...(stream === undefined ? {} : { stream }),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'headers.authorization',
        'body',
        'req.body',
        'tokens',
        '*.accessToken',
        '*.refreshToken',
        '*.token',
        '*.password',
      ],
      censor: '[masqué]',
    },
  };
}

/**
 * Namespaces that hold only API calls; the web app never has a page there. `/admin/auth/` holds
 * the admins' auth calls while the rest of `/admin` is the back office's pages
 * (docs/decisions.md, 'The back office's own build').
 */
const apiNamespaces = ['/api/', '/admin/auth/', '/customers/'];

/** The back office's pages: its own document, `admin.html` (a build entry of its own). */
function isBackOfficePage(pathname: string): boolean {
  return pathname === '/admin' || pathname.startsWith('/admin/');
}

/**
 * The contract's own paths as patterns, for the namespace it shares with the web app:
 * `/auth/refresh` is the API while `/auth/login` is a page (docs/product.md#route-table).
 */
const apiPathPatterns = contractOperations().map(
  (op) => new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}/?$`),
);

function isApiPath(pathname: string): boolean {
  return (
    apiNamespaces.some((namespace) => pathname.startsWith(namespace)) ||
    apiPathPatterns.some((pattern) => pattern.test(pathname))
  );
}

/**
 * A path whose last segment has an extension names a file (an icon, a chunk of an older build):
 * no page of the app does, so one that is not built is a 404, not the app's page with a 200.
 */
function namesAFile(pathname: string): boolean {
  return /\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/') + 1));
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { db, config } = options;
  const now = options.now ?? (() => new Date());
  const prerendered = readPrerenderedPages(config.webDistDir);
  const headers = securityHeaders(config, prerendered.inlineScriptHashes);
  const app = Fastify({
    logger: options.logger ?? false,
    ...(options.logger === undefined || options.logger === false
      ? {}
      : { childLoggerFactory: lazyChildLogger, logController: new AccessLogController() }),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // The error handler answers in French; Fastify's default JSON parser refuses __proto__.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // Refused by the router before any route or hook: still French, still with the headers.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as unknown as FastifyReply;
      reply.headers(headers.resource).header('cache-control', 'no-store');
      // A path id longer than any stored one names nothing; a URL that does not decode is invalid.
      const [status, message]: [number, string] =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? [404, messages.http[404]]
          : [400, messages.http[422]];
      void reply.code(status).send({ message });
    },
  });
  app.decorate('db', db);
  app.decorate('config', config);
  app.decorate('now', now);
  const mail = createMailer({ db, config, now, log: app.log.child({ module: 'mail' }) });
  app.decorate('mail', mail);
  // Delivery starts with serving (never in tests, which inject and drain by hand) and stops
  // before the database closes; what is not sent yet stays in the outbox for the next start.
  app.addHook('onListen', async () => mail.start());
  app.addHook('onClose', async () => mail.stop());
  // The 'trial ending' sweep runs beside the mail worker, likewise only once serving.
  const trialReminders = createTrialReminderTicker({
    db,
    now,
    publicOrigin: config.publicOrigin,
    wakeMail: () => mail.wake(),
    log: app.log.child({ module: 'trial-reminders' }),
  });
  app.addHook('onListen', async () => trialReminders.start());
  app.addHook('onClose', async () => trialReminders.stop());
  // The journal records what the clock ends (trials, cancellations run out) as it happens, so
  // the back office's history and figures need no write to show it (docs/product.md#back-office).
  const clockEvents = createPeriodicJob({
    periodSeconds: 5 * 60,
    run: async () => {
      await recordClockEvents(db, now());
    },
    log: app.log,
    failure: 'journal clock sweep failed',
  });
  app.addHook('onListen', async () => clockEvents.start());
  app.addHook('onClose', async () => clockEvents.stop());
  app.decorate('payments', choosePaymentProvider(options.payments, { db, config, now }));
  const themeJobs = createThemeJobs();
  app.decorate('themeJobs', themeJobs);
  app.addHook('onClose', async () => themeJobs.close());
  const releaseDownloads = createDownloadCounter({
    db,
    log: app.log.child({ module: 'theme-releases' }),
  });
  app.decorate('releaseDownloads', releaseDownloads);
  app.addHook('onListen', async () => releaseDownloads.start());
  app.addHook('onClose', async () => releaseDownloads.stop());
  // Over a shared PostgreSQL database the cache keeps answers only while it hears the other
  // replicas' changes (see ReadCache).
  const shared = db.sharedWithOtherProcesses;
  const readCache = createReadCache({ enabled: !shared, broadcast: shared });
  app.decorate('readCache', readCache);
  if (shared && db.listen !== undefined) {
    const stopListening = await db.listen(CACHE_CHANNEL, {
      message: (payload) => readCache.forgetNotified(payload),
      listening: () => readCache.resume(),
      lost: () => readCache.suspend(),
    });
    app.addHook('onClose', stopListening);
  }
  app.decorate(
    'tokens',
    createTokens(await loadJwtSecret(db, config.jwtSecret), config, now, readCache),
  );
  app.decorateRequest('account', null);

  // The portal client sends a JSON content type on every call
  // (docs/product.md#generic-request-behaviour), body-less ones too (DELETE, logout): an empty body
  // is no body, and the contract decides whether one is required.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, text, done);
  });

  // Theme archives are uploaded as multipart (the update, a publication): read by the route
  // within these limits, never parsed ahead (releases/upload.ts).
  await app.register(fastifyMultipart, { limits: multipartLimits, throwFileSizeLimit: true });

  attachContractValidation(app);
  registerErrorHandler(app);
  const allowedMethods = trackRouteMethods(app);
  registerSecurityHeaders(app, headers);

  await appRoutes(app);
  // Replaced subscriptions whose cancellation at the provider failed are tried again while
  // serving (docs/decisions.md, 'Attaching over a paid subscription still running'); stopped
  // before the database closes.
  const replacedSweep = createReplacedSubscriptionSweep(fulfilmentOf(app));
  app.addHook('onListen', async () => replacedSweep.start());
  app.addHook('onClose', async () => replacedSweep.stop());

  const webIndex = path.join(config.webDistDir, 'index.html');
  const serveWeb = existsSync(webIndex);
  if (serveWeb) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      wildcard: false,
      index: false,
      // The web build writes .br and .gz copies (packages/web/scripts/compress.mjs): send those.
      preCompressed: true,
      // Built assets carry a content hash in their name: cache them for good.
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });
  }
  app.setNotFoundHandler(async (request, reply) => {
    const allowed = allowedMethods(request.url);
    if (allowed.length > 0) throw methodNotAllowed(allowed);
    const pathname = request.url.split('?')[0] ?? '';
    if (
      serveWeb &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !isApiPath(pathname) &&
      !namesAFile(pathname)
    ) {
      // Built files have their own routes (wildcard: false); every other page is the app's,
      // prerendered or not.
      const page = isBackOfficePage(pathname)
        ? 'admin.html'
        : (prerendered.files.get(pathname) ?? 'index.html');
      // send's own 'public, max-age=0' would replace it.
      return reply.header('cache-control', 'no-cache').sendFile(page, { cacheControl: false });
    }
    return reply.code(404).send({ message: messages.http[404] });
  });
  return app;
}
