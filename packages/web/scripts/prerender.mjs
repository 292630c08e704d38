// After the client build (docs/performance.md): the landing page (`/`, `/pricing`) and the login
// page as static HTML in dist/prerendered/<path>/index.html, which the server sends for those
// paths; main.tsx hydrates it. /dashboard is sent as a frame (the shell and the panel's
// placeholders, the same for everyone) whose loader also sends the first screen's API calls, and
// whose own script draws the licences tab from their answers; the app renders behind it and
// replaces it with its first screen. Each page inlines the CSS it needs (no render-blocking
// stylesheet) and loads its scripts only after its first paint, then prefetches the next pages'
// chunks when idle.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { minifySync } from 'vite';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(webDir, 'dist');
const landingChunk = 'src/pages/landing/LandingPage.tsx';
const loginChunk = 'src/pages/login/LoginPage.tsx';
const dashboardChunks = ['src/pages/dashboard/DashboardPage.tsx', 'src/shell/Shell.tsx'];
/** The frame's own script: it draws the licences tab before the app (vite.config.ts's inputs). */
const frameScript = 'src/pages/dashboard/frame/drawFrame.ts';
/**
 * Each page: its route chunks, its route name (the title), the chunks to prefetch when idle; a
 * `frame` is not hydrated but replaced by the app (app/prerendered.ts, `takeOverFrame`);
 * `onGesture`: the page's scripts wait for the visitor's first gesture and the pause after it
 * (`pauseMs` below), except with one of these query parameters, which the page acts on at once
 * (`/pricing` scrolls at once too); `orIdle`: or for the browser to be idle a while after load,
 * having prefetched them meanwhile;
 * `nativeForm`: it has a form the server answers (`sentOnce`). `/` has nothing a script must do
 * before a gesture (its taps, title and statistics work from the HTML and CSS), so it fetches
 * nothing until one.
 */
const prerenderedPages = {
  '/': {
    chunks: [landingChunk],
    routeName: 'Accueil',
    next: [loginChunk, ...dashboardChunks],
    // A plan chosen before (back from a cancelled payment), the onboarding's refusal.
    onGesture: ['plan', 'billing', 'error'],
    orIdle: false,
    nativeForm: true,
  },
  '/pricing': {
    chunks: [landingChunk],
    routeName: 'Accueil',
    next: [loginChunk, ...dashboardChunks],
    nativeForm: true,
  },
  '/login': {
    chunks: [loginChunk],
    routeName: 'Connexion',
    next: dashboardChunks,
    onGesture: [],
    orIdle: true,
  },
  '/dashboard': { chunks: dashboardChunks, routeName: 'Dashboard', next: [], frame: true },
};

/**
 * Without a gesture, a page waiting for one or idleness (`orIdle`) loads its scripts when the
 * browser is idle this long after load: the load itself, up to the network and the main thread
 * going quiet, runs no script.
 */
const idleStartMs = 5000;

/**
 * After a first gesture, a page waiting for one loads its scripts once the visitor has neither
 * pressed nor typed this long: taps and keys in a burst get the browser's answer at once, none
 * waiting behind the app's evaluation and hydration (about 1 s of main thread at 4x).
 */
const pauseMs = 1000;

const manifestFile = path.join(dist, '.vite/manifest.json');
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
const entryKey = 'index.html';

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
 * Runs in the page, inlined (the server allows it by its hash). A page whose HTML is all the
 * visitor needs until they act (`files.onGesture`: the query parameters that make it act at once)
 * loads its scripts at the visitor's first pause (`files.pauseMs` without a press or a key) after
 * a first gesture (a touch, a key, the mouse or the wheel), or as soon as a tap needs the app (a
 * kept click, a held form), once that tap's answer is painted; and, with `files.idleAfterMs`,
 * when the browser is idle that long after load if none comes, having prefetched its own chunks
 * meanwhile (downloaded, not run): no script runs while the page is read (see
 * docs/performance.md, 'Scripts at the first gesture'). With a stored session
 * (`files.sessionKeys`) or one of those parameters, and on every other page, they are loaded
 * once the HTML has loaded and painted its first frame. Then, when the browser is idle, the
 * chunks the next pages need are prefetched.
 * Until the page is hydrated, a click on a button (which does nothing before; links, labels and
 * fields work natively) is kept for the app to replay (src/app/prerendered.ts), and a form is not
 * submitted by the browser (a login form would send its password in the address), except, for a
 * visitor, a form the server answers (`data-native`: the landing's plans post to /checkout), whose
 * buttons are then not kept: the browser is already on its way (`sentOnce`). With a stored
 * session that form waits for the app too, which buys for the account.
 */
/* global document, window, addEventListener, removeEventListener, requestAnimationFrame, Element,
   location -- runs in the page */
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
  // Called at an event, once `signedIn` below is set.
  const native = (form) => form?.dataset.native !== undefined && !signedIn;
  const stop = () => {
    document.removeEventListener('click', keep, true);
    document.removeEventListener('pointerdown', press, true);
    document.removeEventListener('submit', hold, true);
  };
  function keep(event) {
    const button = buttonOf(event);
    pressed = null;
    if (awaited === null) {
      if (button !== null && !native(button.form)) {
        clicked.push(button);
        needed();
      }
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
    if (native(event.target)) return;
    event.preventDefault();
    needed();
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
  const idle = (task) => (window.requestIdleCallback ?? ((run) => setTimeout(run, 1000)))(task);
  // One link per idle period: starting a fetch costs the main thread a few milliseconds each.
  const prefetch = ([href, ...rest]) => {
    if (href === undefined) return;
    add('link', { rel: 'prefetch', href });
    idle(() => prefetch(rest));
  };
  const gestures = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel'];
  // After the first gesture each press, click or key puts the scripts back: the visitor is still
  // acting, and neither adding them nor running them may hold back what the browser answers
  // (docs/performance.md, 'Scripts at the first gesture').
  const acts = ['pointerdown', 'click', 'keydown'];
  let started = false;
  let pause;
  function gesture() {
    for (const type of gestures) removeEventListener(type, gesture, true);
    for (const type of acts) addEventListener(type, wait, { capture: true, passive: true });
    wait();
  }
  function wait() {
    clearTimeout(pause);
    pause = setTimeout(start, files.pauseMs);
  }
  // A tap that waits for the app brings it once the tap's answer is painted.
  function needed() {
    requestAnimationFrame(() => setTimeout(start));
  }
  function start() {
    if (started) return;
    started = true;
    clearTimeout(pause);
    for (const type of gestures) removeEventListener(type, gesture, true);
    for (const type of acts) removeEventListener(type, wait, true);
    // The stylesheets inlined in the page, named by disabled links for the app's module loader,
    // which adds a lazy chunk's stylesheets before running it, and waits for them, unless such a
    // link is in the page. Added now, not in the HTML: Chromium fetched the HTML's disabled links
    // after the load, before the largest paint of a slow machine.
    for (const href of files.inlinedCss) add('link', { rel: 'stylesheet', href, disabled: true });
    add('script', { type: 'module', src: files.entry });
    // A few preloads per task: each fetch started costs the main thread 1 to 5 ms in a trace, and
    // twenty at once made a long task (docs/performance.md, 'The dashboard's frame').
    const preload = (hrefs) => {
      if (hrefs.length === 0) return idle(() => prefetch(files.prefetch));
      for (const href of hrefs.slice(0, 4)) add('link', { rel: 'modulepreload', href });
      setTimeout(() => preload(hrefs.slice(4)), 0);
    };
    preload(files.preload);
  }
  const query = new URLSearchParams(location.search);
  const stored = (key) => {
    try {
      return localStorage.getItem(key) !== null;
    } catch {
      return false;
    }
  };
  const signedIn = files.onGesture !== undefined && files.sessionKeys.some(stored);
  const waits =
    files.onGesture !== undefined && !signedIn && !files.onGesture.some((name) => query.has(name));
  if (waits) {
    for (const type of gestures) addEventListener(type, gesture, { capture: true, passive: true });
  }
  // After the load, the first contentful paint, and the next frame: the page can load before its
  // first frame is presented, or paint its first content (the header) a frame before the rest of
  // its body (the hero, the largest), and a fetch started then competes with that frame
  // (docs/performance.md, 'Scripts at the first gesture'). Without paint timing (or a paint, in a
  // tab in the background), the next frame after the load, or 3 s after it.
  const afterFirstPaint = (run) => {
    let done = false;
    const once = () => {
      if (done) return;
      done = true;
      setTimeout(run);
    };
    // A frame's callbacks run before it is drawn: the second frame's, once the first is drawn.
    const afterNextFrame = () => requestAnimationFrame(() => requestAnimationFrame(once));
    setTimeout(once, 3000);
    if (!(window.PerformanceObserver?.supportedEntryTypes ?? []).includes('paint')) {
      return afterNextFrame();
    }
    new PerformanceObserver((list, observer) => {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      afterNextFrame();
    }).observe({ type: 'paint', buffered: true });
  };
  addEventListener('load', () =>
    afterFirstPaint(() => {
      if (!waits) return start();
      if (files.idleAfterMs === undefined) return;
      idle(() => prefetch([files.entry, ...files.preload]));
      setTimeout(() => idle(start), files.idleAfterMs);
    }),
  );
}

/**
 * Runs in a page the app hydrates (not a frame), after `hydrateAfterPaint`, until the app is live.
 * React must not see a tap, a key or a typed letter: one that reaches the page while React
 * hydrates it makes React hydrate the whole page in that event's task, and the browser's own
 * answer (a question opened, a switch flipped, a letter shown) waits for it (docs/performance.md,
 * 'Taps during hydration'). They are stopped at the document, after the loader's own listeners
 * there: the browser still answers, the app adopts what it did and plays the kept clicks. A form
 * the loader holds for the app looks busy until the app takes it (`data-held`, ui/Button.css).
 */
function untilLive() {
  const types = [
    'mousedown mouseup click auxclick dblclick contextmenu pointerdown pointerup pointercancel',
    'touchstart touchend touchcancel keydown keypress keyup input textInput change',
    'compositionstart compositionend copy cut paste dragstart dragend drop reset',
  ]
    .join(' ')
    .split(' ');
  const hide = (event) => event.stopPropagation();
  const held = (event) => {
    if (event.defaultPrevented) event.target.dataset.held = '';
  };
  // The target of a press React has not seen begin, until its click.
  let pressed = null;
  const press = (event) => {
    pressed = event.type === 'pointerdown' ? event.target : null;
  };
  const pressTypes = ['pointerdown', 'click', 'pointercancel', 'touchcancel'];
  for (const type of types) document.addEventListener(type, hide, true);
  for (const type of pressTypes) document.addEventListener(type, press, true);
  document.addEventListener('submit', held, true);
  const endEarlyClicks = window.portalEarlyClicks;
  window.portalEarlyClicks = (play) => {
    for (const type of types) document.removeEventListener(type, hide, true);
    for (const type of pressTypes) document.removeEventListener(type, press, true);
    document.removeEventListener('submit', held, true);
    for (const form of document.querySelectorAll('form[data-held]')) delete form.dataset.held;
    // The end of a press begun before: react-aria, having seen no start, would refuse its click
    // (a label's, which the browser turns into its switch's), so the browser alone answers it as
    // it answered the press's start; a button's click is played again (`portalEarlyClicks`,
    // not trusted). What it sets off (the switch's own click and change) reaches React.
    if (pressed !== null) {
      const target = pressed;
      const ends = ['pointerup', 'touchend', 'mouseup', 'click', 'pointercancel', 'touchcancel'];
      const hideEnd = (event) => {
        if (event.isTrusted && event.target === target) event.stopPropagation();
        if (event.type === 'click' || event.type.endsWith('cancel')) setTimeout(reveal);
      };
      const reveal = () => {
        for (const type of ends) document.removeEventListener(type, hideEnd, true);
      };
      for (const type of ends) document.addEventListener(type, hideEnd, true);
      setTimeout(reveal, 1000);
    }
    endEarlyClicks(play);
  };
}

/**
 * Runs in a page with a form the server answers (`nativeForm`), after `hydrateAfterPaint`: such a
 * form, let go by the loader, goes once: its overlay shows until the next page comes (the
 * landing's CSS, `data-submitted`), and a second press sends no second request. Back on this page
 * from the browser's cache, it can go again. Once the app runs, the form is its own (no overlay
 * of this kind in it).
 */
function sentOnce() {
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (event.defaultPrevented || !form.querySelector('[data-on-submit]')) return;
      if (form.dataset.submitted !== undefined) return event.preventDefault();
      form.dataset.submitted = '';
    },
    true,
  );
  addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    for (const form of document.querySelectorAll('form[data-submitted]')) {
      delete form.dataset.submitted;
    }
  });
}

function loaderScript(own, next, frame, spec) {
  const files = {
    inlinedCss: own.css.map((file) => `/${file}`),
    ...(spec.onGesture === undefined
      ? {}
      : {
          onGesture: spec.onGesture,
          sessionKeys: [app.tokenKeys.access, app.tokenKeys.refresh],
          pauseMs,
          ...(spec.orIdle ? { idleAfterMs: idleStartMs } : {}),
        }),
    entry: `/${manifest[entryKey].file}`,
    preload: own.js.filter((file) => file !== manifest[entryKey].file).map((file) => `/${file}`),
    prefetch: [...next.js, ...next.css]
      .filter((file) => !own.js.includes(file) && !own.css.includes(file))
      .map((file) => `/${file}`),
  };
  // A frame's loader first sends the first screen's API calls (src/app/earlyCalls.ts).
  const calls =
    frame === undefined ? '' : `(${frame.startCalls.toString()})(${JSON.stringify(frame.calls)});`;
  // Minified: it is in each prerendered page's HTML, ahead of the content (9.3 KiB as written,
  // with its comments; 4.3 to 5.7 KiB minified).
  const { code, errors } = minifySync(
    'loader.js',
    [
      `${calls}(${hydrateAfterPaint.toString()})(${JSON.stringify(files)});`,
      spec.frame ? '' : `(${untilLive.toString()})();`,
      spec.nativeForm ? `(${sentOnce.toString()})();` : '',
    ].join(''),
  );
  if (errors.length > 0) throw new Error(`The pages' loader does not minify: ${errors[0].message}`);
  return `<script>${code.trim()}</script>`;
}

function page(spec, rendered, frame) {
  // A frame's script and its imports load at once (the script runs once the HTML is parsed); the
  // app's loader leaves them out.
  const frameFiles = spec.frame ? closure([frameScript]).js : [];
  const appFiles = closure([entryKey, ...spec.chunks]);
  const own = { js: appFiles.js.filter((file) => !frameFiles.includes(file)), css: appFiles.css };
  const frameTags = frameFiles
    .map((file, index) =>
      index === frameFiles.length - 1
        ? `\n    <script type="module" src="/${file}"></script>`
        : `\n    <link rel="modulepreload" href="/${file}" />`,
    )
    .join('');
  const styles = own.css.map((file) => readFileSync(path.join(dist, file), 'utf8')).join('\n');
  // The template's own script, preloads and stylesheet give way to the inline CSS and the loader.
  const shell = template
    .replace(/\s*<link rel="(stylesheet|modulepreload)"[^>]*>/g, '')
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '');
  if (shell.includes('<script type="module"'))
    throw new Error('a module script was left in the page');
  const loader = loaderScript(own, closure(spec.next), spec.frame ? frame : undefined, spec);
  // A frame stands in front of the app's hidden root until the app's first screen replaces it;
  // inert: its buttons and links do nothing before the app, so they cannot be reached or pressed.
  const root = spec.frame
    ? `<div id="${frame.id}" inert>${rendered.html}</div>\n    <div id="root" hidden></div>`
    : `<div id="root">${rendered.html}</div>`;
  const html = shell
    .replace(/<html lang="[^"]*">/, `<html ${htmlAttributes}>`)
    .replace('<meta charset="UTF-8" />', `<meta charset="UTF-8" />\n    ${pressableStyle}`)
    .replace(/<title>[^<]*<\/title>/, `<title>${rendered.title}</title>`)
    .replace('</head>', `    <style>${styles}</style>\n    ${loader}${frameTags}\n  </head>`)
    .replace(/<div id="root"><\/div>/, root);
  if (!html.includes(rendered.html)) throw new Error('index.html has no empty <div id="root">');
  if (!html.includes(htmlAttributes) || !html.includes(pressableStyle))
    throw new Error('index.html has no <html lang> or <meta charset> as written');
  return html;
}

/**
 * What the app's start would otherwise add to a page, each change restyling it all
 * (docs/performance.md, 'Taps during hydration'): the root element's attributes for the default
 * preferences (src/app/preferences.ts sets only those that differ), and react-aria's style for
 * pressable elements, as its `usePress` writes it (it adds none when one has this id).
 */
let htmlAttributes;
const pressableStyle =
  '<style id="react-aria-pressable-style">@layer{[data-react-aria-pressable]{touch-action:pan-x pan-y pinch-zoom}}</style>';

/** The prerender bundle (scripts/prerender-entry.tsx): the renderers and the app's constants. */
let app;
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
  app = await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href);
  const { renderPage, renderDashboardFrame, frameId, startEarlyCalls, dashboardEarlyCalls } = app;
  htmlAttributes = Object.entries(app.appearanceAttributes(app.defaultPreferences))
    .map(([name, value]) => `${name}="${value}"`)
    .join(' ');
  const frame = { id: frameId, startCalls: startEarlyCalls, calls: dashboardEarlyCalls };
  for (const [pagePath, spec] of Object.entries(prerenderedPages)) {
    const rendered = spec.frame
      ? await renderDashboardFrame('http://localhost', spec.routeName)
      : await renderPage(pagePath, 'http://localhost', spec.routeName);
    const folder = path.join(dist, 'prerendered', pagePath);
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, 'index.html'), page(spec, rendered, frame));
  }
  console.log(`prerender: ${Object.keys(prerenderedPages).join(', ')} written to dist/prerendered`);
} finally {
  rmSync(ssrDir, { recursive: true, force: true });
  // The manifest served its purpose here; it is no file of the site.
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
}
