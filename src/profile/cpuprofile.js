// A V8 .cpuprofile (nodes, samples, timeDeltas) turned into timed stacks. Pure.

import { sampleSpans } from './sample-spans.js';

/**
 * @typedef {{functionName: string, url: string, lineNumber: number, columnNumber: number}} CallFrame
 * @typedef {{id: number, callFrame: CallFrame, children?: number[]}} ProfileNode
 * @typedef {{nodes: ProfileNode[], startTime: number, endTime: number, samples: number[], timeDeltas: number[]}} CpuProfile
 * @typedef {{functionName: string, url: string, line: number, column: number}} Frame line and column 1-based
 * @typedef {{tMs: number, weightMs: number, frames: Frame[]}} TimedStack frames root first; tMs from the profile start
 */

/** @param {unknown} p @returns {p is CpuProfile} */
export function isCpuProfile(p) {
  const o = /** @type {any} */ (p);
  return !!o && Array.isArray(o.nodes) && Array.isArray(o.samples) && Array.isArray(o.timeDeltas) && typeof o.startTime === 'number';
}

/**
 * Each sample with its stack and the time it stands for (sample-spans.js).
 * @param {CpuProfile} profile
 * @returns {TimedStack[]}
 */
export function timedStacks(profile) {
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  /** @type {Map<number, Frame[]>} */
  const stackOf = new Map();
  /** @param {number} id @returns {Frame[]} */
  const stack = (id) => {
    const cached = stackOf.get(id);
    if (cached) return cached;
    /** @type {Frame[]} */
    const frames = [];
    for (let cur = /** @type {number | undefined} */ (id); cur !== undefined; cur = parent.get(cur)) {
      const cf = byId.get(cur)?.callFrame;
      if (!cf || cf.functionName === '(root)') continue;
      frames.push({ functionName: cf.functionName, url: cf.url, line: cf.lineNumber + 1, column: cf.columnNumber + 1 });
    }
    frames.reverse();
    stackOf.set(id, frames);
    return frames;
  };
  const times = [];
  let t = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i] ?? 0;
    times.push(t);
  }
  const typical = median(profile.timeDeltas.slice(1)) || 1000;
  const spans = sampleSpans(times, typical, profile.endTime);
  return profile.samples.map((id, i) => ({
    tMs: (times[i] - profile.startTime) / 1000, weightMs: Math.max(0, spans.to[i] - spans.from[i]) / 1000, frames: stack(id),
  }));
}

/** @param {number[]} values */
function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}
