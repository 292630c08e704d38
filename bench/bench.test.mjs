// The bench's own logic (`node --test bench/`): figures kept from a Lighthouse result, medians and
// spread, the targets of docs/performance.md and the verdict of `pnpm bench --check`.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import {
  licencesMark,
  median,
  medianIndex,
  sampleOf,
  summarise,
  summariseApiRounds,
} from './figures.mjs';
import { summariseInteractions } from './interactions.mjs';
import { busyShare, isBusy, onCores } from './machine.mjs';
import { checkLine, targetChecks, targets, verdict } from './targets.mjs';

const origin = 'http://127.0.0.1:4000';

function fakeLhr({ score = 0.98, lcp = 1200, tbt = 80, marks = [], tasks = 7 } = {}) {
  return {
    categories: { performance: { score } },
    environment: { benchmarkIndex: 1480 },
    runWarnings: ['slow CPU'],
    audits: {
      'first-contentful-paint': { numericValue: 900.4 },
      'largest-contentful-paint': { numericValue: lcp },
      'total-blocking-time': { numericValue: tbt },
      'cumulative-layout-shift': { numericValue: 0.01234 },
      metrics: { details: { items: [{ observedLargestContentfulPaint: 210.6 }] } },
      'user-timings': { details: { items: marks } },
      'long-tasks': {
        details: {
          items: Array.from({ length: tasks }, (_, index) => ({
            url: index === 0 ? 'Unattributable' : `${origin}/assets/chunk-${index}.js`,
            duration: 300 - index * 20.4,
            startTime: 1000 + index,
          })),
        },
      },
      'bootup-time': {
        details: {
          items: [
            {
              url: `${origin}/assets/index.js`,
              total: 410.2,
              scripting: 380,
              scriptParseCompile: 30.2,
            },
          ],
        },
      },
      'largest-contentful-paint-element': {
        details: {
          items: [{ type: 'table', items: [{ node: { selector: 'header.panel-header > p' } }] }],
        },
      },
      'layout-shifts': {
        details: {
          items: [{ node: { selector: 'section.licences-list' }, score: 0.13190518 }],
        },
      },
      'mainthread-work-breakdown': {
        details: {
          items: [{ group: 'scriptEvaluation', groupLabel: 'Script Evaluation', duration: 512.5 }],
        },
      },
    },
  };
}

const run = (figures, busy = false) => ({ busy, load: {}, figures });

describe('figures', () => {
  test('median of odd and even counts, and the run holding it', () => {
    assert.equal(median([3, 1, 2]), 2);
    assert.equal(median([4, 1, 3, 2]), 2.5);
    assert.equal(medianIndex([50, 10, 30, 20, 40]), 2);
    assert.equal(medianIndex([4, 1, 3, 2]), 3);
  });

  test('a run keeps the metrics, benchmarkIndex, the mark and the five longest tasks', () => {
    const sample = sampleOf(
      fakeLhr({
        marks: [
          { name: 'other', timingType: 'Mark', startTime: 5 },
          { name: licencesMark, timingType: 'Mark', startTime: 432.7 },
        ],
      }),
      origin,
    );
    assert.deepEqual(
      {
        score: sample.score,
        fcpMs: sample.fcpMs,
        lcpMs: sample.lcpMs,
        tbtMs: sample.tbtMs,
        cls: sample.cls,
        observedLcpMs: sample.observedLcpMs,
        licencesVisibleMs: sample.licencesVisibleMs,
        benchmarkIndex: sample.benchmarkIndex,
      },
      {
        score: 98,
        fcpMs: 900,
        lcpMs: 1200,
        tbtMs: 80,
        cls: 0.012,
        observedLcpMs: 211,
        licencesVisibleMs: 433,
        benchmarkIndex: 1480,
      },
    );
    assert.equal(sample.longTasks.length, 5);
    assert.deepEqual(sample.longTasks[0], {
      url: 'Unattributable',
      durationMs: 300,
      startTimeMs: 1000,
    });
    assert.deepEqual(sample.longTasks[1], {
      url: '/assets/chunk-1.js',
      durationMs: 280,
      startTimeMs: 1001,
    });
    assert.deepEqual(sample.bootup, [
      { url: '/assets/index.js', totalMs: 410, scriptingMs: 380, parseCompileMs: 30 },
    ]);
    assert.deepEqual(sample.mainThread, [{ group: 'Script Evaluation', durationMs: 513 }]);
    assert.deepEqual(sample.warnings, ['slow CPU']);
    assert.equal(sample.lcpElement, 'header.panel-header > p');
    assert.deepEqual(sample.layoutShifts, [{ selector: 'section.licences-list', score: 0.132 }]);
  });

  test('a page without the mark or long tasks has none', () => {
    const sample = sampleOf(fakeLhr({ tasks: 0 }), origin);
    assert.equal(sample.licencesVisibleMs, null);
    assert.deepEqual(sample.longTasks, []);
  });

  test('a page sums up as medians, spread, busy runs and the median-TBT run’s tasks', () => {
    const runs = [120, 60, 90, 200, 100].map((tbt, index) =>
      run(sampleOf(fakeLhr({ tbt, lcp: 1000 + index * 100, tasks: index + 1 }), origin), index < 2),
    );
    const summary = summarise(runs);
    assert.equal(summary.runs, 5);
    assert.equal(summary.busyRuns, 2);
    assert.equal(summary.median.tbtMs, 100);
    assert.deepEqual([summary.min.tbtMs, summary.max.tbtMs], [60, 200]);
    assert.equal(summary.median.lcpMs, 1200);
    assert.equal(summary.median.licencesVisibleMs, null);
    assert.equal(summary.benchmarkIndex, 1480);
    // TBT 100 ms is the fifth run, which had five long tasks.
    assert.equal(summary.medianTbtRun, 5);
    assert.equal(summary.longTasks.length, 5);
    assert.equal(summary.lcpElement, 'header.panel-header > p');
    assert.deepEqual(summary.layoutShifts, [{ selector: 'section.licences-list', score: 0.132 }]);
  });
});

describe('interactions', () => {
  const tap = (ms, step = 'FAQ question', mode = 'first') => ({ page: '/', step, mode, ms });

  test('each step and mode sums up as median, spread and taps without an answer', () => {
    const steps = summariseInteractions([
      tap(120),
      tap(90),
      tap(300),
      tap(null),
      tap(110),
      tap(40, 'FAQ question', 'later'),
    ]);
    assert.deepEqual(steps, [
      {
        page: '/',
        step: 'FAQ question',
        mode: 'first',
        taps: 5,
        unanswered: 1,
        medianMs: 120,
        minMs: 90,
        maxMs: 300,
      },
      {
        page: '/',
        step: 'FAQ question',
        mode: 'later',
        taps: 1,
        unanswered: 0,
        medianMs: 40,
        minMs: 40,
        maxMs: 40,
      },
    ]);
  });

  test('taps without an answer count as the slowest: half of them or more leave no median', () => {
    const [mostlyDead] = summariseInteractions([tap(100), tap(null), tap(null)]);
    assert.equal(mostlyDead.medianMs, null);
    assert.equal(mostlyDead.minMs, 100);
    const [allDead] = summariseInteractions([tap(null)]);
    assert.deepEqual([allDead.medianMs, allDead.minMs, allDead.maxMs], [null, null, null]);
  });
});

describe('API rounds', () => {
  const window = (requestsPerSecond, extra = {}) => ({
    value: { requestsPerSecond, p50Ms: 1, p99Ms: 1, non2xx: 0, errors: 0, ...extra },
    busy: false,
    load: { before: { cpu: requestsPerSecond }, after: { cpu: requestsPerSecond + 1 } },
  });

  test('the ratio is the median of each round’s ratio, so a slow round falls on both servers', () => {
    // The machine halves its speed in the second round: both servers slow down together.
    const api = summariseApiRounds([
      { real: window(30000), bare: window(40000) },
      { real: window(15000), bare: window(20000) },
      { real: window(34000), bare: window(40000) },
    ]);
    assert.equal(api.ratio, 0.75);
    assert.deepEqual(api.roundRatios, [0.75, 0.75, 0.85]);
    assert.equal(api.real.requestsPerSecond, 30000);
    assert.equal(api.bare.requestsPerSecond, 40000);
    assert.deepEqual(api.real.rounds, [30000, 15000, 34000]);
  });

  test('errors add up over the rounds, p50 is the median, p99 the worst, and busy means most rounds', () => {
    const api = summariseApiRounds([
      {
        real: window(100, { non2xx: 2, p99Ms: 3, p50Ms: 2 }),
        bare: { ...window(200), busy: true },
      },
      { real: window(100, { errors: 1, p50Ms: 4 }), bare: { ...window(200), busy: true } },
      { real: { ...window(100), busy: true }, bare: window(200) },
    ]);
    assert.equal(api.real.non2xx, 2);
    assert.equal(api.real.errors, 1);
    assert.equal(api.real.p50Ms, 2);
    assert.equal(api.real.p99Ms, 3);
    assert.equal(api.real.busy, false);
    assert.equal(api.bare.busy, true);
    assert.deepEqual(api.real.load, { before: { cpu: 100 }, after: { cpu: 101 } });
  });
});

describe('machine', () => {
  test('a run is busy above half of the CPUs in use', () => {
    assert.equal(busyShare, 0.5);
    assert.equal(isBusy({ cpuInUse: 0.5, loadavg: [3, 3, 3] }), false);
    assert.equal(isBusy({ cpuInUse: 0.51, loadavg: [0, 0, 0] }), true);
  });

  test('a pinned command goes through taskset, an unpinned one runs as is', () => {
    assert.deepEqual(onCores({ pinned: true }, '1', 'node', ['load.mjs']), [
      'taskset',
      ['-c', '1', 'node', 'load.mjs'],
    ]);
    assert.deepEqual(onCores({ pinned: false }, undefined, 'node', ['load.mjs']), [
      'node',
      ['load.mjs'],
    ]);
  });
});

const page = (median) => ({ median });
const goodResults = () => ({
  sizes: { failures: [] },
  lighthouse: {
    pages: {
      '/': page({ score: 100, lcpMs: 700, tbtMs: 40, cls: 0, observedLcpMs: 200 }),
      '/login': page({ score: 99, lcpMs: 700, tbtMs: 50, cls: 0 }),
      '/dashboard': page({ score: 97, lcpMs: 1500, tbtMs: 100, cls: 0.02, licencesVisibleMs: 390 }),
      'zero-JS landing': page({ score: 100, lcpMs: 700, tbtMs: 0, cls: 0 }),
    },
    ratios: { landingLcpToZeroJs: 1.1, licencesVisibleToLandingLcp: 1.95 },
  },
  api: {
    database: 'PGlite',
    ratio: 0.6,
    real: { non2xx: 0, errors: 0 },
    verify: { ratio: 0.8, real: { p99Ms: 20, non2xx: 0, errors: 0 } },
  },
  storm: { calls: 100, ok: 100, refreshCalls: 1 },
  interactions: {
    steps: [
      { page: '/', step: 'FAQ question', mode: 'first', medianMs: 200 },
      { page: '/dashboard', step: 'tab change', mode: 'later', medianMs: 90 },
    ],
    landingBeforeGesture: { totalGzip: 15 * 1024 },
  },
});
const byName = (rows, name) => rows.find((row) => row.name === name);

describe('targets', () => {
  test('the figures of docs/performance.md, Targets', () => {
    assert.deepEqual(targets.landing, {
      score: 100,
      lcpMs: 800,
      tbtMs: 50,
      cls: 0.02,
      lcpToZeroJs: 1.1,
      scriptBeforeGestureKiB: 15,
    });
    assert.deepEqual(targets.login, { score: 99, lcpMs: 1500, tbtMs: 50 });
    assert.deepEqual(targets.dashboard, {
      score: 97,
      lcpMs: 1500,
      tbtMs: 100,
      cls: 0.02,
      licencesVisibleToLandingLcp: 2,
    });
    assert.equal(targets.apiRatio, 0.6);
    assert.deepEqual(targets.verify, { ratio: 0.8, p99Ms: 20 });
    assert.equal(targets.interactionMs, 200);
  });

  test('medians on the limits pass; PostgreSQL unmeasured is skipped, not passed', () => {
    const rows = targetChecks(goodResults());
    assert.deepEqual(
      rows.filter((row) => row.pass === false),
      [],
    );
    const skipped = rows.filter((row) => row.pass === null).map((row) => row.name);
    assert.deepEqual(skipped, ['API on PostgreSQL: reference ÷ bare']);
    assert.equal(
      checkLine(byName(rows, 'verification: worst p99')),
      'PASS  verification: worst p99: 20 ms (target ≤ 20 ms)',
    );
    assert.equal(checkLine(byName(rows, '/login TBT')), 'PASS  /login TBT: 50 ms (target ≤ 50 ms)');
    assert.equal(verdict(rows, [{ busy: false }]).exitCode, 0);
  });

  test('each miss is a FAIL line and exit 1', () => {
    const results = goodResults();
    results.lighthouse.pages['/'].median.score = 99;
    results.lighthouse.pages['/dashboard'].median.cls = 0.03;
    results.lighthouse.ratios.licencesVisibleToLandingLcp = 2.4;
    results.api.ratio = 0.59;
    results.api.verify.ratio = 0.79;
    results.api.verify.real.p99Ms = 21;
    results.api.verify.real.non2xx = 3;
    const rows = targetChecks(results);
    const failed = rows.filter((row) => row.pass === false).map(checkLine);
    assert.deepEqual(failed, [
      'FAIL  / score: 99 (target ≥ 100)',
      'FAIL  /dashboard CLS: 0.03 (target ≤ 0.02)',
      'FAIL  /dashboard licences-visible ÷ / LCP (observed): 2.4 (target ≤ 2)',
      'FAIL  API on PGlite: reference ÷ bare: 0.59 (target ≥ 0.6)',
      'FAIL  verification: reference ÷ bare: 0.79 (target ≥ 0.8)',
      'FAIL  verification: worst p99: 21 ms (target ≤ 20 ms)',
      'FAIL  verification: non-2xx + errors: 3 (target ≤ 0)',
    ]);
    assert.equal(verdict(rows, [{ busy: false }]).exitCode, 1);
  });

  test('a slow first tap, a tap without an answer and a heavy landing each fail', () => {
    const results = goodResults();
    results.interactions.steps[0].medianMs = 201;
    results.interactions.steps[1].medianMs = null;
    results.interactions.landingBeforeGesture.totalGzip = 15.2 * 1024;
    const failed = targetChecks(results)
      .filter((row) => row.pass === false)
      .map(checkLine);
    assert.deepEqual(failed, [
      'FAIL  / FAQ question (first tap): 201 ms (target ≤ 200 ms)',
      'FAIL  /dashboard tab change (later tap): no answer (target ≤ 200 ms)',
      'FAIL  / script before a gesture (KiB gzip): 15.2 (target ≤ 15)',
    ]);
  });

  test('a bench without the taps skips them, not passes them', () => {
    const results = goodResults();
    delete results.interactions;
    const skipped = targetChecks(results)
      .filter((row) => row.pass === null)
      .map((row) => row.name);
    assert.deepEqual(skipped, [
      'first interactions',
      '/ script before a gesture (KiB gzip)',
      'API on PostgreSQL: reference ÷ bare',
    ]);
  });

  test('a dashboard measured without the mark fails', () => {
    const results = goodResults();
    results.lighthouse.pages['/dashboard'].median.licencesVisibleMs = null;
    results.lighthouse.ratios.licencesVisibleToLandingLcp = null;
    const row = byName(targetChecks(results), '/dashboard licences-visible ÷ / LCP (observed)');
    assert.equal(row.pass, false);
    assert.equal(row.measured, 'no mark');
  });

  test('a run on PostgreSQL judges PostgreSQL and skips PGlite', () => {
    const results = goodResults();
    results.api.database = 'PostgreSQL';
    const rows = targetChecks(results);
    assert.equal(byName(rows, 'API on PostgreSQL: reference ÷ bare').pass, true);
    assert.equal(byName(rows, 'API on PGlite: reference ÷ bare').pass, null);
    assert.equal(byName(rows, 'verification: reference ÷ bare').pass, true);
  });

  test('a run without the API leaves the verification unmeasured', () => {
    const results = goodResults();
    delete results.api;
    const rows = targetChecks(results);
    assert.equal(byName(rows, 'verification: reference ÷ bare').pass, null);
    assert.equal(byName(rows, 'verification: worst p99').pass, null);
  });

  test('a machine busy for most runs is not judged (exit 2), even with misses', () => {
    const results = goodResults();
    results.lighthouse.pages['/'].median.tbtMs = 500;
    const rows = targetChecks(results);
    const busy = [{ busy: true }, { busy: true }, { busy: false }];
    const outcome = verdict(rows, busy);
    assert.equal(outcome.exitCode, 2);
    assert.match(outcome.message, /busy for 2 of 3 runs/);
    assert.equal(verdict(rows, [{ busy: true }, { busy: false }]).exitCode, 1);
  });
});
