// The one reader of V8 CPU profiles (nodes, samples, timeDeltas): the profiles the agent wrote
// (the continuous profile of the window and the watchdog's block captures, read from the data
// folder by collect/profile-files.js) placed on the wall clock for the analysis, and a saved
// profile.cpuprofile turned into timed stacks for the flame graph. Every sample gets a time and a
// leaf node; its frames are walked up from that leaf.

import { sampleSpans } from './sample-spans.js';
import { kindOf, toPath } from './frames.js';

/**
 * @typedef {{functionName: string, url: string, lineNumber: number, columnNumber: number, scriptId?: string}} CallFrame 0-based
 * @typedef {{id: number, callFrame: CallFrame, children?: number[]}} ProfileNode
 * @typedef {{nodes: ProfileNode[], samples?: number[], timeDeltas?: number[], startTime: number, endTime: number}} CpuProfile
 * @typedef {object} TimedProfile
 * @property {'continuous' | 'block' | 'witness'} kind witness: stacks the app's thread gave during a capture (agent/stack-sampler.cjs),
 *   whole where the profiler misses frames; read apart (block-samples.js witnessesIn)
 * @property {string} file
 * @property {number} intervalUs
 * @property {number} startEpochMs
 * @property {number} endEpochMs
 * @property {CpuProfile} profile
 * @property {Map<number, ProfileNode>} byId
 * @property {Map<number, number>} parentOf
 * @property {Float64Array} times epoch ms of each sample
 * @property {number[]} leaves node id of each sample
 * @property {Record<string, object>} sourceMaps maps Node held in memory for the profile's files (a loader such as tsx), by url
 * @typedef {{functionName: string, url: string, line: number, column: number}} StackFrame line and column 1-based
 * @typedef {{tMs: number, weightMs: number, frames: StackFrame[]}} TimedStack frames root first; tMs from the profile start
 */

/** @param {unknown} p @returns {p is CpuProfile & {samples: number[], timeDeltas: number[]}} */
export function isCpuProfile(p) {
  const o = /** @type {any} */ (p);
  return !!o && Array.isArray(o.nodes) && Array.isArray(o.samples) && Array.isArray(o.timeDeltas) && typeof o.startTime === 'number';
}

/**
 * @param {{kind: 'continuous' | 'block' | 'witness', epochOffsetMs: number, intervalUs: number, profile: CpuProfile, sourceMaps?: Record<string, object>}} data
 *   epochOffsetMs: what to add to the profile's clock (µs / 1000) to get epoch ms
 * @param {string} file
 * @returns {TimedProfile}
 */
export function timeProfile(data, file) {
  const { profile } = data;
  /** @type {Map<number, ProfileNode>} */
  const byId = new Map();
  /** @type {Map<number, number>} */
  const parentOf = new Map();
  for (const node of profile.nodes) byId.set(node.id, node);
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const times = new Float64Array(samples.length);
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    times[i] = t / 1000 + data.epochOffsetMs;
  }
  return {
    kind: data.kind, file, intervalUs: data.intervalUs, profile, byId, parentOf, times, leaves: samples, sourceMaps: data.sourceMaps ?? {},
    startEpochMs: profile.startTime / 1000 + data.epochOffsetMs,
    endEpochMs: profile.endTime / 1000 + data.epochOffsetMs,
  };
}

/**
 * The call frames of one sample, innermost first, without the profiler's (root).
 * @param {TimedProfile} p @param {number} leaf
 * @returns {CallFrame[]}
 */
export function framesOf(p, leaf) {
  /** @type {CallFrame[]} */
  const frames = [];
  for (let id = /** @type {number | undefined} */ (leaf); id !== undefined; id = p.parentOf.get(id)) {
    const node = p.byId.get(id);
    if (!node || node.callFrame.functionName === '(root)') break;
    frames.push(node.callFrame);
  }
  return frames;
}

/**
 * Each sample of a saved profile with its stack (root first, 1-based lines, one array per node so
 * that equal stacks share it) and the time it stands for (sample-spans.js: until the next
 * sample; a long gap goes to the sample that ends it).
 * @param {CpuProfile} profile
 * @returns {TimedStack[]}
 */
export function timedStacks(profile) {
  const p = timeProfile({ kind: 'continuous', epochOffsetMs: 0, intervalUs: 0, profile }, '');
  /** @type {Map<number, StackFrame[]>} */
  const stackOf = new Map();
  /** @param {number} leaf */
  const stack = (leaf) => {
    let frames = stackOf.get(leaf);
    if (!frames) {
      frames = framesOf(p, leaf).reverse()
        .map((cf) => ({ functionName: cf.functionName, url: cf.url, line: cf.lineNumber + 1, column: cf.columnNumber + 1 }));
      stackOf.set(leaf, frames);
    }
    return frames;
  };
  const { times } = p;
  const typicalMs = median((profile.timeDeltas ?? []).slice(1)) / 1000 || 1;
  const spans = sampleSpans(times, typicalMs, p.endEpochMs);
  return p.leaves.map((leaf, i) => ({ tMs: times[i] - p.startEpochMs, weightMs: Math.max(0, spans.to[i] - spans.from[i]), frames: stack(leaf) }));
}

/** @param {number[]} values */
function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * The app's files the CPU profiles saw run (the agent's own aside), the first seen first.
 * @param {TimedProfile[]} profiles
 */
export function appFilesOf(profiles) {
  /** @type {Set<string>} */
  const files = new Set();
  for (const p of profiles) {
    for (const node of p.profile.nodes) {
      const url = node.callFrame.url ? toPath(node.callFrame.url) : '';
      if (url && kindOf(url, node.callFrame.functionName) === 'app') files.add(url);
    }
  }
  return [...files];
}
