// The agent writes its continuous profile in chunks (it never restarts V8's profiler, see
// src/agent/profile-chunks.cjs). Here they become one profile again, cut to the part of the run
// the report covers: the same call path gets the same node in every chunk.

import { timeProfile } from './profiles.js';

/**
 * @typedef {import('./profiles.js').TimedProfile} TimedProfile
 * @typedef {import('./profiles.js').ProfileNode} ProfileNode
 */

/**
 * Replaces the continuous chunks by one continuous profile of [from, to] (epoch ms); the
 * watchdog's block captures stay as they are.
 * @param {TimedProfile[]} profiles @param {number} from @param {number} to
 * @returns {TimedProfile[]}
 */
export function mergeContinuous(profiles, from, to) {
  const chunks = profiles.filter((p) => p.kind === 'continuous');
  const others = profiles.filter((p) => p.kind !== 'continuous');
  if (chunks.length === 0) return others;
  const merged = mergeChunks(chunks, from, to);
  return merged ? [merged, ...others].sort((a, b) => a.startEpochMs - b.startEpochMs) : others;
}

/**
 * @param {TimedProfile[]} chunks @param {number} from @param {number} to
 * @returns {TimedProfile | null}
 */
function mergeChunks(chunks, from, to) {
  /** @type {ProfileNode[]} */
  const nodes = [];
  /** @type {Map<string, ProfileNode>} */
  const byPath = new Map();
  /** @param {string} key @param {ProfileNode} source @param {ProfileNode | null} parent */
  const nodeFor = (key, source, parent) => {
    let node = byPath.get(key);
    if (!node) {
      node = { id: nodes.length + 1, callFrame: source.callFrame, children: [] };
      nodes.push(node);
      byPath.set(key, node);
      parent?.children?.push(node.id);
    }
    return node;
  };
  /** @type {number[]} */ const samples = [];
  /** @type {number[]} */ const times = [];
  const sorted = [...chunks].sort((a, b) => a.startEpochMs - b.startEpochMs);
  for (const chunk of sorted) {
    /** @type {Map<number, ProfileNode>} chunk node id -> merged node */
    const mapped = new Map();
    const root = chunk.profile.nodes.find((n) => !chunk.parentOf.has(n.id));
    if (!root) continue;
    /** @type {[ProfileNode, string, ProfileNode | null][]} */
    const stack = [[root, '', null]];
    while (stack.length) {
      const [source, parentKey, parent] = /** @type {[ProfileNode, string, ProfileNode | null]} */ (stack.pop());
      const cf = source.callFrame;
      const key = `${parentKey}\n${cf.functionName}\0${cf.url}\0${cf.lineNumber}\0${cf.columnNumber}`;
      const node = nodeFor(key, source, parent);
      mapped.set(source.id, node);
      addTicks(node, source);
      for (const child of source.children ?? []) {
        const c = chunk.byId.get(child);
        if (c) stack.push([c, key, node]);
      }
    }
    for (let i = 0; i < chunk.leaves.length; i++) {
      const t = chunk.times[i];
      if (t < from || t > to) continue;
      const node = mapped.get(chunk.leaves[i]);
      if (!node) continue;
      samples.push(node.id);
      times.push(t);
    }
  }
  if (samples.length === 0 && nodes.length === 0) return null;
  const first = sorted[0];
  const startEpochMs = Math.max(from, first.startEpochMs);
  const endEpochMs = Math.min(to, Math.max(...sorted.map((c) => c.endEpochMs)));
  // Back on one monotonic time base (microseconds), the first chunk's.
  const offsetMs = first.startEpochMs - first.profile.startTime / 1000;
  const us = (/** @type {number} */ epochMs) => Math.round((epochMs - offsetMs) * 1000);
  const timeDeltas = times.map((t, i) => us(t) - (i === 0 ? us(startEpochMs) : us(times[i - 1])));
  const profile = { nodes: prune(nodes, samples), startTime: us(startEpochMs), endTime: us(endEpochMs), samples, timeDeltas };
  const sourceMaps = Object.assign({}, ...sorted.map((c) => c.sourceMaps ?? {}));
  return timeProfile({ kind: 'continuous', epochOffsetMs: offsetMs, intervalUs: first.intervalUs, profile, sourceMaps }, first.file);
}

/**
 * The line ticks of a chunk's node added to its merged node (which line of a function ran: the
 * known-calls table reads it for JSON.parse and interpreted regexes).
 * @param {ProfileNode} node @param {ProfileNode} source
 */
function addTicks(node, source) {
  // column: the stack sampler's (agent/stack-sampler.cjs), which knows where on the line; V8's profile gives lines only
  const ticks = /** @type {{line: number, ticks: number, column?: number}[] | undefined} */ (/** @type {any} */ (source).positionTicks);
  if (!ticks?.length) return;
  const into = /** @type {any} */ (node);
  into.positionTicks ??= [];
  for (const t of ticks) {
    const same = into.positionTicks.find((/** @type {{line: number, column?: number}} */ x) => x.line === t.line && x.column === t.column);
    if (same) same.ticks += t.ticks;
    else into.positionTicks.push({ line: t.line, ticks: t.ticks, ...(t.column ? { column: t.column } : {}) });
  }
}

/**
 * Only the nodes on the path of a kept sample (and the root), so a profile cut to the window
 * does not carry the start-up's call tree.
 * @param {ProfileNode[]} nodes ids are 1-based positions @param {number[]} samples
 */
function prune(nodes, samples) {
  if (nodes.length === 0) return nodes;
  /** @type {Map<number, number>} */
  const parent = new Map();
  for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const keep = new Set([nodes[0].id]);
  for (const leaf of new Set(samples)) {
    for (let id = /** @type {number | undefined} */ (leaf); id !== undefined && !keep.has(id); id = parent.get(id)) keep.add(id);
  }
  return nodes.filter((n) => keep.has(n.id)).map((n) => ({ ...n, children: (n.children ?? []).filter((c) => keep.has(c)) }));
}
