// How much of a block garbage collection took, from what the agent's GC observer saw: long
// pauses one by one, and short pauses summed into runs (gc-observer.cjs). Pure.

/**
 * @typedef {{t: number, durationMs: number}} GcPause a pause (epoch ms)
 * @typedef {{t: number, endT: number, totalMs: number, count: number}} GcRun short pauses between t and endT (epoch ms)
 */

/**
 * Milliseconds of GC inside [start, end] (epoch ms). A run's pauses count in proportion to the
 * part of the run inside the block.
 * @param {GcPause[]} pauses @param {GcRun[]} runs @param {number} start @param {number} end
 */
export function gcInBlock(pauses, runs, start, end) {
  let ms = 0;
  for (const p of pauses) ms += Math.max(0, Math.min(end, p.t + p.durationMs) - Math.max(start, p.t));
  for (const r of runs) {
    const span = r.endT - r.t;
    if (span <= 0) {
      if (r.t >= start && r.t <= end) ms += r.totalMs;
      continue;
    }
    const inside = Math.max(0, Math.min(end, r.endT) - Math.max(start, r.t));
    ms += r.totalMs * (inside / span);
  }
  return Math.min(ms, Math.max(0, end - start));
}
