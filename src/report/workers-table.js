// The terminal table of cluster workers: one row per worker process. Empty string without workers,
// and when the report has `loops` (the loops table has a row per worker then).

import Table from 'cli-table3';
import { ms, pct, int } from './format.js';
import { multiLoops } from './loop-rows.js';

/** @typedef {import('../../types/report.js').Report} Report */

/** @param {Report} report @param {import('chalk').ChalkInstance} c */
export function renderWorkersTable(report, c) {
  const workers = report.workers ?? [];
  if (workers.length === 0 || multiLoops(report)) return '';
  const table = new Table({ head: ['cluster worker', 'lag p50', 'lag p99', 'lag max', 'ELU', 'blocks', 'blocked', 'longest'], style: { head: [], border: [] } });
  for (const w of workers) {
    const b = w.blocking;
    table.push([
      `pid ${w.pid}`, ms(w.lag.p50Ms), ms(w.lag.p99Ms), ms(w.lag.maxMs), pct(w.elu),
      b.count ? c.red(int(b.count)) : '0', b.count ? `${ms(b.totalMs)} (${pct(b.fraction)})` : '-', b.count ? c.red(ms(b.longestMs)) : '-',
    ]);
  }
  return `${table.toString()}\n(worker lag: the worst delay of each 100 ms window)\n`;
}
