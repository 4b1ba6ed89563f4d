// `run --repeat`: the runs side by side (terminal table, summary.md) and junit.xml for the whole,
// rendered from repeat.json. Each run keeps its own report folder and files. Returns strings.

import Table from 'cli-table3';
import { ms, int } from './format.js';
import { cell, mdTable, baselineLead, baselineSection } from './markdown.js';
import { renderBaselineTable } from './baseline-table.js';
import { junitXml, baselineCases } from './junit.js';

/**
 * @typedef {ReturnType<typeof import('../analyze/repeat-summary.js').repeatSummary> & {app: string,
 *   baseline: import('../analyze/baseline.js').BaselineResult | null}} RepeatJson
 */

const HEAD = ['run', 'verdict', 'lag p99', 'probe p99', 'load req/s', 'blocks', 'longest'];

/** @param {RepeatJson} s @returns {string[][]} */
function rows(s) {
  const n = (/** @type {number | null} */ v) => (v === null ? '-' : int(v));
  const row = (/** @type {string} */ name, /** @type {string} */ verdict, /** @type {any} */ r) => [name, verdict, ms(r.lagP99Ms), ms(r.probeP99Ms), n(r.loadRps), n(r.blocks), r.blocks ? ms(r.longestMs) : '-'];
  return [...s.runs.map((r) => row(r.dir, r.verdict ?? '-', r)), row('median', s.verdict ?? '-', s.medians)];
}

/** The headline: how many runs, and the median run's verdict. @param {RepeatJson} s */
function headline(s) {
  const cut = s.runs.length < s.planned ? ` (${s.runs.length} of ${s.planned} planned)` : '';
  return `${s.runs.length} runs of ${s.app}${cut}: ${s.verdict ?? 'no verdict'} in the median run`;
}

/** @param {RepeatJson} s */
function budgetLines(s) {
  return s.budgets.map((b) => `${b.ok ? 'ok' : 'failed'}: ${b.expr} breached in ${b.breached} of ${b.runs} runs`);
}

/** @param {RepeatJson} s @param {import('chalk').ChalkInstance} c */
export function renderRepeatTable(s, c) {
  const table = new Table({ head: HEAD, style: { head: [], border: [] } });
  for (const r of rows(s)) table.push(r);
  const lines = [c.bold(headline(s)), table.toString()];
  for (const line of budgetLines(s)) lines.push(line.startsWith('failed') ? c.red(line) : line);
  return `${lines.join('\n')}\n${s.baseline ? renderBaselineTable({ baseline: s.baseline }, c) : ''}`;
}

/** @param {RepeatJson} s */
export function renderRepeatMarkdown(s) {
  const out = [`## eventloop-probe: ${cell(headline(s))}`, '', ...baselineLead(s.baseline ?? undefined)];
  out.push(mdTable(HEAD, rows(s)), '', 'Each run has its own report folder (`run-1/report.html` ...); `repeat.json` holds this table.', '');
  const budgets = budgetLines(s);
  if (budgets.length) out.push('### Budgets (a budget fails when more than half of the runs breach it)', '', ...budgets.map((l) => `- ${l}`), '');
  out.push(...baselineSection(s.baseline ?? undefined));
  return out.join('\n');
}

/** One test case per budget across the runs (or per run's verdict without budgets), then the baseline's. @param {RepeatJson} s */
export function renderRepeatJunit(s) {
  /** @type {import('./junit.js').JunitCase[]} */
  const cases = s.budgets.length
    ? s.budgets.map((b) => ({ name: b.expr, kind: 'budget', out: `breached in ${b.breached} of ${b.runs} runs`, failure: b.ok ? null : { message: `${b.expr} breached in ${b.breached} of ${b.runs} runs`, body: 'a budget fails when more than half of the runs breach it' } }))
    : s.runs.map((r) => ({ name: `${r.dir}: verdict`, kind: 'verdict', out: String(r.verdict), failure: r.verdict === 'blocked' ? { message: `event loop blocked in ${r.dir}`, body: `see ${r.dir}/report.json` } : null }));
  cases.push(...baselineCases(s.baseline ?? undefined));
  return junitXml(`eventloop-probe ${s.app} x${s.runs.length}`, cases, { properties: { verdict: String(s.verdict ?? '') } });
}
