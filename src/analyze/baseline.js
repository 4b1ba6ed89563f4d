// `run --baseline`: this side's runs (one, or several with --repeat) judged against saved runs.
// What is stable is judged: blocking call sites that are new or grew (site-diff.js), the longest
// block and the time blocked, each past an absolute floor tied to the block threshold and the
// relative threshold. What a shared machine spreads run to run (latency tails and maxima,
// throughput, CPU, ...) is shown beside the baseline's and judged only when both sides have enough
// runs for the rank test to tell a change from the noise (Mann-Whitney U, p < alpha), or when the
// user names it (--baseline-metrics). Every regression comes with a sentence a reviewer can act
// on. Pure.

import { judgeMetrics, metricText } from './metric-judge.js';
import { diffSites } from './site-diff.js';
import { settingsDifferences } from './saved-settings.js';
import { testCanTell } from './noise.js';

const ALPHA = 0.05;

/**
 * @typedef {import('./metric-judge.js').BaselineMetric} BaselineMetric
 *
 * @typedef {{kind: 'site' | 'metric', metric: string, key: string, pct: number | null, text: string}} Regression
 *
 * @typedef {object} BaselineResult
 * @property {string} source the --baseline argument
 * @property {string[]} reports the baseline's report.json files
 * @property {number} runs how many baseline runs
 * @property {number} candidateRuns how many runs this side has
 * @property {number} regressionPct
 * @property {number} thresholdMs the block threshold the floors are tied to
 * @property {number} alpha
 * @property {boolean} noiseTest whether both sides have the runs for the rank test to tell
 * @property {string[]} named metrics judged because the user named them
 * @property {BaselineMetric[]} metrics
 * @property {import('./site-diff.js').SiteChange[]} sites
 * @property {string | null} sitesNote why sites are not judged, when they are not
 * @property {Regression[]} regressions sites first, then metrics
 * @property {string[]} settingsDiffer settings that differ from the baseline's, one line each
 */

/**
 * @param {any[] | any} runs this side's reports (the run just measured, or each run of --repeat)
 * @param {import('../commands/shared/saved-runs.js').Side} baseline
 * @param {{regressionPct: number, metrics?: string[], cwd?: string}} options metrics: keys judged by name;
 *   cwd: where paths are shown relative to
 * @returns {BaselineResult}
 */
export function judgeAgainstBaseline(runs, baseline, options) {
  if (!Array.isArray(runs)) runs = [runs]; // one run: the report itself
  const baseRuns = baseline.runs.map((r) => r.report);
  const thresholdMs = Number(runs[0]?.run?.thresholdMs) || 50;
  const named = options.metrics ?? [];
  const noiseTest = testCanTell(baseRuns.length, runs.length, ALPHA);
  const metrics = judgeMetrics(baseRuns, runs, { thresholdMs, named, noiseTest, regressionPct: options.regressionPct, alpha: ALPHA });
  const siteDiff = diffSites(baseRuns, runs, { regressionPct: options.regressionPct, thresholdMs, alpha: ALPHA, cwd: options.cwd ?? process.cwd() });
  /** @type {Regression[]} */
  const regressions = [
    ...siteDiff.sites.filter((s) => s.regression).map((s) => ({ kind: /** @type {const} */ ('site'), metric: 'blocking call site', key: 'sites', pct: s.pct, text: s.text })),
    ...metrics.filter((m) => m.mark === 'regression').map((m) => ({ kind: /** @type {const} */ ('metric'), metric: m.label, key: m.key, pct: m.pct, text: metricText(m, baseRuns.length, runs.length) })),
  ];
  const { differences } = settingsDifferences([{ label: baseline.label, runs: baseline.runs }, { label: 'this run', runs: runs.map((/** @type {any} */ report) => ({ report })) }]);
  return {
    source: baseline.label,
    reports: baseline.runs.map((r) => r.path),
    runs: baseRuns.length,
    candidateRuns: runs.length,
    regressionPct: options.regressionPct,
    thresholdMs,
    alpha: ALPHA,
    noiseTest,
    named,
    metrics,
    sites: siteDiff.sites,
    sitesNote: siteDiff.note,
    regressions,
    settingsDiffer: differences.map((d) => `${d.label}: ${shown(d.values[0])} in the baseline, ${shown(d.values[1])} in this run`),
  };
}

/** A setting's values on one side (several when its runs differ). @param {string[]} values */
const shown = (values) => (values.length ? values.join(' / ') : 'unknown');

/** One line per regression, for the terminal and the exit message. @param {BaselineResult} b */
export function describeRegressions(b) {
  return b.regressions.map((r) => r.text);
}
