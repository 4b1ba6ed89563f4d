// Blocks inside the measured window, with times relative to its start, and their totals.

/**
 * @typedef {{startMs: number, durationMs: number, ongoing?: boolean, clipped?: boolean, fullDurationMs?: number, waitMs?: number, runMs?: number}} Block
 *   waitMs: how long the loop's thread waited for a CPU meanwhile; runMs: how long it ran on one (Linux)
 */

/**
 * The blocks of a window, cut at its edges: a block that began before the window or ran past its
 * end counts with the part inside only, in every table, total and verdict (its whole length is
 * kept as fullDurationMs), and is no block of the window when that part is under the threshold.
 * @param {{t: number, durationMs: number, waitMs?: number, runMs?: number}[]} raw agent block events (epoch ms;
 *   waitMs: how long the loop's thread waited for a CPU meanwhile, runMs: how long it ran on one)
 * @param {number} from epoch ms, start of the window
 * @param {number} to epoch ms, end of the window
 * @param {number} [thresholdMs] the part inside must be at least this long (default: any overlap)
 * @param {number} [origin] epoch ms that startMs counts from (default: from)
 * @returns {Block[]}
 */
export function blocksInWindow(raw, from, to, thresholdMs = 0, origin = from) {
  return raw
    .map((b) => ({ b, start: Math.max(b.t, from), end: Math.min(b.t + b.durationMs, to) }))
    .filter(({ start, end }) => end - start >= thresholdMs)
    .sort((x, y) => x.start - y.start)
    .map(({ b, start, end }) => {
      /** @type {Block} */
      const block = { startMs: round(start - origin), durationMs: round(end - start) };
      if (end - start < b.durationMs - 0.01) Object.assign(block, { clipped: true, fullDurationMs: round(b.durationMs) });
      if (typeof b.waitMs === 'number') block.waitMs = round(Math.min(block.durationMs, b.waitMs * (block.durationMs / b.durationMs)));
      if (typeof b.runMs === 'number') block.runMs = round(Math.min(block.durationMs, b.runMs * (block.durationMs / b.durationMs)));
      return block;
    });
}

/**
 * A block still running when the run ended: the agent never came back to report it.
 * @param {number} lastSeen epoch ms of the last sign of life from the loop
 * @param {number} from @param {number} to epoch ms, the measured window
 * @param {number} thresholdMs
 * @returns {Block | null}
 */
export function ongoingBlock(lastSeen, from, to, thresholdMs) {
  const start = Math.max(lastSeen, from);
  if (!(lastSeen > 0) || to - start < thresholdMs) return null;
  return { startMs: round(start - from), durationMs: round(to - start), ongoing: true };
}

/**
 * Totals over the measured window (blocks already cut to it).
 * @param {Block[]} blocks @param {number} windowMs measured duration
 */
export function blockTotals(blocks, windowMs) {
  const totalMs = blocks.reduce((sum, b) => sum + b.durationMs, 0);
  return {
    count: blocks.length,
    totalMs: round(totalMs),
    longestMs: round(blocks.reduce((max, b) => Math.max(max, b.durationMs), 0)),
    fraction: windowMs > 0 ? Math.round(Math.min(1, totalMs / windowMs) * 1000) / 1000 : 0,
  };
}

/** @param {number} v */
export function round(v) {
  return Math.round(v * 100) / 100;
}
