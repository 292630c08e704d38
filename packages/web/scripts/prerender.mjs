// After the client build (docs/performance.md): the landing page (`/`, `/pricing`) and the login
// page as static HTML in dist/prerendered/<path>/index.html, which the server sends for those
// paths; main.tsx hydrates it. Each page inlines the CSS it needs (no render-blocking stylesheet)
// and loads its scripts only after its first paint, then prefetches the next pages' chunks when
// idle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const landingChunk = 'src/pages/landing/LandingPage.tsx';
const loginChunk = 'src/pages/login/LoginPage.tsx';
const dashboardChunks = ['src/pages/dashboard/DashboardPage.tsx', 'src/shell/Shell.tsx'];
/** Each page: its route chunk, its route name (the title), the chunks to prefetch when idle. */
const prerenderedPages = {
  '/': { chunk: landingChunk, routeName: 'Accueil', next: [loginChunk, ...dashboardChunks] },
  '/pricing': { chunk: landingChunk, routeName: 'Accueil', next: [loginChunk, ...dashboardChunks] },
  '/login': { chunk: loginChunk, routeName: 'Connexion', next: dashboardChunks },
};

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

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

/**
 * Runs in the page, inlined (the server allows it by its hash): once the HTML has loaded and its
 * first frame is painted, it adds the scripts that hydrate the page, then, when the browser is
 * idle, prefetches the chunks the next pages need. No script competes with the first paint.
 * Until the page is hydrated, a click on a button (which does nothing before; links, labels and
 * fields work natively) is kept for the app to replay (src/app/prerendered.ts), and a form is not
 * submitted by the browser (a login form would send its password in the address).
 */
/* global document, window, addEventListener, requestAnimationFrame, Element -- runs in the page */
function hydrateAfterPaint(files) {
  const add = (tag, attributes) =>
    document.head.append(Object.assign(document.createElement(tag), attributes));
  const clicked = [];
  // The button under the pointer now (pressed, its click not come yet), and, once the app has
  // taken over, the press it waits for: its click would reach React without the press React
  // never saw, and be lost.
  let pressed = null;
  let awaited = null;
  const buttonOf = (event) =>
    event.target instanceof Element ? event.target.closest('button') : null;
  const stop = () => {
    document.removeEventListener('click', keep, true);
    document.removeEventListener('pointerdown', press, true);
    document.removeEventListener('submit', hold, true);
  };
  function keep(event) {
    const button = buttonOf(event);
    pressed = null;
    if (awaited === null) {
      if (button !== null) clicked.push(button);
      return;
    }
    const { button: expected, play } = awaited;
    stop();
    // A submit button's own click submits the form, which is live by now.
    if (button === expected && button.type !== 'submit') play(button);
  }
  function press(event) {
    pressed = buttonOf(event);
  }
  function hold(event) {
    event.preventDefault();
  }
  document.addEventListener('click', keep, true);
  document.addEventListener('pointerdown', press, true);
  document.addEventListener('submit', hold, true);
  // The app ends the recording once the page is live: each kept click is replayed, and a press in
  // progress is waited for (a second at most), then its click replayed too.
  window.portalEarlyClicks = (play) => {
    for (const button of clicked.splice(0)) play(button);
    if (pressed === null) return stop();
    awaited = { button: pressed, play };
    setTimeout(stop, 1000);
  };
  addEventListener('load', () =>
    requestAnimationFrame(() =>
      setTimeout(() => {
        for (const href of files.preload) add('link', { rel: 'modulepreload', href });
        add('script', { type: 'module', src: files.entry });
        const idle = window.requestIdleCallback ?? ((task) => setTimeout(task, 1000));
        idle(() => {
          for (const href of files.prefetch) add('link', { rel: 'prefetch', href });
        });
      }),
    ),
  );
}

function loaderScript(own, next) {
  const files = {
    entry: `/${manifest[entryKey].file}`,
    preload: own.js.filter((file) => file !== manifest[entryKey].file).map((file) => `/${file}`),
    prefetch: [...next.js, ...next.css]
      .filter((file) => !own.js.includes(file) && !own.css.includes(file))
      .map((file) => `/${file}`),
  };
  return `<script>(${hydrateAfterPaint.toString()})(${JSON.stringify(files)})</script>`;
}

function page(spec, rendered) {
  const own = closure([entryKey, spec.chunk]);
  const styles = own.css.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  // The template's own script, preloads and stylesheet give way to the inline CSS and the loader.
  const shell = template
    .replace(/\s*<link rel="(stylesheet|modulepreload)"[^>]*>/g, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '');
  const loader = loaderScript(own, closure(spec.next));
  const html = shell
    .replace(/<title>[^<]*<\/title>/, `<title>${rendered.title}</title>`)
    .replace('</head>', `    <style>${styles}</style>\n    ${loader}\n  </head>`)
    .replace(/<div id="root"><\/div>/, `<div id="root">${rendered.html}</div>`);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root">');
  if (html.includes('<script type="module"'))
    throw new Error('a module script was left in the page');
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
  for (const [pagePath, spec] of Object.entries(prerenderedPages)) {
    const rendered = await renderPage(pagePath, 'http://localhost', spec.routeName);
    const folder = path.join(dist, 'prerendered', pagePath);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), page(spec, rendered));
  }
  console.log(`prerender: ${Object.keys(prerenderedPages).join(', ')} written to dist/prerendered`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
  // The manifest served its purpose here; it is no file of the site.
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
}
