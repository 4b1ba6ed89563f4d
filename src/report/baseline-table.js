// `run --baseline` for people: a row per metric (baseline, this run, change, mark) shared by the
// terminal table and summary.md, and the settings that differ. Returns strings.

import Table from 'cli-table3';
import { unitValue } from './format.js';

/** @typedef {import('../analyze/baseline.js').BaselineResult} BaselineResult */

const MARKS = { regression: '▲ regression', improvement: '▼ better', 'within noise': 'within noise', changed: 'changed' };

/**
 * @param {BaselineResult} b
 * @returns {{label: string, baseline: string, value: string, change: string, mark: string, regression: boolean}[]}
 */
export function baselineRows(b) {
  return b.metrics.map((m) => {
    const sign = m.delta === null ? '' : m.delta > 0 ? '+' : m.delta < 0 ? '-' : '';
    const change = m.delta === null ? '-' : `${sign}${unitValue(Math.abs(m.delta), m.unit)}${m.pct === null ? '' : ` (${m.pct > 0 ? '+' : ''}${m.pct}%)`}`;
    return {
      label: m.label, baseline: unitValue(m.baseline, m.unit), value: unitValue(m.value, m.unit), change,
      mark: m.mark ? MARKS[m.mark] : '', regression: m.mark === 'regression',
    };
  });
}

/** The line under the table: the rule, and how much a single run can say. @param {BaselineResult} b */
export function baselineRule(b) {
  const noise = b.runs >= 2 ? '' : '; one run on each side cannot be told from noise (repeat the baseline runs, or keep the threshold wide)';
  return `baseline ${b.source} (${b.runs} run${b.runs === 1 ? '' : 's'}): a metric worse by at least ${b.regressionPct}% is a regression${noise}`;
}

/** @param {any} report @param {import('chalk').ChalkInstance} c */
export function renderBaselineTable(report, c) {
  const b = /** @type {BaselineResult | undefined} */ (report.baseline);
  if (!b) return '';
  const table = new Table({ head: ['against the baseline', 'baseline', 'this run', 'change', ''], style: { head: [], border: [] } });
  for (const r of baselineRows(b)) table.push([r.label, r.baseline, r.value, r.regression ? c.red(r.change) : r.change, r.regression ? c.red.bold(r.mark) : r.mark]);
  const n = b.regressions.length;
  const lines = [table.toString(), baselineRule(b)];
  for (const line of b.settingsDiffer) lines.push(c.yellow(`warning: settings differ from the baseline: ${line}`));
  lines.push(n ? c.red.bold(`${n} regression(s) against the baseline: ${b.regressions.map((r) => `${r.metric}${r.pct === null ? '' : ` ${r.pct > 0 ? '+' : ''}${r.pct}%`}`).join(', ')}`) : 'no regression against the baseline');
  return lines.join('\n') + '\n';
}
