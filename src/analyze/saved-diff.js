// Saved runs side by side: the first side is the baseline, every metric's median per side, the
// change against the baseline, and with repeated runs on both sides whether it is beyond the
// noise (Mann-Whitney U, p < 0.05); what each side was measured with, and a warning when the
// settings differ. As `run --baseline` judges: the blocking metrics are regressions past their
// threshold; what a shared machine spreads run to run (latency, throughput, CPU, GC, memory) only
// beyond the noise, so single runs mark such a change `changed` and never fail the gate (two runs of
// the same code read probe p50 +46% and req/s -26% on a busy machine). Pure.

import { mannWhitneyU } from './mann-whitney.js';
import { median } from './scenario-rows.js';
import { savedSettings, settingsDifferences } from './saved-settings.js';

/**
 * @typedef {{key: string, label: string, unit: string, better: 'lower' | 'higher' | null, floor: number, blocking?: boolean}} Metric
 * @typedef {ReturnType<typeof diffSides>} SavedComparison compare.json of saved runs
 */

/** @type {Metric[]} */
export const METRICS = [
  { key: 'lag.p99Ms', label: 'lag p99', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'lag.maxMs', label: 'lag max', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'http.probe.p50Ms', label: 'probe p50', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'http.probe.p99Ms', label: 'probe p99', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'http.probe.maxMs', label: 'probe max', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'http.load.rps', label: 'load req/s', unit: '', better: 'higher', floor: 1 },
  { key: 'http.load.p99Ms', label: 'load p99', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'work.roundsPerSec', label: 'work rounds/s', unit: '', better: 'higher', floor: 1 },
  { key: 'blocking.count', label: 'blocks', unit: '', better: 'lower', floor: 1, blocking: true },
  { key: 'blocking.longestMs', label: 'longest block', unit: 'ms', better: 'lower', floor: 1, blocking: true },
  { key: 'blocking.fraction', label: 'time blocked', unit: 'fraction', better: 'lower', floor: 0.01, blocking: true },
  { key: 'elu.mean', label: 'ELU mean', unit: 'fraction', better: null, floor: 0.01 },
  { key: 'cpu.percent', label: 'CPU', unit: '%', better: null, floor: 1 },
  { key: 'gc.totalMs', label: 'GC time', unit: 'ms', better: 'lower', floor: 1 },
  { key: 'memory.rssMaxMb', label: 'RSS max', unit: 'MB', better: 'lower', floor: 1 },
];

const ALPHA = 0.05;

/** @param {unknown} report @param {string} key @returns {number | null} */
export function metricValue(report, key) {
  let v = /** @type {any} */ (report);
  for (const part of key.split('.')) v = v == null ? undefined : v[part];
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

/**
 * @param {{label: string, runs: {path: string, report: Partial<import('../../types/report.js').Report>}[]}[]} sides
 * @param {{regressionPct: number}} options
 */
export function diffSides(sides, options) {
  const [base, ...others] = sides;
  const metrics = [];
  for (const metric of METRICS) {
    const samples = sides.map((side) => side.runs.map((r) => metricValue(r.report, metric.key)).filter((v) => v !== null));
    if (samples.every((s) => s.length === 0)) continue;
    const values = samples.map((s) => (s.length ? median(s) : null));
    const baseValues = samples[0];
    const deltas = others.map((side, i) => compareOne(metric, baseValues, samples[i + 1], values[0], values[i + 1], options.regressionPct, side.label));
    metrics.push({ key: metric.key, label: metric.label, unit: metric.unit, better: metric.better, values, deltas });
  }
  const regressions = metrics.flatMap((m) => m.deltas.filter((d) => d.mark === 'regression').map((d) => ({ metric: m.label, side: d.side, pct: d.pct })));
  const { differences, warning } = settingsDifferences(sides);
  return {
    schemaVersion: 1,
    kind: /** @type {const} */ ('saved'),
    baseline: base.label,
    regressionPct: options.regressionPct,
    alpha: ALPHA,
    sides: sides.map((s) => ({ label: s.label, n: s.runs.length, reports: s.runs.map((r) => r.path), settings: savedSettings(s.runs[0]?.report ?? {}) })),
    metrics,
    regressions,
    settingsDiffer: differences,
    warnings: warning ? [warning] : [],
  };
}

/**
 * @param {Metric} metric @param {number[]} a @param {number[]} b
 * @param {number | null} va @param {number | null} vb @param {number} regressionPct @param {string} side
 */
function compareOne(metric, a, b, va, vb, regressionPct, side) {
  if (va === null || vb === null) return { side, delta: null, pct: null, p: null, beyondNoise: null, mark: null };
  const delta = vb - va;
  const pct = va !== 0 ? (delta / Math.abs(va)) * 100 : null;
  const test = a.length >= 2 && b.length >= 2 ? mannWhitneyU(a, b) : null;
  const beyondNoise = test ? test.p < ALPHA : null;
  const large = Math.abs(delta) >= metric.floor && (pct === null || Math.abs(pct) >= regressionPct);
  const worse = metric.better === 'lower' ? delta > 0 : metric.better === 'higher' ? delta < 0 : false;
  /** @type {'regression' | 'improvement' | 'changed' | 'within noise' | null} */
  let mark = null;
  if (large && beyondNoise === false) mark = 'within noise';
  else if (large && !metric.blocking && beyondNoise !== true) mark = 'changed';
  else if (large) mark = metric.better === null ? 'changed' : worse ? 'regression' : 'improvement';
  return {
    side, delta: round(delta), pct: pct === null ? null : Math.round(pct * 10) / 10,
    p: test ? Math.round(test.p * 10000) / 10000 : null, beyondNoise, mark,
  };
}

/** @param {number} v */
const round = (v) => Math.round(v * 1000) / 1000;
