// The baseline gate's metrics (gate-metrics.js), each side's median beside the other's, and the
// mark each gets. The blocking ones are judged by default past their floors (time blocked also per
// request served: gate-metrics.js says why); the noisy ones only
// when named, or when both sides have the runs for the rank test to tell, and then only beyond
// the noise: every noisy metric is one more chance of a false alarm, so their p-values are held
// to Holm's step-down correction (the smallest against alpha/m, the next against alpha/(m-1), ...).
// Pure.

import { GATE_METRICS } from './gate-metrics.js';
import { mannWhitneyU } from './mann-whitney.js';
import { median } from './scenario-rows.js';
import { ms, valueText, signedPct } from './gate-words.js';

/**
 * @typedef {object} BaselineMetric
 * @property {string} key report.json path of the metric (blocks.* and cpu.msPerRequest: computed from the report)
 * @property {string} label
 * @property {string} unit
 * @property {'lower' | 'higher'} better
 * @property {number | null} baseline median of the baseline runs
 * @property {number | null} value median of this side's runs
 * @property {number | null} delta value - baseline
 * @property {number | null} pct delta in percent of the baseline
 * @property {number | null} p Mann-Whitney p-value (null unless both sides have the runs to tell)
 * @property {boolean | null} beyondNoise for a metric judged by the test: after Holm's correction
 * @property {'blocking' | 'named' | 'noise test' | null} judged why it is judged (null: shown only)
 * @property {'regression' | 'improvement' | 'changed' | 'within noise' | null} mark `changed`:
 *   worse by the threshold, but not judged
 */

/**
 * @param {any[]} baseRuns @param {any[]} runs
 * @param {{thresholdMs: number, named: string[], noiseTest: boolean, regressionPct: number, alpha: number}} o
 * @returns {BaselineMetric[]}
 */
export function judgeMetrics(baseRuns, runs, o) {
  const T = o.thresholdMs;
  const windowMs = median(runs.map((r) => Number(r.run?.durationMs) || 0));
  const rows = GATE_METRICS.flatMap((m) => {
    const a = /** @type {number[]} */ (baseRuns.map(m.value).filter((v) => v !== null));
    const b = /** @type {number[]} */ (runs.map(m.value).filter((v) => v !== null));
    if (!a.length && !b.length) return [];
    /** @type {BaselineMetric['judged']} */
    const judged = m.blocking ? 'blocking' : o.named.includes(m.key) ? 'named' : o.noiseTest ? 'noise test' : null;
    const va = a.length ? median(a) : null;
    const vb = b.length ? median(b) : null;
    const delta = va === null || vb === null ? null : vb - va;
    const pct = delta === null || !va ? null : Math.round((delta / Math.abs(/** @type {number} */ (va))) * 1000) / 10;
    const p = o.noiseTest && delta !== null ? mannWhitneyU(a, b).p : null;
    const floor = m.key === 'blocks.longestOnCpuMs' ? T : m.key === 'blocks.blockedOnCpu' ? Math.max(m.floor, (2 * T) / Math.max(windowMs, 1)) : m.floor;
    return [{ m, judged, va, vb, delta, pct, p, floor, confirmed: confirmed(m, baseRuns, runs, o.regressionPct) }];
  });
  const holm = holmPasses(rows.filter((r) => r.judged === 'noise test' && r.p !== null).map((r) => ({ key: r.m.key, p: /** @type {number} */ (r.p) })), o.alpha);
  return rows.map(({ m, judged, va, vb, delta, pct, p, floor, confirmed: also }) => {
    const beyondNoise = p === null ? null : judged === 'noise test' ? holm.has(m.key) : p < o.alpha;
    const base = { key: m.key, label: m.label, unit: m.unit, better: m.better, baseline: va, value: vb, judged, delta: delta === null ? null : Math.round(delta * 1000) / 1000, pct, p: p === null ? null : Math.round(p * 10000) / 10000, beyondNoise };
    if (delta === null) return { ...base, mark: null };
    const large = Math.abs(delta) >= floor && (pct === null || Math.abs(pct) >= o.regressionPct);
    const worse = m.better === 'lower' ? delta > 0 : delta < 0;
    /** @type {BaselineMetric['mark']} */
    let mark = null;
    if (large && beyondNoise === false) mark = 'within noise';
    else if (large && !worse) mark = 'improvement';
    else if (large && judged && also && (m.key !== 'blocks.longestOnCpuMs' || /** @type {number} */ (vb) >= 2 * T)) mark = 'regression';
    else if (large) mark = 'changed';
    return { ...base, mark };
  });
}

/**
 * Whether the metric's second figure (if it has one) grew by the threshold too; true when it has
 * none, or when either side lacks it.
 * @param {import('./gate-metrics.js').GateMetric} m @param {any[]} baseRuns @param {any[]} runs @param {number} regressionPct
 */
function confirmed(m, baseRuns, runs, regressionPct) {
  if (!m.confirm) return true;
  const a = /** @type {number[]} */ (baseRuns.map(m.confirm).filter((v) => v !== null));
  const b = /** @type {number[]} */ (runs.map(m.confirm).filter((v) => v !== null));
  if (!a.length || !b.length) return true;
  const va = median(a);
  return va === 0 ? median(b) > 0 : ((median(b) - va) / va) * 100 >= regressionPct;
}

/**
 * Holm's step-down procedure: the keys whose p-value stays below alpha/(m - i), smallest first.
 * @param {{key: string, p: number}[]} tests @param {number} alpha @returns {Set<string>}
 */
export function holmPasses(tests, alpha) {
  const sorted = [...tests].sort((a, b) => a.p - b.p);
  const passed = new Set();
  for (let i = 0; i < sorted.length; i++) {
    if (!(sorted[i].p < alpha / (sorted.length - i))) break;
    passed.add(sorted[i].key);
  }
  return passed;
}

/**
 * "probe p99 48 ms, was 30 ms in the baseline (+60%); beyond the noise: p 0.008, 5 runs against 5".
 * @param {BaselineMetric} m @param {number} baseRuns @param {number} runs
 */
export function metricText(m, baseRuns, runs) {
  const value = (/** @type {number | null} */ v) => valueText(v, m.unit);
  const change = m.pct === null ? `+${value(m.delta)}` : signedPct(m.pct);
  const what = m.key === 'blocks.longestOnCpuMs' ? `longest block ${ms(m.value ?? 0)} on a CPU`
    : m.key === 'blocks.blockedOnCpu' ? `loop blocked ${value(m.value)} of the time`
      : `${m.label} ${value(m.value)}`;
  const why = m.judged === 'noise test' ? `; beyond the noise: p ${m.p}, ${runs} runs against ${baseRuns}`
    : m.judged === 'named' ? '; judged because it was named' : '';
  const before = m.key === 'blocks.longestOnCpuMs' && m.baseline === 0 ? 'there was no block in the baseline' : `was ${value(m.baseline)} in the baseline (${change})`;
  return `${what}, ${before}${why}`;
}
