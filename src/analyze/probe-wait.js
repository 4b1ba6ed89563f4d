// The probe's latency without the app's wait for a CPU. On a crowded machine (a CI runner, or the
// load generator sharing the app's cores) an innocent request is slow because the loop's thread
// waited for a CPU while it was ready to run: the machine's slowness, as the lag less each beat's
// wait is. Each probe is judged less the thread's wait in the windows its request spanned (the
// agent spreads each schedstat reading's wait over its timeline windows).

import { Histogram } from '../agent/histogram.cjs';
import { eachWindow } from '../agent/timeline.cjs';

/**
 * @param {[number, number][] | null | undefined} responses [sentAt epoch ms, latency ms] of the window's probes
 * @param {{t: number, waitMs?: number}[]} windows the agent's timeline of the main loop
 * @param {number} windowMs
 * @param {number} thresholdMs
 * @returns {{p99Ms: number, slow: number} | null} null: no wait was read (not Linux, no timeline)
 */
export function probeWithoutWait(responses, windows, windowMs, thresholdMs) {
  if (!responses?.length || !windows.some((w) => typeof w.waitMs === 'number')) return null;
  /** @type {Map<number, number>} */
  const waitOf = new Map();
  for (const w of windows) if (typeof w.waitMs === 'number') waitOf.set(Math.floor(w.t / windowMs), w.waitMs);
  // the histogram the probe's own p99 and slow count come from (http-stats.js)
  const own = new Histogram();
  for (const [sentAt, latencyMs] of responses) own.record(Math.max(0, latencyMs - waitIn(waitOf, windowMs, sentAt, sentAt + latencyMs)));
  return { p99Ms: Math.round(own.percentile(99) * 100) / 100, slow: own.countAtLeast(thresholdMs) };
}

/**
 * The thread's wait in [from, to]: each window's wait in the share of it the interval covers.
 * @param {Map<number, number>} waitOf @param {number} windowMs @param {number} from @param {number} to
 */
function waitIn(waitOf, windowMs, from, to) {
  let sum = 0;
  eachWindow(from, to, windowMs, (key, overlap) => { sum += (waitOf.get(key) ?? 0) * (overlap / windowMs); });
  return sum;
}
