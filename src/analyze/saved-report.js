// A report read from disk, completed by the analysis' own rules before anything renders it: what a
// report saved by an older version (or rendered from a production log) may lack. Each block gets
// its culprit (the frame its stack blames) and every culprit a label, the call sites come from
// the blocks' culprits when there are none, and the timeline is capped. Renderers then only format
// what the report holds. Pure.

import { blamedFrame, callSites, labelled } from './attribution.js';
import { capTimeline } from './cap-timeline.js';

/**
 * @typedef {import('../../types/report.js').Report} Report
 * @typedef {import('../../types/report.js').AttributedBlock} Block
 */

/**
 * @param {Report} report @param {string} cwd where labels name files relative to (the run's own is not saved)
 * @returns {Report}
 */
export function completeSaved(report, cwd) {
  /** @param {Block[] | undefined} blocks */
  const complete = (blocks) => (Array.isArray(blocks) ? blocks.map((b) => withCulprit(b, cwd)) : blocks);
  /** @template {{blocks?: Block[], topSites?: import('../../types/report.js').Site[]}} T @param {T} part @returns {T} */
  const withSites = (part) => {
    const blocks = complete(part.blocks);
    return { ...part, blocks, topSites: part.topSites?.length ? part.topSites : sitesOf(blocks ?? []) };
  };
  return {
    ...withSites(report),
    ...(report.warmup ? { warmup: { ...report.warmup, blocks: complete(report.warmup.blocks) ?? [] } } : {}),
    ...(report.timeline ? { timeline: capTimeline(report.timeline) } : {}),
    ...(Array.isArray(report.loops) ? { loops: report.loops.map(withSites) } : {}),
  };
}

/** @param {Block} block @param {string} cwd @returns {Block} */
function withCulprit(block, cwd) {
  const culprit = block.culprit === undefined ? blamedFrame(block) : block.culprit;
  if (culprit === null && block.culprit === undefined && !Array.isArray(block.stack)) return block; // never attributed
  return { ...block, culprit: labelled(culprit, cwd) };
}

/** The call sites of blocks that carry no time per frame: each block's time to its culprit. @param {Block[]} blocks */
function sitesOf(blocks) {
  return callSites(blocks.flatMap((b) => (b.culprit ? [{ frame: b.culprit, ms: Number(b.durationMs) || 0, samples: 1, blamed: true }] : [])));
}
