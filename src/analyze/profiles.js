// CPU profiles the agent wrote (the continuous profile of the window and the watchdog's block
// captures), placed on the wall clock: every sample gets an epoch time and a leaf node.

import fs from 'node:fs';
import path from 'node:path';

/**
 * @typedef {{functionName: string, url: string, lineNumber: number, columnNumber: number, scriptId?: string}} CallFrame
 * @typedef {{id: number, callFrame: CallFrame, children?: number[]}} ProfileNode
 * @typedef {{nodes: ProfileNode[], samples?: number[], timeDeltas?: number[], startTime: number, endTime: number}} CpuProfile
 * @typedef {object} TimedProfile
 * @property {'continuous' | 'block'} kind
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
 */

/** @param {string} dir @param {number} pid @returns {TimedProfile[]} */
export function readProfiles(dir, pid) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  /** @type {TimedProfile[]} */
  const out = [];
  for (const name of names) {
    if (!name.startsWith(`profile-${pid}-`) || !name.endsWith('.json')) continue;
    try {
      const data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
      out.push(timeProfile(data, name));
    } catch {
      // a capture cut short by a kill: its blocks keep their durations, without stacks
    }
  }
  return out.sort((a, b) => a.startEpochMs - b.startEpochMs);
}

/**
 * @param {{kind: 'continuous' | 'block', epochOffsetMs: number, intervalUs: number, profile: CpuProfile, sourceMaps?: Record<string, object>}} data
 * @param {string} file
 * @returns {TimedProfile}
 */
export function timeProfile(data, file) {
  const { profile } = data;
  const byId = new Map();
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
 * The call frames of one sample, innermost first, without the profiler's pseudo frames.
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
