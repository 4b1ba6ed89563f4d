// The flame graphs of a report: the whole CPU profile, the samples that fell inside blocks (all
// of them, and each block on its own). Without a profile, the blocked graphs come from the stacks
// sampled during each block (report.blocks[].samples / .stack), and so do they with a profile whose
// start is unknown (report.profile.startEpochMs missing). Pure.

import { timedStacks } from '../analyze/profiles.js';
import { FrameTable, buildTree, pruneTree, compactFrames } from './flame-tree.js';

/** @typedef {import('../../types/report.js').Report} Report */

/** Blocks that get a flame graph of their own (the longest ones). */
export const MAX_BLOCK_TREES = 100;
/** Subtrees narrower than this share of their graph are dropped (under a pixel at 1000 px). */
const MIN_FRACTION = 0.001;

/**
 * @typedef {import('./flame-tree.js').FlameNode} FlameNode
 * @typedef {{source: 'profile' | 'block-samples' | null, frames: import('./flame-tree.js').FrameInfo[],
 *   full: FlameNode | null, blocked: FlameNode | null, blocks: {block: number, tree: FlameNode}[],
 *   samples: number, idleMs: number}} FlameData
 * @typedef {import('./flame-tree.js').AnyFrame} AnyFrame
 * @typedef {Pick<import('../../types/report.js').AttributedBlock, 'startMs' | 'durationMs' | 'stack' | 'samples'>} BlockLike
 */

/**
 * @param {Report} report
 * @param {import('../analyze/profiles.js').CpuProfile | null} profile the run's profile.cpuprofile
 * @returns {FlameData}
 */
export function flameData(report, profile) {
  /** @type {BlockLike[]} */
  const blocks = Array.isArray(report.blocks) ? report.blocks : [];
  const chosen = chooseBlocks(blocks);
  const table = new FrameTable();
  /** @type {FlameNode | null} */
  let full = null;
  /** @type {Map<number, {frames: AnyFrame[], weightMs: number}[]>} */
  const perBlock = new Map(chosen.map((i) => [i, []]));
  /** @type {{frames: AnyFrame[], weightMs: number}[]} */
  const blocked = [];
  let idleMs = 0;
  let samples = 0;
  /** @type {FlameData['source']} */
  let source = null;

  let aligned = false;
  if (profile) {
    source = 'profile';
    const runStart = Date.parse(report.run?.startedAt);
    const offset = Number(report.profile?.startEpochMs) - runStart;
    const stacks = timedStacks(profile).filter((s) => {
      const idle = s.frames.length === 1 && s.frames[0].functionName === '(idle)';
      if (idle) idleMs += s.weightMs;
      return !idle && s.frames.length > 0;
    });
    samples = stacks.length;
    full = buildTree(stacks, table);
    aligned = Number.isFinite(offset);
    if (aligned) {
      const starts = blocks.map((b) => b.startMs);
      for (const s of stacks) {
        const i = blockAt(blocks, starts, offset + s.tMs);
        if (i < 0) continue;
        blocked.push(s);
        perBlock.get(i)?.push(s);
      }
    }
  }
  // without a profile, or one whose start is not known (a loop's own profile file), the blocked
  // graphs come from the stacks sampled during each block
  if (!aligned) {
    for (const [i, b] of blocks.entries()) {
      const stacks = blockStacks(b);
      if (stacks.length) source ??= 'block-samples';
      blocked.push(...stacks);
      perBlock.get(i)?.push(...stacks);
    }
  }
  const frames = table.frames;
  const trees = {
    full: full ? pruneTree(full, MIN_FRACTION, frames) : null,
    blocked: blocked.length ? pruneTree(buildTree(blocked, table), MIN_FRACTION, frames) : null,
    blocks: [...perBlock].filter(([, s]) => s.length)
      .map(([block, s]) => ({ block, tree: pruneTree(buildTree(s, table), MIN_FRACTION * 2, frames) })),
  };
  const kept = compactFrames([trees.full, trees.blocked, ...trees.blocks.map((b) => b.tree)].filter((t) => t !== null), frames);
  return { source, frames: kept, ...trees, samples, idleMs: Math.round(idleMs) };
}

/** Indexes of the blocks that get a graph: all, or the longest MAX_BLOCK_TREES. @param {BlockLike[]} blocks */
function chooseBlocks(blocks) {
  const idx = blocks.map((_, i) => i);
  if (idx.length <= MAX_BLOCK_TREES) return idx;
  return idx.sort((a, b) => blocks[b].durationMs - blocks[a].durationMs).slice(0, MAX_BLOCK_TREES);
}

/**
 * The block a time (ms from the run start) falls in, or -1. Blocks are in start order.
 * @param {BlockLike[]} blocks @param {number[]} starts @param {number} t
 */
export function blockAt(blocks, starts, t) {
  let lo = 0;
  let hi = starts.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    if (starts[mid] <= t) { found = mid; lo = mid + 1; } else hi = mid - 1;
  }
  for (let i = found; i >= 0 && i >= found - 2; i--) {
    if (t >= blocks[i].startMs && t <= blocks[i].startMs + blocks[i].durationMs) return i;
  }
  return -1;
}

/**
 * The stacks sampled during one block (innermost frame first in the report), root first, each
 * standing for an equal share of the block.
 * @param {BlockLike} b
 */
function blockStacks(b) {
  const sampled = Array.isArray(b.samples) ? b.samples.filter((s) => Array.isArray(s.stack) && s.stack.length) : [];
  const stacks = sampled.length ? sampled.map((s) => s.stack) : Array.isArray(b.stack) && b.stack.length ? [b.stack] : [];
  return stacks.map((stack) => ({ frames: [...stack].reverse(), weightMs: b.durationMs / stacks.length }));
}
