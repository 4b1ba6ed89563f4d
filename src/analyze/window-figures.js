// The measured window's lag, CPU, ELU and GC. The agent's counters restart when the window opens
// and freeze when it closes, but it hears those commands only when its loop turns: a loop blocked
// across the window's start or end (a 2 s deep clone per request) takes both readings late, back
// to back, and its counters then cover almost nothing. Its timeline (100 ms windows, a stall
// spread over every window it covers) and its GC events carry times of their own: when the
// counters do not cover the window, the figures come from those. Pure.

import { Histogram } from '../agent/histogram.cjs';
import { gcInBlock } from './gc-share.js';

/**
 * @typedef {{lag: Histogram, ownLag: Histogram | null, cpuMs: number, eluMean: number | null, runWaitMs: number | null,
 *   gc: {count: number, totalMs: number, maxMs: number}, fromTimeline: boolean, routes: Record<string, any> | null}} WindowFigures
 *   routes: per route, the requests the agent saw finish (its counters when they cover the window, else its latest)
 */

/**
 * Whether the agent's counters cover [from, to]: they restarted near `from` and froze near `to`.
 * @param {{measureStart?: number, measureEnd?: number} | null} summary @param {number} from @param {number} to
 * @param {number} resolutionMs
 */
export function countersCover(summary, from, to, resolutionMs) {
  if (!summary) return false;
  // an agent that does not say when its counters ran: nothing says they missed the window
  if (typeof summary.measureStart !== 'number' || typeof summary.measureEnd !== 'number') return true;
  const slack = Math.max(5 * resolutionMs, 0.1 * (to - from));
  return Math.abs(summary.measureStart - from) <= slack && summary.measureEnd >= to - slack;
}

/**
 * @param {any} summary the agent's last summary
 * @param {{t: number, lagMaxMs: number, elu: number, cpuPercent: number, gcMs: number}[]} windows its timeline
 * @param {{t: number, durationMs: number}[]} gcPauses @param {import('./gc-share.js').GcRun[]} gcRuns
 * @param {{from: number, to: number, windowMs: number}} c
 * @returns {WindowFigures}
 */
export function windowFigures(summary, windows, gcPauses, gcRuns, c) {
  const resolutionMs = summary?.resolutionMs ?? 20;
  if (!summary || countersCover(summary, c.from, c.to, resolutionMs)) {
    return {
      lag: summary ? Histogram.fromJSON(summary.lag) : new Histogram(),
      ownLag: summary?.ownLag ? Histogram.fromJSON(summary.ownLag) : null,
      cpuMs: summary ? summary.cpu.userMs + summary.cpu.systemMs : 0,
      eluMean: summary ? summary.elu.utilization : null,
      runWaitMs: summary?.runWaitMs ?? null,
      gc: summary ? { count: summary.gc.count, totalMs: summary.gc.totalMs, maxMs: summary.gc.maxMs } : { count: 0, totalMs: 0, maxMs: 0 },
      fromTimeline: false,
      routes: summary?.routes ?? null,
    };
  }
  const inside = windows.filter((w) => w.t >= c.from - c.windowMs / 2 && w.t + c.windowMs <= c.to + c.windowMs / 2);
  const lag = new Histogram();
  // an event due at any moment of a window waited up to its lag, less how far into the window it
  // fell: the heartbeat's corrected samples, one per resolution step
  for (const w of inside) {
    for (let k = 0; k * resolutionMs < c.windowMs; k++) lag.record(Math.max(0, w.lagMaxMs - k * resolutionMs));
  }
  const cpuMs = inside.reduce((sum, w) => sum + (w.cpuPercent / 100) * c.windowMs, 0);
  const eluMean = inside.length ? inside.reduce((sum, w) => sum + w.elu, 0) / inside.length : null;
  const pauses = gcPauses.filter((p) => p.t >= c.from && p.t <= c.to);
  const runs = gcRuns.filter((r) => r.endT >= c.from && r.t <= c.to);
  const totalMs = gcInBlock(pauses, runs, c.from, c.to);
  const count = pauses.length + runs.reduce((sum, r) => sum + r.count, 0);
  const maxMs = Math.max(0, ...pauses.map((p) => p.durationMs), ...runs.map((r) => r.totalMs / Math.max(1, r.count)));
  return { lag, ownLag: null, cpuMs, eluMean, runWaitMs: null, gc: { count, totalMs, maxMs }, fromTimeline: true, routes: summary.routes ?? null };
}
