// Keeps report.json bounded on long runs: past `maxPoints` the timeline's windows are merged in
// pairs (100 ms -> 200 ms -> 400 ms ...) until they fit; `windowMs` says the width used. Pure.

import { round } from './blocks.js';

export const MAX_TIMELINE_POINTS = 3000;

/** @typedef {import('./timeline.js').TimelinePoint} TimelinePoint */

/**
 * @param {{windowMs: number, points: TimelinePoint[]}} timeline
 * @param {number} [maxPoints]
 * @returns {{windowMs: number, points: TimelinePoint[]}}
 */
export function capTimeline(timeline, maxPoints = MAX_TIMELINE_POINTS) {
  let { windowMs, points } = timeline;
  while (points.length > maxPoints) {
    /** @type {TimelinePoint[]} */
    const merged = [];
    for (let i = 0; i < points.length; i += 2) merged.push(i + 1 < points.length ? mergePair(points[i], points[i + 1]) : points[i]);
    points = merged;
    windowMs *= 2;
  }
  return { windowMs, points };
}

/** @param {TimelinePoint} a @param {TimelinePoint} b @returns {TimelinePoint} */
function mergePair(a, b) {
  /** @param {number | null} x @param {number | null} y @param {(x: number, y: number) => number} f */
  const both = (x, y, f) => (x === null ? y : y === null ? x : f(x, y));
  return {
    tMs: a.tMs,
    lagMaxMs: both(a.lagMaxMs, b.lagMaxMs, Math.max),
    elu: both(a.elu, b.elu, (x, y) => round((x + y) / 2 * 1000) / 1000),
    cpuPercent: both(a.cpuPercent, b.cpuPercent, (x, y) => round((x + y) / 2)),
    gcMs: round(a.gcMs + b.gcMs),
    probeMaxMs: both(a.probeMaxMs, b.probeMaxMs, Math.max),
    probes: a.probes + b.probes,
    requests: a.requests + b.requests,
  };
}
