// What the bench keeps of each Lighthouse run and how a page's runs are summed up: medians,
// spread, and the long tasks of the median run (see docs/performance.md, 'Method').

/** The web app marks the dashboard's licence list (or its empty state) shown with data. */
export const licencesMark = 'licences-visible';

const metrics = ['score', 'fcpMs', 'lcpMs', 'tbtMs', 'cls', 'observedLcpMs', 'licencesVisibleMs'];
const round = (value) => Math.round(value);

export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The run whose value is the median (the lower middle for an even count). */
export function medianIndex(values) {
  const order = values.map((value, index) => ({ value, index })).sort((a, b) => a.value - b.value);
  return order[Math.floor((order.length - 1) / 2)].index;
}

/** A URL of the bench's server as a path; others (and 'Unattributable') as they are. */
const shortUrl = (url, origin) =>
  typeof url === 'string' && url.startsWith(origin) ? url.slice(origin.length) || '/' : url;

const items = (lhr, audit) => lhr.audits[audit]?.details?.items ?? [];

/** One run's figures. Long tasks, boot-up and main-thread times are Lighthouse's (simulated). */
export function sampleOf(lhr, origin) {
  const { audits } = lhr;
  const observed = items(lhr, 'metrics')[0] ?? {};
  const mark = items(lhr, 'user-timings').find(
    (item) => item.name === licencesMark && item.timingType === 'Mark',
  );
  return {
    score: Math.round((lhr.categories.performance.score ?? 0) * 100),
    fcpMs: round(audits['first-contentful-paint'].numericValue),
    lcpMs: round(audits['largest-contentful-paint'].numericValue),
    tbtMs: round(audits['total-blocking-time'].numericValue),
    cls: +audits['cumulative-layout-shift'].numericValue.toFixed(3),
    // Unthrottled, as the page loaded: the clock the user-timing marks are on.
    observedLcpMs:
      typeof observed.observedLargestContentfulPaint === 'number'
        ? round(observed.observedLargestContentfulPaint)
        : null,
    licencesVisibleMs: mark === undefined ? null : round(mark.startTime),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    warnings: lhr.runWarnings ?? [],
    // What painted the LCP and what moved (docs/performance.md, 'The dashboard's frame').
    lcpElement:
      items(lhr, 'largest-contentful-paint-element')[0]?.items?.[0]?.node?.selector ?? null,
    layoutShifts: items(lhr, 'layout-shifts').map((shift) => ({
      selector: shift.node?.selector ?? 'Unattributable',
      score: +shift.score.toFixed(3),
    })),
    longTasks: items(lhr, 'long-tasks')
      .slice(0, 5)
      .map((task) => ({
        url: shortUrl(task.url, origin),
        durationMs: round(task.duration),
        startTimeMs: round(task.startTime),
      })),
    bootup: items(lhr, 'bootup-time')
      .slice(0, 5)
      .map((script) => ({
        url: shortUrl(script.url, origin),
        totalMs: round(script.total),
        scriptingMs: round(script.scripting),
        parseCompileMs: round(script.scriptParseCompile),
      })),
    mainThread: items(lhr, 'mainthread-work-breakdown').map((group) => ({
      group: group.groupLabel ?? group.group,
      durationMs: round(group.duration),
    })),
  };
}

/**
 * A page's runs: median, min and max of each metric, the median benchmarkIndex, how many runs
 * were busy, and the long tasks, boot-up, main-thread work, LCP element and layout shifts of the
 * run with the median TBT.
 */
export function summarise(runs) {
  const summary = { runs: runs.length, busyRuns: runs.filter((run) => run.busy).length };
  for (const key of ['median', 'min', 'max']) summary[key] = {};
  for (const metric of metrics) {
    const values = runs.map((run) => run.figures[metric]).filter((v) => typeof v === 'number');
    const empty = values.length === 0;
    summary.median[metric] = empty ? null : +median(values).toFixed(metric === 'cls' ? 3 : 0);
    summary.min[metric] = empty ? null : Math.min(...values);
    summary.max[metric] = empty ? null : Math.max(...values);
  }
  const indexes = runs.map((run) => run.figures.benchmarkIndex).filter((v) => v !== null);
  summary.benchmarkIndex = indexes.length === 0 ? null : round(median(indexes));
  const chosen = medianIndex(runs.map((run) => run.figures.tbtMs));
  summary.medianTbtRun = chosen + 1;
  const { longTasks, bootup, mainThread, lcpElement, layoutShifts } = runs[chosen].figures;
  Object.assign(summary, { longTasks, bootup, mainThread, lcpElement, layoutShifts });
  return summary;
}

/**
 * The API figures from rounds in which the reference server and the bare route alternate
 * (docs/performance.md, 'How the figures are taken'): the ratio is the median of each round's
 * ratio, so a change in the machine's speed between rounds falls on both servers; each server
 * keeps its median req/s, its median p50, its worst p99, its errors summed, and is busy when most
 * of its rounds were. A round holds the `measured` result of each server's window.
 */
export function summariseApiRounds(rounds) {
  const side = (key) => {
    const windows = rounds.map((round) => round[key]);
    const values = windows.map((window) => window.value);
    const total = (name) => values.reduce((sum, value) => sum + value[name], 0);
    return {
      requestsPerSecond: round(median(values.map((value) => value.requestsPerSecond))),
      p50Ms: median(values.map((value) => value.p50Ms)),
      p99Ms: Math.max(...values.map((value) => value.p99Ms)),
      non2xx: total('non2xx'),
      errors: total('errors'),
      busy: windows.filter((window) => window.busy).length * 2 > windows.length,
      load: { before: windows[0].load.before, after: windows.at(-1).load.after },
      rounds: values.map((value) => value.requestsPerSecond),
    };
  };
  const roundRatios = rounds.map(
    ({ real, bare }) => +(real.value.requestsPerSecond / bare.value.requestsPerSecond).toFixed(2),
  );
  return {
    real: side('real'),
    bare: side('bare'),
    ratio: +median(roundRatios).toFixed(2),
    roundRatios,
  };
}
