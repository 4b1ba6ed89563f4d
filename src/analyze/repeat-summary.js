// What N runs of `run --repeat` say together: each run's verdict and main figures, the verdict of
// the median run (ties go to the worse), and each budget across the runs: it fails when more than
// half of the runs breached it (one run that a busy machine slowed does not decide). Pure.

import { median } from './scenario-rows.js';

const SEVERITY = ['responsive', 'saturated', 'degraded', 'blocked'];

/**
 * @typedef {{dir: string, exitCode: number, verdict: string | null, lagP99Ms: number | null, probeP99Ms: number | null,
 *   loadRps: number | null, blocks: number | null, longestMs: number | null}} RepeatRun
 * @typedef {{expr: string, breached: number, runs: number, ok: boolean}} RepeatBudget
 */

/**
 * @param {{dir: string, exitCode: number, report: any}[]} done the runs, in order
 * @param {number} planned --repeat
 * @returns {{planned: number, runs: RepeatRun[], verdict: string | null, medians: Omit<RepeatRun, 'dir' | 'exitCode' | 'verdict'>, budgets: RepeatBudget[]}}
 */
export function repeatSummary(done, planned) {
  const runs = done.map((d) => ({
    dir: d.dir, exitCode: d.exitCode, verdict: d.report?.verdict?.status ?? null,
    lagP99Ms: num(d.report?.lag?.p99Ms), probeP99Ms: num(d.report?.http?.probe?.p99Ms), loadRps: num(d.report?.http?.load?.rps),
    blocks: num(d.report?.blocking?.count), longestMs: num(d.report?.blocking?.longestMs),
  }));
  const of = (/** @type {keyof RepeatRun} */ key) => {
    const values = runs.map((r) => r[key]).filter((v) => typeof v === 'number');
    return values.length ? Math.round(median(/** @type {number[]} */ (values)) * 100) / 100 : null;
  };
  /** @type {Map<string, RepeatBudget>} */
  const budgets = new Map();
  for (const d of done) {
    for (const b of d.report?.budgets ?? []) {
      const entry = budgets.get(b.expr) ?? { expr: b.expr, breached: 0, runs: 0, ok: true };
      entry.runs += 1;
      if (!b.ok) entry.breached += 1;
      entry.ok = entry.breached * 2 <= entry.runs;
      budgets.set(b.expr, entry);
    }
  }
  return {
    planned, runs, verdict: medianVerdict(runs.map((r) => r.verdict)),
    medians: { lagP99Ms: of('lagP99Ms'), probeP99Ms: of('probeP99Ms'), loadRps: of('loadRps'), blocks: of('blocks'), longestMs: of('longestMs') },
    budgets: [...budgets.values()],
  };
}

/** The median run's verdict, the worse of the two middle ones for an even count. @param {(string | null)[]} verdicts */
function medianVerdict(verdicts) {
  const known = verdicts.filter((v) => v !== null).sort((a, b) => SEVERITY.indexOf(String(a)) - SEVERITY.indexOf(String(b)));
  return known.length ? known[Math.floor(known.length / 2)] : null;
}

/** @param {unknown} v */
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
