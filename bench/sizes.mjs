// Route size budgets (see docs/performance.md, 'Targets'): JS and CSS each route loads, gzip and
// brotli, read from the Vite manifest, against bench/budgets.json. `node bench/sizes.mjs --build`
// builds into a temp folder first; `--dist DIR` measures an existing build. Exits 1 when a ceiling
// (or, with --target, a target of docs/performance.md) is broken.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const webDir = path.join(repoRoot, 'packages/web');
export const budgets = JSON.parse(readFileSync(path.join(repoRoot, 'bench/budgets.json'), 'utf8'));

const kib = (bytes) => bytes / 1024;

function compressed(buffer) {
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
  };
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`);
}

/** Builds the web app with a manifest into a fresh temp folder (the real dist is left alone). */
export function buildForSizes() {
  const outDir = mkdtempSync(path.join(tmpdir(), 'portal-sizes-'));
  run(
    'pnpm',
    [
      'exec',
      'vite',
      'build',
      '--manifest',
      '--sourcemap',
      'hidden',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: webDir },
  );
  // The back office: its own build after the app's, into the same folder (vite.admin.config.ts).
  run(
    'pnpm',
    [
      'exec',
      'vite',
      'build',
      '--config',
      'vite.admin.config.ts',
      '--sourcemap',
      'hidden',
      '--outDir',
      outDir,
      '--logLevel',
      'warn',
    ],
    { cwd: webDir },
  );
  return outDir;
}

/** The back office's manifest (vite.admin.config.ts): apart from the app's, which stays its own. */
const adminManifestFile = '.vite/admin-manifest.json';

/** Files a set of manifest chunks loads before running: their static imports, recursively. */
function closure(manifest, keys) {
  const js = new Set();
  const css = new Set();
  const visit = (key) => {
    const chunk = manifest[key];
    if (chunk === undefined) throw new Error(`the Vite manifest has no chunk ${key}`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return { js, css };
}

function total(distDir, files) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) {
    const size = compressed(readFileSync(path.join(distDir, file)));
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    sum.brotli += size.brotli;
  }
  return sum;
}

const minus = (all, shared) => new Set([...all].filter((file) => !shared.has(file)));

/** One row per route of bench/budgets.json, plus the shared entry. Sizes in bytes. */
export function measureRoutes(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const entryKey = 'index.html';
  const entry = closure(manifest, [entryKey]);
  const rows = [
    {
      route: 'shared entry',
      initialJs: total(distDir, entry.js),
      extraJs: null,
      css: total(distDir, entry.css),
      files: [...entry.js],
    },
  ];
  for (const [route, spec] of Object.entries(budgets.routes)) {
    const loaded = closure(manifest, [entryKey, ...spec.chunks]);
    rows.push({
      route,
      initialJs: total(distDir, loaded.js),
      extraJs: total(distDir, minus(loaded.js, entry.js)),
      css: total(distDir, loaded.css),
      files: [...loaded.js],
      budget: spec,
    });
  }
  const adminManifestPath = path.join(distDir, adminManifestFile);
  if (existsSync(adminManifestPath)) {
    // Loaded by admins only, from admin.html: none of its files is a merchant page's.
    const adminManifest = JSON.parse(readFileSync(adminManifestPath, 'utf8'));
    const loaded = closure(adminManifest, ['admin.html']);
    rows.push({
      route: 'back office',
      initialJs: total(distDir, loaded.js),
      extraJs: null,
      css: total(distDir, loaded.css),
      files: [...loaded.js],
      budget: budgets.backOffice,
    });
  }
  return rows;
}

/**
 * Chunks of the merchant app that hold a module of the back office (src/admin/): none may, so
 * no admin code reaches a customer's browser (docs/decisions.md, 'The back office's own build').
 */
export function merchantChunksWithAdminCode(distDir) {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8'));
  const found = new Set();
  for (const chunk of Object.values(manifest)) {
    const mapFile = path.join(distDir, `${chunk.file}.map`);
    if (!chunk.file.endsWith('.js') || !existsSync(mapFile)) continue;
    const { sources } = JSON.parse(readFileSync(mapFile, 'utf8'));
    if (sources.some((source) => /(^|\/)src\/admin\//.test(source))) found.add(chunk.file);
  }
  return [...found];
}

/** Forbidden sources (budgets.json landingExcludes) found in the landing page's initial JS. */
export function landingIntruders(distDir, rows) {
  const landing = rows.find((row) => row.route === 'landing');
  const patterns = budgets.landingExcludes.patterns;
  const found = new Set();
  const mapped = landing.files.filter((file) => existsSync(path.join(distDir, `${file}.map`)));
  // The bundler's own runtime chunk has no map; the others must have one.
  if (mapped.length < landing.files.length - 1) throw new Error('build with --sourcemap');
  for (const file of mapped) {
    const mapFile = path.join(distDir, `${file}.map`);
    for (const source of JSON.parse(readFileSync(mapFile, 'utf8')).sources) {
      const hit = patterns.find((pattern) => new RegExp(pattern).test(source));
      if (hit !== undefined) found.add(hit);
    }
  }
  return [...found];
}

/** valibot names imported by the product (type-only imports excluded). */
function schemaImports() {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules') walk(full);
      } else if (/\.tsx?$/.test(entry.name) && !/\.(test|stories)\.tsx?$/.test(entry.name)) {
        const source = readFileSync(full, 'utf8');
        for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'valibot'/g)) {
          for (const part of match[1].split(',')) {
            const name = part.trim();
            if (name !== '' && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
          }
        }
      }
    }
  };
  walk(path.join(repoRoot, 'packages/core/src'));
  walk(path.join(webDir, 'src'));
  return [...names].sort();
}

/** What the schema library costs minified: only the functions the product imports, tree-shaken. */
export function measureSchemaLibrary() {
  const names = schemaImports();
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-schema-'));
  try {
    // Every name is used, so the bundler keeps exactly what the product keeps.
    writeFileSync(
      path.join(dir, 'entry.js'),
      `import { ${names.join(', ')} } from 'valibot';\nglobalThis.schemaLibrary = [${names.join(', ')}];\n`,
    );
    writeFileSync(
      path.join(dir, 'vite.config.mjs'),
      `export default ${JSON.stringify({
        root: dir,
        logLevel: 'warn',
        resolve: { alias: { valibot: path.join(repoRoot, 'packages/core/node_modules/valibot') } },
        build: {
          outDir: path.join(dir, 'out'),
          target: 'es2022',
          rollupOptions: { input: path.join(dir, 'entry.js') },
        },
      })};\n`,
    );
    run('pnpm', ['exec', 'vite', 'build', '--config', path.join(dir, 'vite.config.mjs')], {
      cwd: webDir,
    });
    const assets = path.join(dir, 'out/assets');
    const files = readdirSync(assets).filter((file) => file.endsWith('.js'));
    return { names, ...total(assets, files) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Broken budgets as plain lines. level 'target' is the budget of docs/performance.md (`pnpm bench --check`): a
 * route's initial JS, or what it adds on top of the shared entry. level 'ceiling' guards against
 * growth (`pnpm test`) on each route's initial JS, which moving code between the entry and a
 * route does not change.
 */
export function sizeFailures(rows, schema, level) {
  const failures = [];
  for (const row of rows) {
    if (row.budget === undefined) continue;
    const limit = level === 'target' ? row.budget.targetGzip : row.budget.initialCeilingGzip;
    // A route without a size target (the landing: bench/targets.mjs judges its script before a
    // gesture instead) keeps its ceiling.
    if (limit === undefined) continue;
    const extra = level === 'target' && row.budget.measure === 'extra';
    const gzip = kib((extra ? row.extraJs : row.initialJs).gzip);
    if (gzip > limit) {
      const what = extra ? 'JS on top of the entry' : 'initial JS';
      failures.push(`${row.route}: ${what} ${gzip.toFixed(1)} KiB gzip > ${level} ${limit}`);
    }
  }
  const key = level === 'target' ? 'targetGzip' : 'ceilingGzip';
  const limit = budgets.schemaLibrary[key];
  if (kib(schema.gzip) > limit) {
    failures.push(
      `schema library (valibot): ${kib(schema.gzip).toFixed(1)} KiB gzip > ${level} ${limit}`,
    );
  }
  return failures;
}

const cell = (size) =>
  size === null ? '-' : `${kib(size.gzip).toFixed(1)} / ${kib(size.brotli).toFixed(1)}`;

export function sizeTable(rows, schema) {
  const lines = [
    'KiB gzip / brotli   initial JS      JS over entry   CSS             target (gzip)',
  ];
  for (const row of rows) {
    const budget =
      row.budget === undefined
        ? ''
        : row.budget.targetGzip === undefined
          ? `ceiling: initial <= ${row.budget.initialCeilingGzip}`
          : `${row.budget.measure === 'initial' ? 'initial' : 'over entry'} <= ${row.budget.targetGzip} (ceiling: initial <= ${row.budget.initialCeilingGzip})`;
    lines.push(
      `${row.route.padEnd(20)}${cell(row.initialJs).padEnd(16)}${cell(row.extraJs).padEnd(16)}${cell(row.css).padEnd(16)}${budget}`,
    );
  }
  lines.push(
    `${'valibot'.padEnd(20)}${cell(schema).padEnd(16)}${'-'.padEnd(16)}${'-'.padEnd(16)}<= ${budgets.schemaLibrary.targetGzip} (${schema.names.length} functions used)`,
  );
  return lines.join('\n');
}

/** Plain JSON for bench/results.json: KiB, one decimal. */
export function sizeSummary(rows, schema) {
  const round = (size) =>
    size === null
      ? null
      : {
          gzipKiB: +kib(size.gzip).toFixed(1),
          brotliKiB: +kib(size.brotli).toFixed(1),
          rawKiB: +kib(size.raw).toFixed(1),
        };
  return {
    routes: Object.fromEntries(
      rows.map((row) => [
        row.route,
        { initialJs: round(row.initialJs), extraJs: round(row.extraJs), css: round(row.css) },
      ]),
    ),
    schemaLibrary: round(schema),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const distArg = args.indexOf('--dist');
  const built = args.includes('--build');
  const distDir = built
    ? buildForSizes()
    : path.resolve(distArg >= 0 ? args[distArg + 1] : path.join(webDir, 'dist'));
  try {
    const rows = measureRoutes(distDir);
    const schema = measureSchemaLibrary();
    console.log(sizeTable(rows, schema));
    const level = args.includes('--target') ? 'target' : 'ceiling';
    const failures = sizeFailures(rows, schema, level);
    for (const file of merchantChunksWithAdminCode(distDir))
      failures.push(`merchant app: ${file} holds back-office code (src/admin/)`);
    const intruders = landingIntruders(distDir, rows).map(
      (pattern) => `landing: initial JS contains ${pattern}`,
    );
    if (level === 'target') failures.push(...intruders);
    const missed =
      level === 'ceiling' ? [...sizeFailures(rows, schema, 'target'), ...intruders] : [];
    if (missed.length > 0) {
      console.log(`\nTargets not yet met:\n${missed.map((line) => `  ${line}`).join('\n')}`);
    }
    if (failures.length > 0) {
      console.error(`\nBudgets broken:\n${failures.map((line) => `  ${line}`).join('\n')}`);
      process.exitCode = 1;
    } else {
      console.log(`\nEvery size ${level} holds.`);
    }
  } finally {
    if (built) rmSync(distDir, { recursive: true, force: true });
  }
}
