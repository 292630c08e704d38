// The machine a bench run is taken on and how busy it is (see docs/performance.md, 'Method').
import { spawnSync } from 'node:child_process';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import process from 'node:process';

/**
 * A run is busy when, in the second and a half before it (the bench itself idle), more than this
 * share of all cores was in use. The 1-minute load average is recorded too but does not decide:
 * the bench's own previous run (Chromium and Lighthouse's trace processing) keeps it near one
 * core on its own, so it would flag every run on a quiet two-core machine.
 */
export const busyShare = 0.5;
const sampleMs = 1500;

function cpuTimes() {
  let idle = 0;
  let total = 0;
  for (const { times } of cpus()) {
    idle += times.idle;
    total += times.user + times.nice + times.sys + times.idle + times.irq;
  }
  return { idle, total };
}

/** Load averages (1, 5, 15 min) and the share of all cores in use over a short window. */
export async function loadSample(windowMs = sampleMs) {
  const start = cpuTimes();
  await new Promise((resolve) => setTimeout(resolve, windowMs));
  const end = cpuTimes();
  const total = end.total - start.total;
  const cpuInUse = total > 0 ? 1 - (end.idle - start.idle) / total : 0;
  return {
    loadavg: loadavg().map((value) => +value.toFixed(2)),
    cpuInUse: +Math.min(1, Math.max(0, cpuInUse)).toFixed(2),
  };
}

export const isBusy = (before) => before.cpuInUse > busyShare;

export const describeLoad = (sample) =>
  `${Math.round(sample.cpuInUse * 100)} % of the CPUs in use, load ${sample.loadavg[0]} on ${cpus().length} cores`;

/** Measures `task` between two load samples; warns when the machine was busy before it. */
export async function measured(label, task) {
  const before = await loadSample();
  const busy = isBusy(before);
  if (busy) console.warn(`  ! ${label}: busy machine before the run (${describeLoad(before)})`);
  const value = await task();
  const after = await loadSample();
  return { value, load: { before, after }, busy };
}

export function machineInfo() {
  const list = cpus();
  return {
    cpuModel: list[0]?.model ?? null,
    cores: list.length,
    memoryGiB: +(totalmem() / 2 ** 30).toFixed(1),
    platform: `${platform()} ${release()}`,
    node: process.version,
  };
}

/**
 * Where the API's load generator and servers run: on two cores or more (Linux, taskset
 * present), the servers on core 0 and autocannon on core 1, so the generator does not take the
 * server's CPU; otherwise unpinned, and the results say why.
 */
export function pinning() {
  if (platform() !== 'linux')
    return { pinned: false, reason: `taskset is Linux only (${platform()})` };
  if (cpus().length < 2) return { pinned: false, reason: 'one core: nothing to pin apart' };
  const probe = spawnSync('taskset', ['-c', '0', 'true'], { stdio: 'ignore' });
  if (probe.error !== undefined || probe.status !== 0) {
    return { pinned: false, reason: 'taskset not available (util-linux)' };
  }
  return { pinned: true, server: '0', loadGenerator: '1', allCores: `0-${cpus().length - 1}` };
}

/** Moves a running process (every thread) onto `coreList`; true when it worked. */
export function pinProcess(pid, coreList) {
  const result = spawnSync('taskset', ['-a', '-p', '-c', coreList, String(pid)], {
    stdio: 'ignore',
  });
  return result.error === undefined && result.status === 0;
}

/** The command that runs `command args` on `coreList`, or as is without pinning. */
export const onCores = (pin, coreList, command, args) =>
  pin.pinned ? ['taskset', ['-c', coreList, command, ...args]] : [command, args];
