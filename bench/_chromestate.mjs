// node chromestate.mjs <kind>: API throughput of a fresh compiled server, before and after a browser's traffic
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
const repo = '/work/main';
import lighthouse from 'lighthouse';
import { createServer } from 'node:net';
const kind = process.argv[2] ?? 'dashboard';
const loads = +(process.argv[3] ?? 5);
const dataDir = mkdtempSync(path.join(tmpdir(), 'chromestate-'));
const port = 4600 + Math.floor(Math.random() * 300);
const origin = `http://127.0.0.1:${port}`;
const env = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
spawnSync(path.join(repo, 'packages/server/node_modules/.bin/tsx'), ['bench/seed.mjs'], { cwd: repo, env, stdio: 'ignore' });
const server = spawn('taskset', ['-c', '0', process.execPath, ...(process.env.SERVER_FLAGS ? process.env.SERVER_FLAGS.split(' ') : []), 'dist/main.js'], { cwd: path.join(repo, 'packages/server'), env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
await new Promise((res) => { let o = ''; const on = (c) => { o += c; if (o.includes('Portail prêt')) res(); }; server.stdout.on('data', on); server.stderr.on('data', on); });
const api = async (method, route, body, token) => { const r = await fetch(origin + route, { method, headers: { 'content-type': 'application/json', ...(token ? { authorization: 'Bearer ' + token } : {}) }, body: body && JSON.stringify(body) }); return r.headers.get('content-type')?.includes('json') ? r.json() : r.text(); };
let { tokens } = await api('POST', '/api/client/auth/login', { email: 'demo@theme-portal.test', password: 'Demo1234!' });
for (let i = 0; i < 10; i++) await api('POST', '/api/client/licenses', { custom_domain: `boutique-${i}.example.fr`, shop_domain: `bench-${i}` }, tokens.accessToken);
const load = (token) => JSON.parse(spawnSync('taskset', ['-c', '1', process.execPath, 'bench/load.mjs'], { cwd: repo, encoding: 'utf8', env: { ...process.env, LOAD_URL: `${origin}/api/client/licenses`, LOAD_TOKEN: token, LOAD_SECONDS: process.env.SECS ?? '6' } }).stdout.trim().split('\n').at(-1)).requestsPerSecond;
const before = [load(tokens.accessToken), load(tokens.accessToken)];
if (kind !== 'none') {
  const { chromium } = await import(pathToFileURL(path.join(repo, 'e2e/node_modules/@playwright/test/index.mjs')).href);
  const profile = mkdtempSync(path.join(tmpdir(), 'chromestate-prof-'));
  const dport = 9300 + Math.floor(Math.random() * 300);
  const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: true, args: [`--remote-debugging-port=${dport}`, '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  for (let i = 0; i < loads; i++) {
    tokens = await api('POST', '/auth/refresh', { refreshToken: tokens.refreshToken });
    if (kind === 'lh' || kind === 'lhland') {
      if (kind === 'lh') {
        await page.goto(`${origin}/api/health`);
        await page.evaluate(([a, r]) => { localStorage.setItem('auth_token', a); localStorage.setItem('refresh_token', r); }, [tokens.accessToken, tokens.refreshToken]);
        await cdp.send('Network.clearBrowserCache');
      }
      const { lhr } = await lighthouse(`${origin}/${kind === 'lh' ? 'dashboard' : ''}`, { port: dport, output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: kind === 'lh' });
      console.error('lh', lhr.finalDisplayedUrl, lhr.audits['largest-contentful-paint'].numericValue);
    } else if (kind === 'dashcold') {
      await page.goto(`${origin}/api/health`);
      await page.evaluate(([a, r]) => { localStorage.setItem('auth_token', a); localStorage.setItem('refresh_token', r); }, [tokens.accessToken, tokens.refreshToken]);
      await cdp.send('Network.clearBrowserCache');
      await page.goto(`${origin}/dashboard`, { waitUntil: 'networkidle' });
    } else if (kind === 'dashboard') {
      await page.goto(`${origin}/api/health`);
      await page.evaluate(([a, r]) => { localStorage.setItem('auth_token', a); localStorage.setItem('refresh_token', r); }, [tokens.accessToken, tokens.refreshToken]);
      await page.goto(`${origin}/dashboard`, { waitUntil: 'networkidle' });
    } else if (kind === 'landing') {
      await page.goto(`${origin}/`, { waitUntil: 'networkidle' });
    } else if (kind === 'health') {
      for (let j = 0; j < 30; j++) await page.goto(`${origin}/api/health`);
    } else if (kind === 'apifetch') {
      await page.goto(`${origin}/api/health`);
      await page.evaluate(async ([o, a]) => { for (let j = 0; j < 10; j++) for (const p of ['/api/client/profile', '/api/client/subscription/current', '/api/client/licenses']) await (await fetch(o + p, { headers: { authorization: 'Bearer ' + a, 'content-type': 'application/json' } })).text(); }, [origin, tokens.accessToken]);
    }
  }
  await context.close();
}
const after = [];
for (let i = 0; i < +(process.env.N ?? 3); i++) after.push(load(tokens.accessToken));
console.log(kind, loads, 'before', before.join(' '), 'after', after.join(' '));
process.kill(-server.pid, 'SIGTERM');
