// `run --baseline` for people: the regressions in words first, then the blocking call sites and
// the metrics beside the baseline's (rows shared by the terminal and summary.md), the rule that
// judged them and the settings that differ. Returns strings.

import Table from 'cli-table3';
import { unitValue, ms } from './format.js';
import { siteName } from '../analyze/site-diff.js';

/** @typedef {import('../analyze/baseline.js').BaselineResult} BaselineResult */

const MARKS = { regression: '▲ regression', improvement: '▼ better', 'within noise': 'within noise', changed: 'changed, not judged' };
const STATUS = { new: '▲ new', longer: '▲ longer', 'more often': '▲ more often', shrank: '▼ shorter', gone: '▼ gone', same: 'same' };
/** The sites' figures column: time held, blocks, the median block (on a CPU). */
export const SITE_HEAD = 'baseline: held · blocks · typical';
const JUDGED = { blocking: 'yes', named: 'yes (named)', 'noise test': 'yes (rank test)' };

/**
 * @param {BaselineResult} b
 * @returns {{label: string, baseline: string, value: string, change: string, judged: string, mark: string, regression: boolean}[]}
 */
export function baselineRows(b) {
  return b.metrics.map((m) => {
    const sign = m.delta === null ? '' : m.delta > 0 ? '+' : m.delta < 0 ? '-' : '';
    const change = m.delta === null ? '-' : `${sign}${unitValue(Math.abs(m.delta), m.unit)}${m.pct === null ? '' : ` (${m.pct > 0 ? '+' : ''}${m.pct}%)`}`;
    const p = m.p === null ? '' : ` p ${m.p}`;
    return {
      label: m.label, baseline: unitValue(m.baseline, m.unit), value: unitValue(m.value, m.unit), change,
      judged: m.judged ? JUDGED[m.judged] : 'shown', mark: `${m.mark ? MARKS[m.mark] : ''}${m.mark && p ? `,${p}` : ''}`, regression: m.mark === 'regression',
    };
  });
}

/**
 * A row per blocking call site of either side.
 * @param {BaselineResult} b
 * @returns {{status: string, site: string, baseline: string, value: string, change: string, regression: boolean}[]}
 */
export function siteRows(b) {
  const figures = (/** @type {import('../analyze/site-diff.js').SideFigures | null} */ f) => (f ? `${ms(f.heldMs)} · ${f.count} · ${ms(f.typicalMs)}` : '-');
  return b.sites.map((s) => ({
    status: STATUS[s.status], site: siteName(s), baseline: figures(s.baseline), value: figures(s.value),
    change: s.pct === null ? '-' : `${s.pct > 0 ? '+' : ''}${s.pct}%`, regression: s.regression,
  }));
}

/** What was judged and how, in a line. @param {BaselineResult} b */
export function baselineRule(b) {
  const runs = `${b.runs} baseline run${b.runs === 1 ? '' : 's'} against ${b.candidateRuns}`;
  const T = b.thresholdMs;
  const judged = `judged: blocking call sites new (${2 * T} ms held), blocking ${b.regressionPct}% and ${T / 2} ms longer, or twice as often; the longest block (${T} ms and ${b.regressionPct}% more, at least ${2 * T} ms) and the time blocked (${b.regressionPct}% more), on a CPU`;
  const noisy = b.noiseTest
    ? `; the other metrics too, where the rank test puts the change beyond the noise (p < ${b.alpha})`
    : `; the other metrics are shown${b.named.length ? ' (except those named)' : ''}: ${b.runs < 2 || b.candidateRuns < 2 ? 'one run a side' : 'this few runs'} cannot tell them from the noise (--repeat 5 on both sides can)`;
  return `baseline ${b.source} (${runs}): ${judged}${noisy}`;
}

/** @param {any} report @param {import('chalk').ChalkInstance} c */
export function renderBaselineTable(report, c) {
  const b = /** @type {BaselineResult | undefined} */ (report.baseline);
  if (!b) return '';
  const lines = [c.bold(regressionHeadline(b))];
  for (const r of b.regressions) lines.push(c.red(`  ▲ ${r.text}`));
  const sites = siteRows(b);
  if (sites.length) {
    const t = new Table({ head: ['blocking call site', 'status', SITE_HEAD, 'this run', 'change'], style: { head: [], border: [] } });
    for (const r of sites) t.push([r.regression ? c.red(r.site) : r.site, r.regression ? c.red.bold(r.status) : r.status, r.baseline, r.value, r.change]);
    lines.push(t.toString());
  }
  if (b.sitesNote) lines.push(c.yellow(`note: ${b.sitesNote}`));
  const table = new Table({ head: ['against the baseline', 'baseline', 'this run', 'change', 'judged', ''], style: { head: [], border: [] } });
  for (const r of baselineRows(b)) table.push([r.label, r.baseline, r.value, r.regression ? c.red(r.change) : r.change, r.judged, r.regression ? c.red.bold(r.mark) : r.mark]);
  lines.push(table.toString(), baselineRule(b));
  for (const line of b.settingsDiffer) lines.push(c.yellow(`warning: settings differ from the baseline: ${line}`));
  return lines.join('\n') + '\n';
}

/** "2 regression(s) against the baseline main/:" or "no regression against the baseline main/". @param {BaselineResult} b */
export function regressionHeadline(b) {
  const n = b.regressions.length;
  return n ? `${n} regression(s) against the baseline ${b.source}:` : `no regression against the baseline ${b.source}`;
}
