// `pnpm bench [--check] [--runs N] [--skip-lighthouse]` (see docs/performance.md): builds the
// product, starts the compiled server on a free loopback port with a temp database (demo customer
// seeded), then measures route sizes, Lighthouse (mobile defaults, median of N runs) for /,
// /login, /dashboard and a zero-JavaScript copy of the landing HTML, API throughput beside a bare
// Fastify route, and a refresh storm. Prints a table, writes bench/results.json; --check exits 1
// when a target of docs/performance.md is broken.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { pathToFileURL } from 'node:url';
import autocannon from 'autocannon';
import lighthouse from 'lighthouse';
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

const args = process.argv.slice(2);
const check = args.includes('--check');
// Lighthouse takes most of the run; without it the sizes, the API and the storm take a minute.
const skipLighthouse = args.includes('--skip-lighthouse');
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const webDist = path.join(repoRoot, 'packages/web/dist');
const zeroJsFile = 'bench-zero-js.html';
// Short-lived access tokens let the storm use a really expired one without waiting long.
const accessTokenSeconds = 60;
const demo = { email: 'demo@theme-portal.test', password: 'Demo1234!' };

export const targets = {
  landing: { score: 100, lcpMs: 800, lcpRatio: 1.25, tbtMs: 50, cls: 0.02 },
  app: { score: 97, lcpMs: 1500, tbtMs: 100 },
  apiRatio: 0.5,
  refreshCalls: 1,
};

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
  return new Promise((resolve, reject) => {
    const onData = (chunk) => {
      output += chunk;
      if (ready(output)) resolve(child);
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

/** The prerendered landing HTML without any script: the paint floor for that content. */
function writeZeroJsCopy() {
  const prerendered = path.join(webDist, 'prerendered/index.html');
  if (!existsSync(prerendered)) return false;
  const stripped = readFileSync(prerendered, 'utf8')
    .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
    .replace(/<link\b[^>]*rel="(modulepreload|prefetch)"[^>]*>/g, '');
  writeFileSync(path.join(webDist, zeroJsFile), stripped);
  return true;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Lighthouse through the remote debugging port of a Playwright-launched Chromium. */
async function lighthouseRuns(origin, tokens, zeroJs) {
  const { chromium } = await import(
    pathToFileURL(path.join(repoRoot, 'e2e/node_modules/@playwright/test/index.mjs')).href
  );
  const port = await freePort();
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-bench-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    args: [
      `--remote-debugging-port=${port}`,
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const version = context.browser()?.version() ?? (await readBrowserVersion(port));
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  const pages = [
    { name: '/', url: `${origin}/`, kind: 'landing' },
    { name: '/login', url: `${origin}/login`, kind: 'app' },
    { name: '/dashboard', url: `${origin}/dashboard`, kind: 'app', auth: true },
    ...(zeroJs ? [{ name: 'zero-JS landing', url: `${origin}/${zeroJsFile}`, kind: 'floor' }] : []),
  ];
  let session = tokens;
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
        const result = await lighthouse(target.url, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: target.auth === true,
        });
        const { lhr } = result;
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
        samples.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcpMs: lhr.audits['first-contentful-paint'].numericValue,
          lcpMs: lhr.audits['largest-contentful-paint'].numericValue,
          tbtMs: lhr.audits['total-blocking-time'].numericValue,
          cls: lhr.audits['cumulative-layout-shift'].numericValue,
        });
      }
      const pick = (key) => median(samples.map((sample) => sample[key]));
      results[target.name] = {
        kind: target.kind,
        runs: samples.length,
        score: pick('score'),
        fcpMs: Math.round(pick('fcpMs')),
        lcpMs: Math.round(pick('lcpMs')),
        tbtMs: Math.round(pick('tbtMs')),
        cls: +pick('cls').toFixed(3),
        samples,
      };
      log(`  lighthouse ${target.name}: done (${samples.length} runs)`);
    }
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
  return { version, results, session };
}

async function readBrowserVersion(port) {
  const info = await (await fetch(`http://127.0.0.1:${port}/json/version`)).json();
  return info.Browser;
}

async function throughput(url, token) {
  const result = await autocannon({
    url,
    connections: 10,
    duration: 10,
    headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p99Ms: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function apiBench(origin, session) {
  const fresh = await renew(origin, session);
  const listing = await api(origin, 'GET', '/api/client/licenses', { token: fresh.accessToken });
  const bodyDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-body-'));
  const bodyFile = path.join(bodyDir, 'licenses.json');
  writeFileSync(bodyFile, JSON.stringify(listing));
  const barePort = await freePort();
  const bare = await startProcess('node', ['bench/bare-server.mjs'], {
    env: { PORT: String(barePort), BARE_BODY_FILE: bodyFile },
    ready: (output) => output.includes('ready'),
  });
  try {
    const real = await throughput(`${origin}/api/client/licenses`, fresh.accessToken);
    const baseline = await throughput(`http://127.0.0.1:${barePort}/api/client/licenses`);
    return {
      licences: listing.licenses.length,
      real,
      bare: baseline,
      ratio: +(real.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
      session: fresh,
    };
  } finally {
    await stop(bare);
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

/** The targets of docs/performance.md, as lines naming each broken one. */
export function targetFailures(results) {
  const failures = [...results.sizes.failures];
  const lighthouseResults = results.lighthouse?.results ?? {};
  const landing = lighthouseResults['/'];
  const floor = lighthouseResults['zero-JS landing'];
  if (landing !== undefined) {
    const t = targets.landing;
    if (landing.score < t.score) failures.push(`/: score ${landing.score} < ${t.score}`);
    if (landing.lcpMs > t.lcpMs) failures.push(`/: LCP ${landing.lcpMs} ms > ${t.lcpMs}`);
    if (landing.tbtMs > t.tbtMs) failures.push(`/: TBT ${landing.tbtMs} ms > ${t.tbtMs}`);
    if (landing.cls > t.cls) failures.push(`/: CLS ${landing.cls} > ${t.cls}`);
    if (floor === undefined) failures.push('/: no prerendered landing HTML to compare with');
    else if (results.lighthouse.lcpRatio > t.lcpRatio) {
      failures.push(`/: LCP ratio to zero-JS ${results.lighthouse.lcpRatio} > ${t.lcpRatio}`);
    }
  }
  for (const name of ['/login', '/dashboard']) {
    const route = lighthouseResults[name];
    if (route === undefined) continue;
    const t = targets.app;
    if (route.score < t.score) failures.push(`${name}: score ${route.score} < ${t.score}`);
    if (route.lcpMs > t.lcpMs) failures.push(`${name}: LCP ${route.lcpMs} ms > ${t.lcpMs}`);
    if (route.tbtMs > t.tbtMs) failures.push(`${name}: TBT ${route.tbtMs} ms > ${t.tbtMs}`);
  }
  if (results.api !== undefined && results.api.ratio < targets.apiRatio) {
    failures.push(`API: ratio to the bare route ${results.api.ratio} < ${targets.apiRatio}`);
  }
  if (results.api !== undefined && (results.api.real.non2xx > 0 || results.api.real.errors > 0)) {
    failures.push(
      `API: ${results.api.real.non2xx} non-2xx answers, ${results.api.real.errors} errors`,
    );
  }
  if (results.storm !== undefined) {
    if (results.storm.refreshCalls !== targets.refreshCalls) {
      failures.push(
        `storm: ${results.storm.refreshCalls} refresh calls, not ${targets.refreshCalls}`,
      );
    }
    if (results.storm.ok !== results.storm.calls) {
      failures.push(`storm: ${results.storm.calls - results.storm.ok} calls failed`);
    }
  }
  return failures;
}

function table(results) {
  const lines = ['', '== Sizes', results.sizes.table, '', '== Lighthouse (mobile, median)'];
  lines.push('page               score   FCP ms   LCP ms   TBT ms   CLS');
  for (const [name, row] of Object.entries(results.lighthouse.results)) {
    lines.push(
      `${name.padEnd(19)}${String(row.score).padEnd(8)}${String(row.fcpMs).padEnd(9)}${String(row.lcpMs).padEnd(9)}${String(row.tbtMs).padEnd(9)}${row.cls}`,
    );
  }
  lines.push(
    `LCP(/) / LCP(zero-JS copy) = ${results.lighthouse.lcpRatio ?? '- (landing not prerendered)'}`,
  );
  const { api: a } = results;
  lines.push(
    '',
    `== API GET /api/client/licenses (${a.licences} licences, 10 connections, 10 s, ${results.machine.database})`,
    `reference server   ${a.real.requestsPerSecond} req/s   p99 ${a.real.p99Ms} ms`,
    `bare Fastify       ${a.bare.requestsPerSecond} req/s   p99 ${a.bare.p99Ms} ms`,
    `ratio              ${a.ratio}`,
    '',
    `== Refresh storm: ${results.storm.calls} concurrent calls, expired access token`,
    `refresh calls ${results.storm.refreshCalls}, succeeded ${results.storm.ok}, total ${results.storm.ms} ms`,
  );
  return lines.join('\n');
}

async function main() {
  log('Building the product…');
  // The production build: the web app and the compiled server (`pnpm build`).
  run('pnpm', ['build']);
  const sizeDir = buildForSizes();
  let sizes;
  try {
    const rows = measureRoutes(sizeDir);
    const schema = measureSchemaLibrary();
    const intruders = landingIntruders(sizeDir, rows);
    sizes = {
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

  const zeroJs = writeZeroJsCopy();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-bench-data-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let server;
  try {
    log(`Starting the reference server on ${origin}…`);
    const serverDir = path.join(repoRoot, 'packages/server');
    const tsx = path.join(serverDir, 'node_modules/.bin/tsx');
    const env = {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ACCESS_TOKEN_SECONDS: String(accessTokenSeconds),
    };
    run(tsx, ['bench/seed.mjs'], { env: { ...process.env, ...env } });
    // Measured as it runs in production: the compiled server under plain node.
    server = await startProcess(process.execPath, ['dist/main.js'], {
      cwd: serverDir,
      env,
      ready: (output) => output.includes('Portail prêt'),
    });
    // Two sessions: the storm's pair is left untouched until its access token has expired.
    const stormTokens = await login(origin);
    const stormIssuedAt = Date.now();
    let session = await login(origin);
    await fillLicences(origin, session);

    let lighthouseSummary = { chromium: null, results: {}, lcpRatio: null };
    if (!skipLighthouse) {
      log(`Lighthouse, ${runs} runs per page…`);
      const lh = await lighthouseRuns(origin, session, zeroJs);
      session = lh.session;
      const landing = lh.results['/'];
      const floor = lh.results['zero-JS landing'];
      lighthouseSummary = {
        chromium: lh.version,
        results: lh.results,
        lcpRatio: floor === undefined ? null : +(landing.lcpMs / floor.lcpMs).toFixed(2),
      };
    }

    log('API throughput…');
    const apiResult = await apiBench(origin, session);
    delete apiResult.session;

    const wait = stormIssuedAt + (accessTokenSeconds + 2) * 1000 - Date.now();
    if (wait > 0) await sleep(wait);
    log('Refresh storm…');
    const stormResult = storm(origin, stormTokens);

    const results = {
      takenAt: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpuModel: cpus()[0]?.model,
        node: process.version,
        chromium: lighthouseSummary.chromium,
        database: process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite',
      },
      sizes,
      lighthouse: lighthouseSummary,
      api: apiResult,
      storm: stormResult,
    };
    const failures = targetFailures(results);
    results.targetFailures = failures;
    const { table: sizeText, ...sizesForFile } = sizes;
    writeFileSync(
      path.join(repoRoot, 'bench/results.json'),
      `${JSON.stringify({ ...results, sizes: sizesForFile }, null, 2)}\n`,
    );
    log(table({ ...results, sizes: { ...sizes, table: sizeText } }));
    log(
      failures.length === 0
        ? '\nEvery target holds.'
        : `\nTargets broken:\n${failures.map((line) => `  ${line}`).join('\n')}`,
    );
    log('Written to bench/results.json');
    if (check && failures.length > 0) process.exitCode = 1;
  } finally {
    await stop(server);
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(path.join(webDist, zeroJsFile), { force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
