// The one-line verdict and the numbers that decided it. T is the block threshold (--threshold).
//   blocked     a block of at least 2*T, or blocks covering at least 10% of the measured time
//               (a block's length less the time its threads waited for a CPU in it: the rest of a
//               stall on an overloaded machine is the machine's, as a stall under T of its own is)
//   degraded    any block of at least T, lag p99 at least T/2, probe p99 at least T with at
//               least MIN_SLOW_PROBES probes that slow (one outlier never decides; each probe
//               less the loop thread's wait for a CPU in it, as the lag), or probe requests that
//               failed or timed out
//   saturated   none of the blocked rules, but libuv's thread pool was saturated (the loop was
//               free while fs, dns, zlib and crypto jobs queued for its threads: thread-pool.js;
//               not on an overloaded machine whose pool threads were idle: said, not judged)
//   responsive  none of the above
// Only the measured window is judged: the warm-up before it, and the tool's own stalls, are not.

import { machineMs } from './ownership.js';

export const MIN_SLOW_PROBES = 3;
/** A block's wait for a CPU is said beside its length from this share of it. */
const WAIT_SAID = 0.05;
/** The app's thread kept off a CPU this share of the window or more: an overloaded machine. */
export const MACHINE_SHARE = 0.25;

/** @param {number} v */
const ms = (v) => `${v >= 100 ? Math.round(v) : Math.round(v * 10) / 10} ms`;

/**
 * @param {{lag: {p99Ms: number}, blocking: {count: number, longestMs: number, fraction: number},
 *   blocks?: OwnBlock[],
 *   machine?: {lagP99WithoutWaitMs: number | null, runWaitShare?: number | null}, threadPool?: {saturated: boolean, overloaded?: boolean, waitP90Ms: number, size: number, callers: {api: string, url: string | null, line: number | null}[]} | null,
 *   http: {probe: {requests: number, p99Ms: number, errors: number, timeouts: number, slow?: number, p99WithoutWaitMs?: number, slowWithoutWait?: number} | null}}} report
 * @param {number} thresholdMs
 * @returns {{status: 'responsive' | 'degraded' | 'saturated' | 'blocked', reasons: string[]}}
 */
export function verdict(report, thresholdMs) {
  const T = thresholdMs;
  const { lag, blocking } = report;
  const probe = report.http.probe;
  const blocked = [];
  const degraded = [];
  const own = ownBlocking(report.blocks, blocking);
  // said when the wait was a fair part of it (a few ms of a long block change nothing a reader decides)
  const fair = (/** @type {number} */ of, /** @type {number} */ all) => of < all * (1 - WAIT_SAID);
  const waited = (/** @type {number} */ of, /** @type {number} */ all) => (fair(of, all) ? ` without the wait for a CPU (${ms(all)} with it)` : '');
  const waitedShare = (/** @type {number} */ of, /** @type {number} */ all) => (fair(of, all) ? ` without the wait for a CPU (${pct(all)} with it)` : '');
  // (the length as the tables show it when the wait is not said)
  if (own.longestMs >= 2 * T) blocked.push(`longest block ${ms(fair(own.longestMs, blocking.longestMs) ? own.longestMs : blocking.longestMs)}${waited(own.longestMs, blocking.longestMs)} >= ${ms(2 * T)}`);
  if (own.fraction >= 0.1) blocked.push(`loop blocked ${pct(fair(own.fraction, blocking.fraction) ? own.fraction : blocking.fraction)} of the time${waitedShare(own.fraction, blocking.fraction)} >= 10%`);
  if (blocking.count > 0 && blocked.length === 0) {
    const longest = fair(own.longestMs, blocking.longestMs) ? ` (the longest ${ms(blocking.longestMs)}, ${ms(own.longestMs)} of it without the wait for a CPU)` : '';
    degraded.push(`${blocking.count} block(s) >= ${ms(T)}${longest}`);
  }
  // the loop's lag less the time its thread waited for a CPU (an overloaded machine is no fault of the app's)
  const ownLag = report.machine?.lagP99WithoutWaitMs ?? null;
  const lagP99 = ownLag ?? lag.p99Ms;
  const lagText = ownLag !== null && ownLag < lag.p99Ms - 0.05 ? `lag p99 ${ms(ownLag)} without the wait for a CPU (${ms(lag.p99Ms)} with it)` : `lag p99 ${ms(lag.p99Ms)}`;
  if (lagP99 >= T / 2) degraded.push(`${lagText} >= ${ms(T / 2)}`);
  // slow probes of an app with no block and a prompt loop, on a machine that kept its thread off a
  // CPU a quarter of the time or more: the machine's slowness, said but not judged (the pool's
  // saturation is judged apart)
  const waitShare = report.machine?.runWaitShare ?? 0;
  const machineSlow = waitShare >= MACHINE_SHARE && blocking.count === 0 && lagP99 < T / 2;
  // each probe less its loop thread's wait for a CPU in it (probe-wait.js), where that was read
  const probeP99 = probe ? probe.p99WithoutWaitMs ?? probe.p99Ms : 0;
  const probeSlow = probe ? probe.slowWithoutWait ?? probe.slow : undefined;
  // both figures when the wait was a fair part, or the two fall on either side of T; else the table's
  const probeWait = probe !== null && probeP99 < probe.p99Ms - 0.05 && (fair(probeP99, probe.p99Ms) || (probeP99 >= T) !== (probe.p99Ms >= T));
  const probeText = probeWait ? `probe p99 ${ms(probeP99)} without the wait for a CPU (${ms(probe.p99Ms)} with it)` : `probe p99 ${ms(probe ? probe.p99Ms : 0)}`;
  if (probe && probe.requests > 0 && probeP99 >= T && (probeSlow ?? MIN_SLOW_PROBES) >= MIN_SLOW_PROBES) {
    if (!machineSlow) degraded.push(`${probeText} >= ${ms(T)} (${probeSlow ?? 'several'} probes that slow)`);
  }
  if (probe && probe.timeouts > 0) degraded.push(`${probe.timeouts} probe request(s) timed out`);
  if (probe && probe.errors > 0) degraded.push(`${probe.errors} probe request(s) failed`);
  const pool = report.threadPool?.saturated ? report.threadPool : null;
  const poolReason = pool ? [`libuv's thread pool saturated: jobs waited p90 ${ms(pool.waitP90Ms)} for one of its ${pool.size} threads${pool.callers[0] ? ` (filled by ${pool.callers[0].api}${pool.callers[0].url ? ` at ${pool.callers[0].url}:${pool.callers[0].line}` : ''})` : ''}`] : [];
  // jobs that waited for a CPU, not for a thread: said, not judged (thread-pool.js)
  const busyMachine = report.threadPool?.overloaded ? [`libuv's thread pool not judged: its jobs waited p90 ${ms(report.threadPool.waitP90Ms)}, but the app's thread waited for a CPU ${pct(waitShare)} of the window while its other threads were nearly idle (an overloaded machine)`] : [];
  if (blocked.length) return { status: 'blocked', reasons: [...blocked, ...poolReason, ...degraded] };
  if (pool) return { status: 'saturated', reasons: [...poolReason, ...degraded] };
  if (degraded.length) return { status: 'degraded', reasons: [...degraded, ...busyMachine] };
  const reasons = [`no block >= ${ms(T)}`, `${lagText} < ${ms(T / 2)}`];
  if (probe && probe.requests > 0 && machineSlow && probeP99 >= T) reasons.push(`${probeText}, not judged: the app's thread waited for a CPU ${pct(waitShare)} of the window (an overloaded machine)`);
  else if (probe && probe.requests > 0 && probeP99 >= T) reasons.push(`${probeText}, but only ${probeSlow ?? 0} probe(s) >= ${ms(T)} (fewer than ${MIN_SLOW_PROBES} never decide)`);
  else if (probe && probe.requests > 0) reasons.push(`${probeText} < ${ms(T)}`);
  return { status: 'responsive', reasons: [...reasons, ...busyMachine] };
}

/**
 * The longest block and the share of the window blocked, each block counted without the time its
 * thread (or, in a collection, the collector's helpers) waited for a CPU in it (ownership.js's
 * machineMs; as blocking's own figures when no block says how long it waited).
 * @typedef {{durationMs: number, waitMs?: number | null, runMs?: number, gcMs?: number, gcShare?: number, fullDurationMs?: number}} OwnBlock
 * @param {OwnBlock[] | undefined} blocks
 * @param {{longestMs: number, fraction: number}} blocking
 */
function ownBlocking(blocks, blocking) {
  if (!blocks?.length || !blocks.some((b) => (b.waitMs ?? 0) > 0)) return { longestMs: blocking.longestMs, fraction: blocking.fraction };
  // a block cut at the window's edge waited, in the window, its share of the whole block's wait
  const ownOf = (/** @type {OwnBlock} */ b) => Math.max(0, b.durationMs - machineMs(b) * (b.fullDurationMs ? b.durationMs / b.fullDurationMs : 1));
  const total = blocks.reduce((sum, b) => sum + b.durationMs, 0);
  const ownTotal = blocks.reduce((sum, b) => sum + ownOf(b), 0);
  return {
    longestMs: Math.min(blocking.longestMs, Math.max(...blocks.map(ownOf))),
    fraction: total > 0 ? Math.round(blocking.fraction * (ownTotal / total) * 1000) / 1000 : blocking.fraction,
  };
}

/** @param {number} f */
function pct(f) {
  return `${Math.round(f * 1000) / 10}%`;
}
