// The first interactions (docs/performance.md, 'How the figures are taken'): each page loaded
// in Chromium with its CPU four times slower (Lighthouse's mobile slowdown, through CDP
// `Emulation.setCPUThrottlingRate`), on a phone-sized touch screen; a finger's tap on what a
// visitor taps, timed in the page from the tap's `pointerdown` to the first animation frame
// whose DOM shows the answer (that frame paints it). Also what the landing fetches as script
// while it is only read.
/* global document, window, addEventListener, requestAnimationFrame -- the
   functions given to `page.evaluate` run in the page */
import { gzipSync } from 'node:zlib';
import { median } from './figures.mjs';

/** Lighthouse's mobile CPU slowdown. */
export const cpuSlowdown = 4;
/** Lighthouse's phone: its viewport and pixel ratio. */
const phone = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
/** How long a finger stays on the screen, and the pause between two taps. */
const pressMs = 60;
const pauseMs = 300;
/** How long a visitor reads before the first tap on a page that waits for a gesture. */
const readingMs = 1000;
/** Longer than this, the tap got no answer (a kept click that never played, a dead button). */
const answerTimeoutMs = 8000;
/** How long the landing is left alone before its scripts are counted. */
const leftAloneMs = 8000;

/**
 * What is tapped on each page, in the order a visitor meets it. `target` and `answer` name
 * entries of `inPage` below (the page reads them); `last`: the answer leaves the page (a
 * navigation), so nothing can follow it; `after`: what puts the page back for the next step
 * (a key, not timed); `before`: what a visitor taps first to reach it (not timed).
 */
export const interactionPages = [
  {
    page: '/',
    steps: [
      { name: 'FAQ question', key: 'faq' },
      { name: 'billing switch', key: 'billing' },
      { name: 'phone menu', key: 'menu' },
      { name: "'Choisir ce plan'", key: 'checkout', last: true },
    ],
    // The first touch of a visitor who taps later: on the hero's lead, where nothing answers.
    firstTouch: 'lead',
  },
  {
    page: '/login',
    steps: [{ name: 'submit valid fields', key: 'login' }],
    // Typed, not set: each field's focus is a gesture, as a visitor's typing is.
    firstTouch: 'typed fields',
  },
  {
    page: '/dashboard',
    signedIn: true,
    steps: [
      { name: "'Ajouter une licence'", key: 'addLicence', after: 'Escape' },
      // On a phone the tabs are in the sidebar, behind the header's menu button.
      { name: 'tab change', key: 'tab', before: 'sidebarToggle', last: true },
    ],
  },
];

/**
 * Runs in the page (serialised by Playwright, so self-contained). `what: 'target'`: the centre
 * of the element `key` taps, after scrolling it to the middle of the screen (a script's scroll,
 * not a gesture). `what: 'arm'`: from the next `pointerdown` on, the answer `key` waits for is
 * looked for at every animation frame; `window.portalBenchAnswer` resolves with the time from
 * that pointerdown to the first frame whose DOM shows it (that frame paints it), or null after
 * `timeoutMs`.
 */
function inPage({ key, what, timeoutMs }) {
  const visible = (element) => element !== null && element.checkVisibility();
  const byText = (selector, text) =>
    [...document.querySelectorAll(selector)].find((node) => node.textContent.trim() === text) ??
    null;
  const targets = {
    faq: () => document.querySelector('#faq summary'),
    billing: () => document.querySelector('#pricing label.ui-switch'),
    menu: () => document.querySelector('.landing-nav__menu > summary'),
    checkout: () => document.querySelector('#pricing .ui-plan-card button'),
    lead: () => document.querySelector('.landing-hero__lead'),
    login: () => document.querySelector('main form button[type="submit"]'),
    addLicence: () => byText('main button', 'Ajouter une licence'),
    tab: () => document.querySelector('a[href$="tab=themes"]'),
    sidebarToggle: () => document.querySelector('.shell__toggle'),
  };
  const answers = {
    faq: () => visible(document.querySelector('#faq details[open] > :not(summary)')),
    billing: () =>
      [...document.querySelectorAll('#pricing .ui-plan-card__price')].some(
        (price) => visible(price) && price.textContent.includes('/ an'),
      ),
    menu: () =>
      visible(document.querySelector('.landing-nav__menu[open] .landing-nav__menu-panel')),
    checkout: () => visible(document.querySelector('.checkout-overlay')),
    // Its busy state (a busy button is no submit button: ui/Button.tsx; before the app, the form
    // the loader holds for it looks the same: ui/Button.css), or the dashboard already when the
    // answer came within a frame.
    login: () =>
      document.querySelector(
        'main form button[data-busy], main form[data-held] [type="submit"]',
      ) !== null || window.location.pathname === '/dashboard',
    addLicence: () => visible(document.querySelector('dialog[open]')),
    tab: () => byText('#panel-title', 'Thèmes disponibles') !== null,
  };
  if (what === 'arm') {
    window.portalBenchAnswer = new Promise((resolve) => {
      addEventListener(
        'pointerdown',
        (event) => {
          const start = event.timeStamp;
          // For a tap that leaves the page: the next page reads when it came (below).
          sessionStorage.setItem('portalBenchTap', String(performance.timeOrigin + start));
          const frame = () => {
            const now = performance.now();
            if (answers[key]()) return resolve(Math.round(now - start));
            if (now - start > timeoutMs) return resolve(null);
            requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        },
        { capture: true, once: true },
      );
    });
    return null;
  }
  const element = targets[key]();
  if (element === null) return null;
  // Instant: the page scrolls smoothly by default, and the tap must land where the box is.
  element.scrollIntoView({ block: 'center', behavior: 'instant' });
  const box = element.getBoundingClientRect();
  return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A finger's tap at the centre of what `key` names; resolves with the answer's time or null. */
async function tap(page, cdp, key) {
  const point = await page.evaluate(inPage, { key, what: 'target' });
  if (point === null) throw new Error(`interactions: nothing to tap for ${key} on ${page.url()}`);
  await page.evaluate(inPage, { key, what: 'arm', timeoutMs: answerTimeoutMs });
  await touch(cdp, point);
  try {
    return await page.evaluate(() => window.portalBenchAnswer);
  } catch (error) {
    // Before the app runs, 'Choisir ce plan' is a form the server answers with the hosted
    // checkout: the page is left, and the answer is that page's first paint.
    if (key !== 'checkout') throw error;
    return hostedCheckoutPainted(page);
  }
}

/** From the tap that left the landing to the hosted checkout's first contentful paint. */
async function hostedCheckoutPainted(page) {
  await page.waitForURL(/\/sandbox\/checkout\//, { timeout: answerTimeoutMs });
  return page.evaluate(async (timeoutMs) => {
    const tapped = Number(sessionStorage.getItem('portalBenchTap'));
    const painted = await new Promise((resolve) => {
      setTimeout(() => resolve(null), timeoutMs);
      new PerformanceObserver((list, observer) => {
        const entry = list.getEntriesByName('first-contentful-paint')[0];
        if (entry === undefined) return;
        observer.disconnect();
        resolve(entry.startTime);
      }).observe({ type: 'paint', buffered: true });
    });
    return painted === null ? null : Math.round(performance.timeOrigin + painted - tapped);
  }, answerTimeoutMs);
}

/** A finger on the screen at `point` for `pressMs`. */
async function touch(cdp, point) {
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [point] });
  await sleep(pressMs);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

/** The lead's tap, or typed fields: a visitor's first gestures, not timed. */
async function firstTouch(page, cdp, kind) {
  if (kind === 'lead')
    await touch(cdp, await page.evaluate(inPage, { key: 'lead', what: 'target' }));
  else {
    await page.getByLabel('Email').pressSequentially(demoFields.email);
    await page.getByLabel('Mot de passe').pressSequentially(demoFields.password);
  }
  await sleep(pauseMs);
}

const demoFields = { email: 'demo@theme-portal.test', password: 'Demo1234!' };

/** The login form's values set without a gesture (the submit is then the first interaction). */
function fillSilently({ email, password }) {
  for (const [name, value] of [
    ['email', email],
    ['password', password],
  ]) {
    const input = document.querySelector(`main form input[name="${name}"]`);
    if (input !== null) input.value = value;
  }
}

/**
 * One fresh load of a page (a new context: cold cache, empty storage but the session), ready
 * for its first tap: read for a second on the pages that wait for a gesture, the app live on
 * the dashboard (its frame is inert until then).
 */
async function openPage(browser, origin, spec, session) {
  const context = await browser.newContext({ ...phone, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
  if (spec.signedIn) {
    const tokens = await session();
    await page.goto(`${origin}/api/health`);
    await page.evaluate(([access, refresh]) => {
      localStorage.setItem('auth_token', access);
      localStorage.setItem('refresh_token', refresh);
    }, tokens);
  }
  await page.goto(`${origin}${spec.page}`, { waitUntil: 'load' });
  if (spec.signedIn) {
    await page.waitForFunction(() => document.getElementById('app-frame') === null, null, {
      timeout: 30_000,
    });
  } else await sleep(readingMs);
  return { context, page, cdp };
}

/**
 * Every page's interactions, `runs` times: each step as the first tap of a fresh load
 * (`first`), and all the steps in order after a first touch (`later`: the app is on its way or
 * running). Resolves with one sample per tap: { page, step, mode, ms } (ms null: no answer).
 */
export async function measureInteractions({ browser, origin, runs, session, log }) {
  const samples = [];
  const record = (spec, step, mode, ms) => {
    samples.push({ page: spec.page, step: step.name, mode, ms });
    log(`  ${spec.page} ${step.name} (${mode}): ${ms === null ? 'no answer' : `${ms} ms`}`);
  };
  const playSteps = async (spec, opened, steps, mode) => {
    for (const step of steps) {
      if (step.before !== undefined) {
        await touch(
          opened.cdp,
          await opened.page.evaluate(inPage, { key: step.before, what: 'target' }),
        );
        await sleep(pauseMs);
      }
      record(spec, step, mode, await tap(opened.page, opened.cdp, step.key));
      if (step.last) return;
      if (step.after !== undefined) await opened.page.keyboard.press(step.after);
      await sleep(pauseMs);
    }
  };
  for (const spec of interactionPages) {
    for (let run = 0; run < runs; run += 1) {
      for (const step of spec.steps) {
        const opened = await openPage(browser, origin, spec, session);
        try {
          if (spec.page === '/login') await opened.page.evaluate(fillSilently, demoFields);
          await playSteps(spec, opened, [step], 'first');
        } finally {
          await opened.context.close();
        }
      }
      const opened = await openPage(browser, origin, spec, session);
      try {
        if (spec.firstTouch !== undefined)
          await firstTouch(opened.page, opened.cdp, spec.firstTouch);
        // The dashboard's app runs before any tap: its steps follow one another.
        await playSteps(spec, opened, spec.steps, 'later');
      } finally {
        await opened.context.close();
      }
    }
  }
  return samples;
}

/**
 * What the landing's browser runs before any gesture: the inline scripts and every script it
 * fetched while left alone, gzip level 9 each (as bench/sizes.mjs counts), in bytes.
 */
export async function landingScriptBeforeGesture({ browser, origin }) {
  const context = await browser.newContext({ ...phone, isMobile: true, hasTouch: true });
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/`, { waitUntil: 'load' });
    await sleep(leftAloneMs);
    const { inline, fetched } = await page.evaluate(() => ({
      inline: [...document.querySelectorAll('script:not([src])')].map((script) => script.text),
      fetched: performance
        .getEntriesByType('resource')
        .map((entry) => entry.name)
        .filter((name) => new URL(name).pathname.endsWith('.js')),
    }));
    const files = [];
    for (const url of fetched) {
      const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      files.push({ url: new URL(url).pathname, gzip: gzipBytes(await response.text()) });
    }
    const inlineGzip = inline.reduce((sum, text) => sum + gzipBytes(text), 0);
    return {
      inlineGzip,
      files,
      totalGzip: inlineGzip + files.reduce((sum, file) => sum + file.gzip, 0),
    };
  } finally {
    await context.close();
  }
}

const gzipBytes = (text) => gzipSync(Buffer.from(text), { level: 9 }).length;

/**
 * Each page's step in each mode: median, min and max of the taps that got an answer, and how
 * many got none. A median over taps where some got no answer counts those as slower than any.
 */
export function summariseInteractions(samples) {
  const groups = new Map();
  for (const sample of samples) {
    const id = `${sample.page}\u0000${sample.step}\u0000${sample.mode}`;
    if (!groups.has(id))
      groups.set(id, { page: sample.page, step: sample.step, mode: sample.mode, values: [] });
    groups.get(id).values.push(sample.ms);
  }
  return [...groups.values()].map(({ page, step, mode, values }) => {
    const answered = values.filter((value) => value !== null);
    const unanswered = values.length - answered.length;
    // An unanswered tap is slower than every answered one: the median is null once they are
    // half or more.
    const ranked = [...answered.sort((a, b) => a - b), ...Array(unanswered).fill(Infinity)];
    const middle = median(ranked);
    return {
      page,
      step,
      mode,
      taps: values.length,
      unanswered,
      medianMs: Number.isFinite(middle) ? Math.round(middle) : null,
      minMs: answered.length === 0 ? null : Math.min(...answered),
      maxMs: answered.length === 0 ? null : Math.max(...answered),
    };
  });
}
