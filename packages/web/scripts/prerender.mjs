// After the client build (issue 7): the landing page (`/`, `/pricing`) as static HTML in
// dist/prerendered/<path>/index.html, which the server sends for those paths; main.tsx hydrates it.
// Each page inlines the CSS it needs (no render-blocking stylesheet), modulepreloads the landing
// chunk and prefetches the login and dashboard chunks.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
export const prerenderedPages = ['/', '/pricing'];
const landingChunk = 'src/pages/landing/LandingPage.tsx';
const prefetchedChunks = [
  'src/pages/login/LoginPage.tsx',
  'src/app/DashboardRoute.tsx',
  'src/shell/Shell.tsx',
];

const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);

/** JS and CSS files a set of chunks loads (static imports, recursively), in load order. */
function closure(keys) {
  const js = [];
  const css = [];
  const visit = (key) => {
    const chunk = manifest[key];
    if (js.includes(chunk.file)) return;
    for (const imported of chunk.imports ?? []) visit(imported);
    js.push(chunk.file);
    for (const file of chunk.css ?? []) if (!css.includes(file)) css.push(file);
  };
  keys.forEach(visit);
  return { js, css };
}

const landing = closure([entryKey, landingChunk]);
const later = closure(prefetchedChunks);
const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

function head() {
  const styles = landing.css.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  const preloads = landing.js
    .filter((file) => !template.includes(`/${file}"`))
    .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="/${file}">`);
  const prefetches = [...later.js, ...later.css]
    .filter((file) => !landing.js.includes(file) && !landing.css.includes(file))
    .map((file) => `<link rel="prefetch" href="/${file}">`);
  return [`<style>${styles}</style>`, ...preloads, ...prefetches].join('\n    ');
}

function page(rendered) {
  // The page paints from its HTML: the scripts that hydrate it must not compete with that paint
  // (low fetch priority keeps them out of the first paint's critical path).
  const shell = template
    .replace(/\s*<link rel="stylesheet"[^>]*>/g, '')
    .replace(/<script type="module"/g, '<script type="module" fetchpriority="low"')
    .replace(/<link rel="modulepreload"/g, '<link rel="modulepreload" fetchpriority="low"');
  const html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${rendered.title}</title>`)
    .replace('</head>', `    ${head()}\n  </head>`)
    .replace(/<div id="root"><\/div>/, `<div id="root">${rendered.html}</div>`);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root">');
  return html;
}

// Inside the package, so the server bundle's external imports (react, xstate…) resolve.
const ssrDir = path.join(webDir, 'node_modules/.prerender');
try {
  const built = spawnSync(
    'pnpm',
    [
      'exec',
      'vite',
      'build',
      '--ssr',
      'scripts/prerender-entry.tsx',
      '--outDir',
      ssrDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: webDir, stdio: 'inherit' },
  );
  if (built.status !== 0) throw new Error('the prerender build failed');
  const { renderPage } = await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href);
  for (const pagePath of prerenderedPages) {
    const rendered = await renderPage(pagePath, 'http://localhost');
    const folder = path.join(dist, 'prerendered', pagePath);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), page(rendered));
  }
  console.log(`prerender: ${prerenderedPages.join(', ')} written to dist/prerendered`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
  // The manifest served its purpose here; it is no file of the site.
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
}
