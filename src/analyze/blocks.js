// Blocks inside the measured window, with times relative to its start, and their totals.

/**
 * @typedef {{startMs: number, durationMs: number, ongoing?: boolean}} Block
 */

/**
 * @param {{t: number, durationMs: number}[]} raw agent block events (epoch ms)
 * @param {number} from epoch ms, start of the measured window
 * @param {number} to epoch ms, end of the measured window
 * @returns {Block[]}
 */
export function blocksInWindow(raw, from, to) {
  return raw
    .filter((b) => b.t + b.durationMs >= from && b.t <= to)
    .sort((a, b) => a.t - b.t)
    .map((b) => ({ startMs: round(b.t - from), durationMs: round(b.durationMs) }));
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
 * Totals over the measured window: a block that began before it or ran past its end counts
 * only for the part inside.
 * @param {Block[]} blocks @param {number} windowMs measured duration
 */
export function blockTotals(blocks, windowMs) {
  const inside = (/** @type {Block} */ b) => Math.max(0, Math.min(b.startMs + b.durationMs, windowMs) - Math.max(b.startMs, 0));
  const totalMs = blocks.reduce((sum, b) => sum + inside(b), 0);
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
