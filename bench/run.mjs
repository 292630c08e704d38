// `pnpm bench [--check] [--runs N] [--pages /,/login,/dashboard,zero-js,storefront] [--skip-build]
// [--skip-interactions] [--skip-lighthouse] [--skip-api]` (see docs/performance.md, 'Method'):
// builds the product, starts the compiled server on a free loopback port with a temp database
// (demo customer seeded), then measures route sizes, the first interactions of /, /login and
// /dashboard with the CPU four times slower (N runs each) and the script the landing runs before
// a gesture, Lighthouse (mobile defaults, N runs per page, medians and spread) for /, /login,
// /dashboard, a zero-JavaScript copy of the landing HTML and a licensed shop's storefront with and
// without the theme's licence snippet (bench/storefront.mjs), API throughput beside a bare Fastify
// route (load generator pinned apart from the servers), and a refresh storm. Each run records the
// machine's load before and after it and is flagged when the machine was busy.
// Prints a table and the five longest main-thread tasks per page, writes bench/results.json;
// --check prints every target (measured vs target) and exits 1 when one is missed, 2 when most
// runs were taken on a busy machine.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { writeCompressedCopies } from '../packages/web/scripts/compress.mjs';
import { sampleOf, summarise, summariseApiRounds } from './figures.mjs';
import {
  cpuSlowdown,
  landingScriptBeforeGesture,
  measureInteractions,
  summariseInteractions,
} from './interactions.mjs';
import {
  describeLoad,
  loadSample,
  machineInfo,
  measured,
  onCores,
  pinning,
  pinProcess,
} from './machine.mjs';
import {
  buildForSizes,
  landingIntruders,
  measureRoutes,
  measureSchemaLibrary,
  repoRoot,
  sizeFailures,
  sizeSummary,
  sizeTable,
} from './sizes.mjs';
import { checkLine, targetChecks, verdict } from './targets.mjs';

const args = process.argv.slice(2);
const check = args.includes('--check');
// Lighthouse takes most of the run; without it the sizes, the API and the storm take a minute.
const skipLighthouse = args.includes('--skip-lighthouse');
// Without the taps on the pages (about three minutes).
const skipInteractions = args.includes('--skip-interactions');
// Without the API throughput and the refresh storm (which waits a minute for a token to expire).
const skipApi = args.includes('--skip-api');
// Uses the build already in packages/*/dist (and skips the sizes, which need their own build).
const skipBuild = args.includes('--skip-build');
const option = (name) => {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
};
const runs = Number(option('--runs') ?? 5);
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs expects a whole number ≥ 1');
const pageNames = ['/', '/login', '/dashboard', 'zero-js', 'storefront'];
const pagesWanted = (option('--pages') ?? pageNames.join(',')).split(',');
for (const name of pagesWanted) {
  if (!pageNames.includes(name)) throw new Error(`--pages: ${name} is not one of ${pageNames}`);
}
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.join(repoRoot, 'packages/web/dist');
const zeroJsFile = 'bench-zero-js.html';
// Short-lived access tokens let the storm use a really expired one without waiting long.
const accessTokenSeconds = 60;
const demo = { email: 'demo@theme-portal.test', password: 'Demo1234!' };
const lighthouseVersion = createRequire(import.meta.url)('lighthouse/package.json').version;

const log = (line) => console.log(line);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function run(command, commandArgs, options = {}) {
  const result = spawnSync(command, commandArgs, { stdio: 'inherit', cwd: repoRoot, ...options });
  if (result.status !== 0) throw new Error(`${command} ${commandArgs.join(' ')} failed`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Starts a child process and resolves once `ready(output)` holds. */
function startProcess(command, commandArgs, { env, ready, cwd = repoRoot }) {
  // Its own process group, so stopping it also stops whatever it started.
  const child = spawn(command, commandArgs, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  let started = false;
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      // Once started, its lines (the server's log) are read and dropped, as a collector takes them.
      if (started) return;
      output += chunk;
      if (ready(output)) {
        started = true;
        resolve(child);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${command} exited (${code}):\n${output}`)));
  });
}

function stop(child) {
  if (child === undefined || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', resolve);
    process.kill(-child.pid, 'SIGTERM');
  });
}

async function api(origin, method, route, { token, body } = {}) {
  const response = await fetch(`${origin}${route}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token === undefined ? {} : { authorization: `Bearer ${token}` }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const data = await response.json().catch(() => null);
  if (!response.ok)
    throw new Error(`${method} ${route}: ${response.status} ${JSON.stringify(data)}`);
  return data;
}

const login = async (origin) =>
  (await api(origin, 'POST', '/api/client/auth/login', { body: demo })).tokens;

const renew = (origin, tokens) =>
  api(origin, 'POST', '/auth/refresh', { body: { refreshToken: tokens.refreshToken } });

/**
 * The storefront of the demo customer's first licence (see `fillLicences`), as its published
 * theme checks it.
 */
const verifyBody = {
  shop: 'bench-0.myshopify.com',
  host: 'www.boutique-0.example.fr',
  theme_version: '1.0.0',
  theme_role: 'main',
};

/**
 * The licensed shop's storefront under its own domain (`verifyBody`), stamped for this portal,
 * served twice by bench/storefront.mjs (tsx: the theme is TypeScript): with the licence snippet
 * and without it, on two ports.
 */
async function startStorefronts(origin) {
  const jwks = await (await fetch(`${origin}/.well-known/jwks.json`)).text();
  const ports = { withSnippet: await freePort(), withoutSnippet: await freePort() };
  const tsx = path.join(repoRoot, 'packages/server/node_modules/.bin/tsx');
  const storefrontProcess = await startProcess(tsx, ['bench/storefront.mjs'], {
    env: {
      PORTAL_ORIGIN: origin,
      JWKS: jwks,
      SHOP: verifyBody.shop,
      WITH_SNIPPET_PORT: String(ports.withSnippet),
      WITHOUT_SNIPPET_PORT: String(ports.withoutSnippet),
    },
    ready: (output) => output.includes('storefronts ready'),
  });
  const at = (port) => `http://${verifyBody.host}:${port}`;
  return {
    storefront: {
      host: verifyBody.host,
      origins: { withSnippet: at(ports.withSnippet), withoutSnippet: at(ports.withoutSnippet) },
    },
    storefrontProcess,
  };
}

/** The demo customer (Business plan, bench/seed.mjs) holds the ten licences listed. */
async function fillLicences(origin, tokens) {
  const { licenses } = await api(origin, 'GET', '/api/client/licenses', {
    token: tokens.accessToken,
  });
  for (let index = licenses.length; index < 10; index += 1) {
    await api(origin, 'POST', '/api/client/licenses', {
      token: tokens.accessToken,
      body: { custom_domain: `boutique-${index}.example.fr`, shop_domain: `bench-${index}` },
    });
  }
}

/** The zero-JS copy and the compressed copies the server sends of it, as it sends `/`'s. */
const zeroJsFiles = [zeroJsFile, `${zeroJsFile}.br`, `${zeroJsFile}.gz`];

/**
 * The prerendered landing HTML without any script: the paint floor for that content. Compressed
 * by the build's own step, as `/` is, so the two travel alike.
 */
function writeZeroJsCopy() {
  const prerendered = path.join(webDist, 'prerendered/index.html');
  if (!existsSync(prerendered)) return false;
  const stripped = readFileSync(prerendered, 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="(modulepreload|prefetch)"[^>]*>/g, '');
  const copy = path.join(webDist, zeroJsFile);
  writeFileSync(copy, stripped);
  writeCompressedCopies(copy);
  return true;
}

/** Playwright's Chromium launcher (the e2e package's). */
async function playwrightChromium() {
  const { chromium } = await import(
    pathToFileURL(path.join(repoRoot, 'e2e/node_modules/@playwright/test/index.mjs')).href
  );
  return chromium;
}

const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * The first interactions of each page, and what the landing fetches before a gesture
 * (bench/interactions.mjs); each page's taps are flagged busy like a Lighthouse run.
 */
async function interactionRuns(origin, tokens) {
  const chromium = await playwrightChromium();
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: chromiumArgs,
  });
  let session = tokens;
  try {
    const landing = await landingScriptBeforeGesture({ browser, origin });
    log(`  / before a gesture: ${(landing.totalGzip / 1024).toFixed(1)} KiB of script, gzip`);
    const {
      value: samples,
      load,
      busy,
    } = await measured('interactions', () =>
      measureInteractions({
        browser,
        origin,
        runs,
        log,
        session: async () => {
          session = await renew(origin, session);
          return [session.accessToken, session.refreshToken];
        },
      }),
    );
    return {
      cpuSlowdown,
      landingBeforeGesture: landing,
      steps: summariseInteractions(samples),
      samples,
      run: { busy, load },
      session,
    };
  } finally {
    await browser.close();
  }
}

/** Lighthouse through the remote debugging port of a Playwright-launched Chromium. */
async function lighthouseRuns(origin, tokens, zeroJs, storefront) {
  const chromium = await playwrightChromium();
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-bench-chromium-'));
  const shopOrigins = storefront === undefined ? [] : Object.values(storefront.origins);
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      ...chromiumArgs,
      // The shop's own domain, on this machine; a secure context there, as an HTTPS storefront
      // is (the snippet's WebCrypto needs one).
      ...(storefront === undefined
        ? []
        : [
            `--host-resolver-rules=MAP ${storefront.host} 127.0.0.1`,
            `--unsafely-treat-insecure-origin-as-secure=${shopOrigins.join(',')}`,
          ]),
    ],
  });
  const version = context.browser()?.version() ?? (await readBrowserVersion(port));
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const pages = [
    { name: '/', option: '/', url: `${origin}/`, kind: 'landing' },
    { name: '/login', option: '/login', url: `${origin}/login`, kind: 'app' },
    {
      name: '/dashboard',
      option: '/dashboard',
      url: `${origin}/dashboard`,
      kind: 'app',
      auth: true,
    },
    ...(zeroJs
      ? [
          {
            name: 'zero-JS landing',
            option: 'zero-js',
            url: `${origin}/${zeroJsFile}`,
            kind: 'floor',
          },
        ]
      : []),
    ...(storefront === undefined
      ? []
      : [
          {
            name: 'storefront, licence snippet',
            option: 'storefront',
            url: `${storefront.origins.withSnippet}/`,
            kind: 'storefront',
          },
          {
            name: 'storefront, no snippet',
            option: 'storefront',
            url: `${storefront.origins.withoutSnippet}/`,
            kind: 'storefront',
          },
        ]),
  ].filter((target) => pagesWanted.includes(target.option));
  let session = tokens;
  let settings = null;
  const results = {};
  try {
    for (const target of pages) {
      const samples = [];
      // Lighthouse now and then fails to record a trace (NO_NAVSTART): such a run is retried.
      for (let index = 0, failed = 0; index < runs;) {
        if (target.auth) {
          // A fresh pair per run, stored where the app reads it; Lighthouse must then keep
          // storage, so the HTTP cache is cleared by hand for a cold load.
          session = await renew(origin, session);
          await page.goto(`${origin}/api/health`);
          await page.evaluate(
            ([access, refresh]) => {
              localStorage.setItem('auth_token', access);
              localStorage.setItem('refresh_token', refresh);
            },
            [session.accessToken, session.refreshToken],
          );
          await cdp.send('Network.clearBrowserCache');
        }
        const label = `${target.name} run ${index + 1}/${runs}`;
        const { value, load, busy } = await measured(label, () =>
          lighthouse(target.url, {
            port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            disableStorageReset: target.auth === true,
          }),
        );
        const { lhr } = value;
        if (lhr.runtimeError) {
          failed += 1;
          if (failed > 3) throw new Error(`${target.name}: ${lhr.runtimeError.message}`);
          log(`  lighthouse ${target.name}: ${lhr.runtimeError.code}, run again`);
          continue;
        }
        index += 1;
        const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
        if (target.auth && landedOn !== '/dashboard') {
          throw new Error(`/dashboard run ended on ${landedOn}: the session was not used`);
        }
        settings ??= {
          formFactor: lhr.configSettings.formFactor,
          throttlingMethod: lhr.configSettings.throttlingMethod,
          throttling: lhr.configSettings.throttling,
        };
        const figures = sampleOf(lhr, new URL(target.url).origin);
        samples.push({ run: index, busy, load, figures });
        log(
          `  ${label}: score ${figures.score}, LCP ${figures.lcpMs} ms, TBT ${figures.tbtMs} ms, benchmarkIndex ${figures.benchmarkIndex}; before: ${describeLoad(load.before)}`,
        );
      }
      results[target.name] = { kind: target.kind, ...summarise(samples), samples };
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { version, settings, results, session };
}

async function readBrowserVersion(port) {
  const info = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  return info.Browser;
}

/** Ratios of medians; the licences mark is compared with the landing's LCP on the same clock. */
function lighthouseRatios(pages) {
  const landing = pages['/']?.median;
  const floor = pages['zero-JS landing']?.median;
  const dashboard = pages['/dashboard']?.median;
  const ratio = (a, b) =>
    typeof a === 'number' && typeof b === 'number' ? +(a / b).toFixed(2) : null;
  return {
    landingLcpToZeroJs: ratio(landing?.lcpMs, floor?.lcpMs),
    licencesVisibleToLandingLcp: ratio(dashboard?.licencesVisibleMs, landing?.observedLcpMs),
  };
}

/**
 * The API's measurement: after a warm-up of each, the reference server and the bare route take
 * turns, one window each per round, so a change in the machine's speed falls on both
 * (docs/performance.md, 'How the figures are taken').
 */
const apiRounds = 7;
const apiWindowSeconds = 4;
const apiWarmUpSeconds = 2;

/**
 * autocannon in its own process (bench/load.mjs), on the load generator's core when pinned; a
 * `body` is POSTed as JSON.
 */
function loadTest(pin, url, { token, body }, seconds) {
  const [command, commandArgs] = onCores(pin, pin.loadGenerator, process.execPath, [
    'bench/load.mjs',
  ]);
  const result = spawnSync(command, commandArgs, {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      LOAD_URL: url,
      LOAD_SECONDS: String(seconds),
      ...(token === undefined ? {} : { LOAD_TOKEN: token }),
      ...(body === undefined ? {} : { LOAD_BODY: body }),
    },
  });
  if (result.status !== 0) throw new Error(`load generator failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

async function apiBench(origin, session, server) {
  let pin = pinning();
  if (pin.pinned && !pinProcess(server.pid, pin.server)) {
    pin = { pinned: false, reason: 'taskset could not move the reference server' };
  }
  log(
    pin.pinned
      ? `  servers on core ${pin.server}, autocannon on core ${pin.loadGenerator}`
      : `  ! not pinned (${pin.reason}): autocannon shares the cores with the servers`,
  );
  const fresh = await renew(origin, session);
  const listing = await api(origin, 'GET', '/api/client/licenses', { token: fresh.accessToken });
  const verification = await api(origin, 'POST', '/api/licences/verify', { body: verifyBody });
  const bodyDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-body-'));
  const bodyFile = path.join(bodyDir, 'licenses.json');
  const verifyFile = path.join(bodyDir, 'verify.json');
  writeFileSync(bodyFile, JSON.stringify(listing));
  writeFileSync(verifyFile, JSON.stringify(verification));
  const barePort = await freePort();
  const [bareCommand, bareArgs] = onCores(pin, pin.server, process.execPath, [
    'bench/bare-server.mjs',
  ]);
  const bare = await startProcess(bareCommand, bareArgs, {
    env: { PORT: String(barePort), BARE_BODY_FILE: bodyFile, BARE_VERIFY_FILE: verifyFile },
    ready: (output) => output.includes('ready'),
  });
  try {
    const bareOrigin = `http://127.0.0.1:${barePort}`;
    const verify = { body: JSON.stringify(verifyBody) };
    const listUrl = (at) => `${at}/api/client/licenses`;
    const verifyUrl = (at) => `${at}/api/licences/verify`;
    loadTest(pin, listUrl(origin), { token: fresh.accessToken }, apiWarmUpSeconds);
    loadTest(pin, listUrl(bareOrigin), {}, apiWarmUpSeconds);
    loadTest(pin, verifyUrl(origin), verify, apiWarmUpSeconds);
    loadTest(pin, verifyUrl(bareOrigin), verify, apiWarmUpSeconds);
    const rounds = [];
    const verifyRounds = [];
    let current = fresh;
    for (let index = 1; index <= apiRounds; index += 1) {
      // The rounds outlast the bench's 60 s access tokens: a fresh pair for each.
      current = await renew(origin, current);
      const { accessToken } = current;
      const real = await measured(`API round ${index}, reference server`, () =>
        loadTest(pin, listUrl(origin), { token: accessToken }, apiWindowSeconds),
      );
      const bare = await measured(`API round ${index}, bare Fastify`, () =>
        loadTest(pin, listUrl(bareOrigin), {}, apiWindowSeconds),
      );
      // The licence verification, in the same round (docs/performance.md, 'API and refresh storm').
      const realVerify = await measured(`API round ${index}, reference verification`, () =>
        loadTest(pin, verifyUrl(origin), verify, apiWindowSeconds),
      );
      const bareVerify = await measured(`API round ${index}, bare verification`, () =>
        loadTest(pin, verifyUrl(bareOrigin), verify, apiWindowSeconds),
      );
      log(
        `  round ${index}/${apiRounds}: list ${real.value.requestsPerSecond} req/s (bare ${bare.value.requestsPerSecond}), verify ${realVerify.value.requestsPerSecond} req/s (bare ${bareVerify.value.requestsPerSecond})`,
      );
      rounds.push({ real, bare });
      verifyRounds.push({ real: realVerify, bare: bareVerify });
    }
    return {
      database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      pinning: pin,
      licences: listing.licenses.length,
      ...summariseApiRounds(rounds),
      verify: summariseApiRounds(verifyRounds),
      windows: [...rounds, ...verifyRounds].flatMap(({ real, bare }) => [real, bare]),
    };
  } finally {
    await stop(bare);
    if (pin.pinned) pinProcess(server.pid, pin.allCores);
    rmSync(bodyDir, { recursive: true, force: true });
  }
}

function storm(origin, tokens) {
  const tsx = path.join(repoRoot, 'packages/server/node_modules/.bin/tsx');
  const result = spawnSync(tsx, ['bench/storm.mjs'], {
    cwd: repoRoot,
    encoding: 'utf8',
    env: {
      ...process.env,
      STORM_ORIGIN: origin,
      STORM_ACCESS: tokens.accessToken,
      STORM_REFRESH: tokens.refreshToken,
    },
  });
  if (result.status !== 0) throw new Error(`storm failed:\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1));
}

const spread = (page, key, unit = '') =>
  page.median[key] === null
    ? '-'
    : `${page.median[key]}${unit} (${page.min[key]}–${page.max[key]})`;

function lighthouseTable(lh) {
  const lines = [
    `== Lighthouse ${lighthouseVersion} (${lh.settings?.formFactor ?? 'mobile'}, ${lh.settings?.throttlingMethod ?? 'simulate'}): median (min–max)`,
  ];
  for (const [name, page] of Object.entries(lh.pages)) {
    lines.push(
      `${name}: ${page.runs} runs, ${page.busyRuns} busy, benchmarkIndex ${page.benchmarkIndex}`,
      `  score ${spread(page, 'score')}   FCP ${spread(page, 'fcpMs', ' ms')}   LCP ${spread(page, 'lcpMs', ' ms')}`,
      `  TBT ${spread(page, 'tbtMs', ' ms')}   CLS ${spread(page, 'cls')}   observed LCP ${spread(page, 'observedLcpMs', ' ms')}`,
    );
    if (page.median.licencesVisibleMs !== null) {
      lines.push(`  licences-visible mark (observed) ${spread(page, 'licencesVisibleMs', ' ms')}`);
    }
  }
  const { ratios } = lh;
  lines.push(
    `LCP(/) ÷ LCP(zero-JS copy) = ${ratios.landingLcpToZeroJs ?? '-'}`,
    `licences-visible(/dashboard) ÷ observed LCP(/) = ${ratios.licencesVisibleToLandingLcp ?? '-'}`,
    '',
    '== Five longest main-thread tasks (Lighthouse long-tasks, simulated durations, from the run with the median TBT)',
  );
  for (const [name, page] of Object.entries(lh.pages)) {
    lines.push(`${name} (run ${page.medianTbtRun}): LCP element ${page.lcpElement ?? '-'}`);
    for (const shift of page.layoutShifts ?? []) {
      lines.push(`  layout shift ${shift.score}  ${shift.selector}`);
    }
    if (page.longTasks.length === 0) lines.push('  none of 50 ms or more');
    for (const task of page.longTasks) {
      lines.push(
        `  ${String(task.durationMs).padStart(5)} ms  at ${String(task.startTimeMs).padStart(5)} ms  ${task.url}`,
      );
    }
  }
  return lines.join('\n');
}

function interactionsTable(interactions) {
  const lines = [
    `== First interactions (CPU ${interactions.cpuSlowdown}x slower, a tap's pointerdown to the frame showing the answer): median (min–max)`,
  ];
  for (const step of interactions.steps) {
    const answered =
      step.unanswered === 0 ? '' : `, ${step.unanswered} of ${step.taps} without an answer`;
    lines.push(
      `${step.page} ${step.step}, ${step.mode}: ${step.medianMs ?? '-'} ms (${step.minMs ?? '-'}–${step.maxMs ?? '-'})${answered}`,
    );
  }
  const { landingBeforeGesture: landing } = interactions;
  lines.push(
    `/ before a gesture: ${(landing.totalGzip / 1024).toFixed(1)} KiB of script, gzip (inline ${(landing.inlineGzip / 1024).toFixed(1)}${landing.files.map((file) => `, ${file.url} ${(file.gzip / 1024).toFixed(1)}`).join('')})`,
  );
  return lines.join('\n');
}

function table(results) {
  const lines = [];
  if (results.sizes !== undefined) lines.push('', '== Sizes', results.sizes.table);
  if (results.interactions !== undefined) lines.push('', interactionsTable(results.interactions));
  if (results.lighthouse !== undefined) lines.push('', lighthouseTable(results.lighthouse));
  const { api: a } = results;
  if (a !== undefined) {
    lines.push(
      '',
      `== API GET /api/client/licenses (${a.licences} licences, 10 connections, ${a.roundRatios.length} rounds of ${apiWindowSeconds} s each, ${a.database}, ${a.pinning.pinned ? 'autocannon pinned apart' : 'not pinned'})`,
      `reference server   median ${a.real.requestsPerSecond} req/s (${a.real.rounds.join(', ')})   p50 ${a.real.p50Ms} ms   worst p99 ${a.real.p99Ms} ms${a.real.busy ? '   (busy)' : ''}`,
      `bare Fastify       median ${a.bare.requestsPerSecond} req/s (${a.bare.rounds.join(', ')})   p50 ${a.bare.p50Ms} ms   worst p99 ${a.bare.p99Ms} ms${a.bare.busy ? '   (busy)' : ''}`,
      `ratio              ${a.ratio} (median of the rounds' ratios: ${a.roundRatios.join(', ')})`,
      '',
      `== API POST /api/licences/verify (an active licence, the same rounds)`,
      `reference server   median ${a.verify.real.requestsPerSecond} req/s (${a.verify.real.rounds.join(', ')})   p50 ${a.verify.real.p50Ms} ms   worst p99 ${a.verify.real.p99Ms} ms${a.verify.real.busy ? '   (busy)' : ''}`,
      `bare Fastify       median ${a.verify.bare.requestsPerSecond} req/s (${a.verify.bare.rounds.join(', ')})   p50 ${a.verify.bare.p50Ms} ms   worst p99 ${a.verify.bare.p99Ms} ms${a.verify.bare.busy ? '   (busy)' : ''}`,
      `ratio              ${a.verify.ratio} (median of the rounds' ratios: ${a.verify.roundRatios.join(', ')}); non-2xx ${a.verify.real.non2xx}, errors ${a.verify.real.errors}`,
    );
  }
  if (results.storm !== undefined) {
    lines.push(
      '',
      `== Refresh storm: ${results.storm.calls} concurrent calls, expired access token`,
      `refresh calls ${results.storm.refreshCalls}, succeeded ${results.storm.ok}, total ${results.storm.ms} ms`,
    );
  }
  return lines.join('\n');
}

function measureSizes() {
  const sizeDir = buildForSizes();
  try {
    const rows = measureRoutes(sizeDir);
    const schema = measureSchemaLibrary();
    const intruders = landingIntruders(sizeDir, rows);
    return {
      ...sizeSummary(rows, schema),
      landingIntruders: intruders,
      table: sizeTable(rows, schema),
      failures: [
        ...sizeFailures(rows, schema, 'target'),
        ...intruders.map((pattern) => `landing: initial JS contains ${pattern}`),
      ],
    };
  } finally {
    rmSync(sizeDir, { recursive: true, force: true });
  }
}

async function main() {
  const loadAtStart = await loadSample();
  log(`Machine before the bench: ${describeLoad(loadAtStart)}`);
  let sizes;
  if (skipBuild) {
    log('Using the build in packages/*/dist (--skip-build): sizes not measured.');
  } else {
    log('Building the product…');
    // The production build: the web app and the compiled server (`pnpm build`).
    run('pnpm', ['build']);
    sizes = measureSizes();
  }

  const zeroJs = writeZeroJsCopy();
  if (!zeroJs && !skipLighthouse && pagesWanted.includes('zero-js')) {
    throw new Error('No prerendered landing HTML (dist/prerendered/index.html) to compare / with');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-data-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server;
  let storefront;
  let storefrontProcess;
  let exitCode = 0;
  try {
    log(`Starting the reference server on ${origin}…`);
    const serverDir = path.join(repoRoot, 'packages/server');
    const tsx = path.join(serverDir, 'node_modules/.bin/tsx');
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      // The default level (info, one access line per request), as in production: what logging
      // costs is part of the API's figures (docs/performance.md, 'API and refresh storm').
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'info',
      ACCESS_TOKEN_SECONDS: String(accessTokenSeconds),
      // The load comes from one address and one shop: the verification's budgets stay out of it
      // (their check still runs on every call).
      VERIFY_LIMIT_PER_ADDRESS: '1000000000',
      VERIFY_LIMIT_PER_SHOP: '1000000000',
    };
    run(tsx, ['bench/seed.mjs'], { env: { ...process.env, ...env } });
    // Measured as it runs in production: the compiled server under plain node (no tsx).
    server = await startProcess(process.execPath, ['dist/main.js'], {
      cwd: serverDir,
      env,
      ready: (output) => output.includes('Portail prêt'),
    });
    // Two sessions: the storm's pair is left untouched until its access token has expired.
    const stormTokens = await login(origin);
    const stormIssuedAt = Date.now();
    let session = await login(origin);

    // Before the ten licences: the demo customer has room for one more ('Ajouter une licence').
    let interactionsSummary;
    if (!skipInteractions) {
      log(`First interactions, ${runs} runs per tap…`);
      const { session: renewed, ...measuredTaps } = await interactionRuns(origin, session);
      session = renewed;
      interactionsSummary = measuredTaps;
    }
    await fillLicences(origin, session);

    let lighthouseSummary;
    let chromiumVersion = null;
    if (!skipLighthouse) {
      if (pagesWanted.includes('storefront')) {
        log('Starting the storefront, with and without the licence snippet…');
        ({ storefront, storefrontProcess } = await startStorefronts(origin));
      }
      log(`Lighthouse, ${runs} runs per page…`);
      const lh = await lighthouseRuns(origin, session, zeroJs, storefront);
      session = lh.session;
      chromiumVersion = lh.version;
      lighthouseSummary = {
        settings: lh.settings,
        pages: lh.results,
        ratios: lighthouseRatios(lh.results),
      };
    }

    let apiResult;
    let stormResult;
    if (!skipApi) {
      log('API throughput…');
      apiResult = await apiBench(origin, session, server);
      const wait = stormIssuedAt + (accessTokenSeconds + 2) * 1000 - Date.now();
      if (wait > 0) await sleep(wait);
      log('Refresh storm…');
      stormResult = storm(origin, stormTokens);
    }

    const results = {
      takenAt: new Date().toISOString(),
      arguments: args,
      machine: {
        ...machineInfo(),
        chromium: chromiumVersion,
        lighthouse: lighthouseVersion,
        database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
        loadAtStart,
        loadAtEnd: await loadSample(),
      },
      sizes,
      interactions: interactionsSummary,
      lighthouse: lighthouseSummary,
      api: apiResult,
      storm: stormResult,
    };
    const checks = targetChecks(results);
    const measuredRuns = [
      ...(interactionsSummary === undefined ? [] : [interactionsSummary.run]),
      ...Object.values(lighthouseSummary?.pages ?? {}).flatMap((page) => page.samples),
      ...(apiResult?.windows ?? []),
    ];
    const outcome = verdict(checks, measuredRuns);
    results.checks = checks;
    results.verdict = outcome;
    const { table: sizeText, ...sizesForFile } = sizes ?? {};
    writeFileSync(
      path.join(repoRoot, 'bench/results.json'),
      `${JSON.stringify({ ...results, sizes: sizes === undefined ? undefined : sizesForFile }, null, 2)}\n`,
    );
    log(table({ ...results, sizes: sizes === undefined ? undefined : { table: sizeText } }));
    log(`\n== Targets (medians)\n${checks.map(checkLine).join('\n')}\n${outcome.message}`);
    log('Written to bench/results.json');
    if (check) exitCode = outcome.exitCode;
  } finally {
    await stop(storefrontProcess);
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    for (const name of zeroJsFiles) rmSync(path.join(webDist, name), { force: true });
  }
  process.exitCode = exitCode;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
