// The Blocks table (when, how long, phase, the app frame that was running) and the call sites
// that blocked the loop longest. Returns strings; empty when there is nothing to show.

import Table from 'cli-table3';
import { ms } from './format.js';
import { siteOf } from '../analyze/frames.js';
import { topFrame } from '../analyze/attribution.js';

/** @typedef {import('../../types/report.js').Report} Report */

const MAX_ROWS = 15;

/** @param {string[]} head */
function table(head) {
  return new Table({ head, style: { head: [], border: [] } });
}

/** @param {{url: string, line: number} | undefined} f @param {string} cwd */
const site = (f, cwd) => (f && f.url ? siteOf(f, cwd) : '-');

/** The frame a block is blamed on (the app's innermost, as in the report). @param {import('../analyze/frames.js').Frame[]} stack */
const blamed = (stack) => topFrame(stack) ?? stack[0];

/**
 * @param {Report} report @param {import('chalk').ChalkInstance} c @param {string} cwd
 * @returns {string[]}
 */
export function renderBlocks(report, c, cwd) {
  const blocks = report.blocks ?? [];
  if (!blocks.length || !blocks.some((b) => b.stack || b.cause)) return [];
  const out = [];
  const longest = [...blocks].sort((a, b) => b.durationMs - a.durationMs).slice(0, MAX_ROWS);
  const shown = blocks.filter((b) => longest.includes(b));
  const t = table(['block at', 'duration', 'cause', 'phase', 'running (app frame)']);
  for (const b of shown) {
    const f = b.stack?.length ? blamed(b.stack) : undefined;
    t.push([
      ms(b.startMs), c.red(ms(b.durationMs) + (b.ongoing ? ' (ongoing)' : '')), b.cause ?? '-', b.phase ?? '-',
      f ? `${f.functionName} ${site(f, cwd)}` : '-',
    ]);
  }
  out.push(t.toString() + (blocks.length > shown.length ? `\n(${blocks.length - shown.length} shorter blocks not shown; all are in report.json)` : ''));
  const sites = (report.topSites ?? []).slice(0, 5);
  if (sites.length) {
    const s = table(['top blocking call sites', 'blocked', 'blocks']);
    for (const x of sites) s.push([`${x.functionName} ${site(x, cwd)}`, ms(x.blockedMs), String(x.count)]);
    out.push(s.toString());
  }
  // One line per kind of block and place: the longest block of each says it.
  const byKind = new Map();
  for (const b of longest) {
    const key = `${b.cause}\0${site(b.stack?.length ? blamed(b.stack) : undefined, cwd)}`;
    if (b.advice && b.cause && !byKind.has(key)) byKind.set(key, b.advice);
  }
  for (const line of [...byKind.values()].slice(0, 3)) out.push(c.cyan(`advice: ${line}`));
  return out;
}
