// The run's timeline: the agent's windows beside the probe's and the load's, relative to the
// start of the measured window. Windows the agent never closed (a block still running at the
// end) are filled from the ongoing block.

import { round } from './blocks.js';

/**
 * @typedef {{tMs: number, lagMaxMs: number | null, elu: number | null, cpuPercent: number | null,
 *   gcMs: number, probeMaxMs: number | null, probes: number, requests: number}} TimelinePoint
 */

/**
 * @param {{windowMs: number, from: number, to: number,
 *   windows: {t: number, lagMaxMs: number, elu: number, cpuPercent: number, gcMs: number}[],
 *   probe: import('../load/window-series.js').WindowSeries | null,
 *   load: import('../load/window-series.js').WindowSeries | null,
 *   ongoing: {startMs: number} | null}} input
 * @returns {{windowMs: number, points: TimelinePoint[]}}
 */
export function buildTimeline({ windowMs, from, to, windows, probe, load, ongoing }) {
  const byKey = new Map(windows.map((w) => [Math.floor(w.t / windowMs), w]));
  /** @type {TimelinePoint[]} */
  const points = [];
  const ongoingFrom = ongoing ? from + ongoing.startMs : Infinity;
  for (let key = Math.floor(from / windowMs); key * windowMs < to; key++) {
    const t = key * windowMs;
    const w = byKey.get(key);
    const p = probe?.at(t);
    const l = load?.at(t);
    /** @type {TimelinePoint} */
    const point = {
      tMs: round(t - from),
      lagMaxMs: w ? w.lagMaxMs : null,
      elu: w ? w.elu : null,
      cpuPercent: w ? w.cpuPercent : null,
      gcMs: w ? w.gcMs : 0,
      probeMaxMs: p ? round(p.max) : null,
      probes: p ? p.count : 0,
      requests: l ? l.count : 0,
    };
    if (t + windowMs > ongoingFrom) {
      point.lagMaxMs = round(Math.max(point.lagMaxMs ?? 0, Math.min(to, t + windowMs) - ongoingFrom));
      point.elu = 1;
    }
    points.push(point);
  }
  return { windowMs, points };
}
