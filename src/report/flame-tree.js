// Stacks merged into a flame-graph tree: one node per distinct call path, with total and self
// time. Frames are shared through one table so several trees of a report stay small. Pure.

import { frameKind, displayUrl } from '../analyze/frame-kind.js';

/**
 * @typedef {{name: string, url: string, line: number, kind: import('../analyze/frame-kind.js').FrameKind}} FrameInfo
 * @typedef {{f: number, v: number, s: number, c: FlameNode[]}} FlameNode f: frame index (-1 for the root), v: total ms, s: self ms
 * @typedef {{functionName?: string, url?: string, line?: number, lineNumber?: number, column?: number, kind?: string}} AnyFrame
 */

export class FrameTable {
  constructor() {
    /** @type {FrameInfo[]} */
    this.frames = [];
    /** @type {Map<string, number>} */
    this.index = new Map();
    /** Index by frame object: the stacks of one profile node share their frame objects. */
    /** @type {WeakMap<object, number>} */
    this.seen = new WeakMap();
  }

  /** @param {AnyFrame} frame @returns {number} */
  add(frame) {
    const known = this.seen.get(frame);
    if (known !== undefined) return known;
    const name = frame.functionName || '(anonymous)';
    const url = displayUrl(frame.url);
    const line = frame.line ?? (frame.lineNumber !== undefined ? frame.lineNumber + 1 : 0);
    const key = `${name}\u0000${url}\u0000${line}\u0000${frame.column ?? 0}`;
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.frames.length;
      this.frames.push({ name, url, line, kind: frameKind(frame) });
      this.index.set(key, i);
    }
    this.seen.set(frame, i);
    return i;
  }
}

/**
 * @param {Iterable<{frames: AnyFrame[], weightMs: number}>} stacks frames root first
 * @param {FrameTable} table
 * @returns {FlameNode}
 */
export function buildTree(stacks, table) {
  stacks = mergeStacks(stacks);
  /** @type {FlameNode} */
  const root = { f: -1, v: 0, s: 0, c: [] };
  /** @type {WeakMap<FlameNode, Map<number, FlameNode>>} */
  const kids = new WeakMap();
  for (const { frames, weightMs } of stacks) {
    if (!(weightMs > 0)) continue;
    let node = root;
    node.v += weightMs;
    for (const frame of frames) {
      const f = table.add(frame);
      let map = kids.get(node);
      if (!map) kids.set(node, (map = new Map()));
      let child = map.get(f);
      if (!child) {
        child = { f, v: 0, s: 0, c: [] };
        map.set(f, child);
        node.c.push(child);
      }
      child.v += weightMs;
      node = child;
    }
    node.s += weightMs;
  }
  return root;
}

/**
 * Stacks that share one frames array (the samples of one profile node do) summed into one, so a
 * tree costs the number of distinct stacks times their depth rather than every sample's.
 * @param {Iterable<{frames: AnyFrame[], weightMs: number}>} stacks
 */
export function mergeStacks(stacks) {
  /** @type {Map<AnyFrame[], number>} */
  const byFrames = new Map();
  for (const { frames, weightMs } of stacks) byFrames.set(frames, (byFrames.get(frames) ?? 0) + weightMs);
  return [...byFrames].map(([frames, weightMs]) => ({ frames, weightMs }));
}

/**
 * Drops the subtrees narrower than `minFraction` of the root (under a pixel when drawn), sorts
 * children by name for a stable picture and rounds times to 0.01 ms. The time of a dropped
 * subtree stays in its parent's total.
 * @param {FlameNode} root @param {number} minFraction @param {FrameInfo[]} frames
 * @returns {FlameNode}
 */
export function pruneTree(root, minFraction, frames) {
  const min = root.v * minFraction;
  /** @param {FlameNode} n @returns {FlameNode} */
  const walk = (n) => ({
    f: n.f, v: r2(n.v), s: r2(n.s),
    c: n.c.filter((c) => c.v >= min && c.v > 0)
      .sort((a, b) => frames[a.f].name.localeCompare(frames[b.f].name) || a.f - b.f)
      .map(walk),
  });
  return walk(root);
}

/** Keeps only the frames the trees use, renumbered. @param {FlameNode[]} trees @param {FrameInfo[]} frames */
export function compactFrames(trees, frames) {
  /** @type {Map<number, number>} */
  const remap = new Map();
  /** @type {FrameInfo[]} */
  const kept = [];
  /** @param {FlameNode} n */
  const walk = (n) => {
    if (n.f >= 0) {
      let i = remap.get(n.f);
      if (i === undefined) {
        i = kept.length;
        kept.push(frames[n.f]);
        remap.set(n.f, i);
      }
      n.f = i;
    }
    n.c.forEach(walk);
  };
  trees.forEach(walk);
  return kept;
}

/** @param {number} v */
const r2 = (v) => Math.round(v * 100) / 100;
