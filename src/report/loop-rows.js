// What every renderer says about the app's event loops (report.loops): which loops get a row, the
// loop the verdict is about, a loop's name with its marks (measured from outside, how it ended)
// and the cells of its row. Reports without `loops`, or with the main thread alone, get null and
// render as before. Pure.

import { ms, pct, int } from './format.js';

/** @typedef {import('../../types/report.js').Report} Report */
/** @typedef {import('../../types/report.js').LoopSection} LoopSection */

/** The head of the loops table (terminal, summary.md, report.html). */
export const LOOP_HEAD = ['loop', 'lag p99', 'lag max', 'ELU', 'blocks', 'blocked', 'longest', 'verdict'];

/** The loops that get a row each: report.loops when the app ran more than one. @param {Partial<Report>} report */
export function multiLoops(report) {
  return Array.isArray(report.loops) && report.loops.length > 1 ? report.loops : null;
}

/**
 * The loop the verdict is about when that is not the main thread, else null.
 * @param {Partial<Report>} report @returns {LoopSection | null}
 */
export function verdictLoop(report) {
  const id = report.verdict?.loop;
  const loop = id ? multiLoops(report)?.find((l) => l.id === id) : undefined;
  return loop && loop.kind !== 'main' ? loop : null;
}

/** How the loop ended inside the run, or null when it ran to the end. @param {LoopSection} loop */
export function endText(loop) {
  const life = loop.life;
  if (!life || (life.endMs === null && life.exitCode === null && life.signal === null)) return null;
  const how = life.signal ? `killed by ${life.signal}` : life.exitCode !== null ? `exited with code ${life.exitCode}` : 'ended';
  return life.endMs === null ? how : `${how} at ${life.endMs < 0 ? '-' : '+'}${ms(Math.abs(life.endMs))}`;
}

/** The loop's label and its marks: "cluster worker 4242 (exited with code 1 at +1.20 s)". @param {LoopSection} loop */
export function loopName(loop) {
  const marks = [loop.fromOutside ? 'measured from outside' : null, endText(loop)].filter(Boolean);
  return marks.length ? `${loop.label} (${marks.join('; ')})` : loop.label;
}

/**
 * A loop's row under LOOP_HEAD, as text, and what a renderer may colour.
 * @param {LoopSection} loop
 * @returns {{cells: string[], blocked: boolean}}
 */
export function loopCells(loop) {
  const b = loop.blocking ?? { count: 0, totalMs: 0, longestMs: 0, fraction: 0 };
  const lag = loop.lag?.samples ? loop.lag : null; // a loop that never turned has no delay of its own
  return {
    cells: [
      loopName(loop), ms(lag?.p99Ms), ms(lag?.maxMs), pct(loop.elu?.mean),
      int(b.count), b.count ? `${ms(b.totalMs)} (${pct(b.fraction)})` : '-', b.count ? ms(b.longestMs) : '-',
      loop.verdict?.status ?? '-',
    ],
    blocked: b.count > 0,
  };
}

/**
 * The loops other than the main thread that have blocks, for the per-loop blocks and call sites,
 * each with the report-shaped part (blocks, topSites) the block and call-site renderers read.
 * @param {Partial<Report>} report
 * @returns {{loop: LoopSection, part: Report}[]}
 */
export function otherLoopsWithBlocks(report) {
  return (multiLoops(report) ?? [])
    .filter((l) => l.kind !== 'main' && Array.isArray(l.blocks) && l.blocks.length > 0)
    .map((loop) => ({ loop, part: loopPart(loop) }));
}

/** A loop's blocks and call sites in the places of a report's. @param {LoopSection} loop */
export function loopPart(loop) {
  return /** @type {Report} */ (/** @type {unknown} */ ({ blocks: loop.blocks ?? [], topSites: loop.topSites ?? [] }));
}
