// `run --baseline`: this run judged against saved runs with compare's rule (saved-diff.js: the
// change of each metric's median, a regression when it is worse by at least the threshold and,
// with repeated runs on both sides, beyond the noise), plus the settings that differ (compare's
// check of saved runs, saved-settings.js). Pure.

import { diffSides } from './saved-diff.js';

/**
 * @typedef {object} BaselineMetric
 * @property {string} key report.json path of the metric
 * @property {string} label
 * @property {string} unit
 * @property {'lower' | 'higher' | null} better
 * @property {number | null} baseline median of the baseline runs
 * @property {number | null} value this run
 * @property {number | null} delta value - baseline
 * @property {number | null} pct delta in percent of the baseline
 * @property {number | null} p Mann-Whitney p-value (null unless both sides have repeated runs)
 * @property {boolean | null} beyondNoise
 * @property {'regression' | 'improvement' | 'changed' | 'within noise' | null} mark
 *
 * @typedef {object} BaselineResult
 * @property {string} source the --baseline argument
 * @property {string[]} reports the baseline's report.json files
 * @property {number} runs how many baseline runs
 * @property {number} regressionPct
 * @property {number} alpha
 * @property {BaselineMetric[]} metrics
 * @property {{metric: string, key: string, pct: number | null}[]} regressions
 * @property {string[]} settingsDiffer settings that differ from the baseline's, one line each
 */

/**
 * @param {any} report this run
 * @param {import('../commands/compare-saved.js').Side} baseline
 * @param {{regressionPct: number}} options
 * @returns {BaselineResult}
 */
export function judgeAgainstBaseline(report, baseline, options) {
  const diff = diffSides([baseline, { label: 'this run', runs: [{ path: 'report.json', report }] }], options);
  const metrics = diff.metrics.map((m) => {
    const d = m.deltas[0];
    return {
      key: m.key, label: m.label, unit: m.unit, better: m.better, baseline: m.values[0], value: m.values[1],
      delta: d.delta, pct: d.pct, p: d.p, beyondNoise: d.beyondNoise, mark: d.mark,
    };
  });
  return {
    source: baseline.label,
    reports: baseline.runs.map((r) => r.path),
    runs: baseline.runs.length,
    regressionPct: options.regressionPct,
    alpha: diff.alpha,
    metrics,
    regressions: metrics.filter((m) => m.mark === 'regression').map((m) => ({ metric: m.label, key: m.key, pct: m.pct })),
    settingsDiffer: diff.settingsDiffer.map((d) => `${d.label}: ${shown(d.values[0])} in the baseline, ${shown(d.values[1])} in this run`),
  };
}

/** A setting's values on one side (several when its runs differ). @param {string[]} values */
const shown = (values) => (values.length ? values.join(' / ') : 'unknown');

/** One line per regression, for the terminal and the exit message. @param {BaselineResult} b */
export function describeRegressions(b) {
  return b.regressions.map((r) => `${r.metric}: ${r.pct === null ? 'worse' : `${r.pct > 0 ? '+' : ''}${r.pct}%`} against the baseline (threshold ${b.regressionPct}%)`);
}
