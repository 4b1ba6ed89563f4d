// The Blocks table (when, how long, cause, the culprit and the app line that called it) and the
// call sites that blocked the loop longest, with the advice. The blame is the analysis' (the
// culprit's label): nothing is decided here. Returns strings; empty when there is nothing to show.

import Table from 'cli-table3';
import { ms, culpritText } from './format.js';
import { siteOf } from '../analyze/frames.js';

/** @typedef {import('../../types/report.js').Report} Report */

const MAX_ROWS = 15;

/** @param {string[]} head */
function table(head) {
  return new Table({ head, style: { head: [], border: [] } });
}

/** @param {{url: string, line: number} | undefined} f @param {string} cwd */
const site = (f, cwd) => (f && f.url ? siteOf(f, cwd) : '-');

/**
 * @param {Report} report the report, or one loop's part of it (blocks, topSites)
 * @param {import('chalk').ChalkInstance} c @param {string} cwd @param {number} [maxRows] longest blocks shown
 * @returns {string[]}
 */
export function renderBlocks(report, c, cwd, maxRows = MAX_ROWS) {
  const blocks = report.blocks ?? [];
  if (!blocks.length || !blocks.some((b) => b.stack || b.cause)) return [];
  const out = [];
  const longest = [...blocks].sort((a, b) => b.durationMs - a.durationMs).slice(0, maxRows);
  const shown = blocks.filter((b) => longest.includes(b));
  const requests = shown.some((b) => b.requests?.label);
  const t = table(['block at', 'duration', 'cause', 'phase', 'GC', 'culprit ← called at', ...(requests ? ['request'] : [])]);
  for (const b of shown) {
    t.push([
      ms(b.startMs), c.red(ms(b.durationMs) + (b.ongoing ? ' (ongoing)' : '')), b.cause ?? '-', b.phase ?? '-',
      typeof b.gcShare === 'number' && b.gcShare > 0 ? `${Math.round(b.gcShare * 100)}%` : '-',
      culpritText(b), ...(requests ? [b.requests?.label ?? '-'] : []),
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
    const key = `${b.fix ?? b.cause}\0${site(b.culprit ?? undefined, cwd)}`;
    if (b.advice && b.cause && !byKind.has(key)) byKind.set(key, b.advice);
  }
  for (const line of [...byKind.values()].slice(0, 3)) out.push(c.cyan(`advice: ${line}`));
  return out;
}
