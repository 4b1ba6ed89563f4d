// The scenario comparison: one row per scenario from its runs' reports (medians when repeated),
// the best responsive-and-fast row and the recommendation. Pure.

/**
 * @typedef {object} ScenarioRuns
 * @property {{name: string, description: string, expected: string, advice: string}} scenario
 * @property {{report: import('../../types/report.js').Report, path: string}[]} runs report.json of each run and its path relative to the compare folder
 *
 * @typedef {object} ScenarioRow
 * @property {string} name
 * @property {string} description
 * @property {string} expected
 * @property {'blocks' | 'responsive'} verdict blocks: blocks covered at least BLOCKS_FRACTION of the window (median over the runs)
 * @property {string[]} status the run verdict of each run (responsive / degraded / blocked)
 * @property {number} throughput rounds per second (median)
 * @property {{min: number, max: number}} throughputSpread
 * @property {number | null} throughputRatio to sync, when sync was compared
 * @property {{percent: number}} cpu
 * @property {{p99Ms: number, maxMs: number}} lag
 * @property {{probe: {p50Ms: number | null, p99Ms: number | null, maxMs: number | null}}} http
 * @property {{count: number, longestMs: number, fraction: number}} blocks count, longest, share of the window blocked (medians)
 * @property {string | null} phase most frequent block phase (or cause) when the reports have it
 * @property {string} advice
 * @property {string | null} blockAdvice the advice of the run's longest block (its stack's cause and site)
 * @property {string} report
 * @property {string[]} reports
 */

/** @param {number[]} values */
export function median(values) {
  const v = values.filter((x) => Number.isFinite(x)).sort((a, b) => a - b);
  if (!v.length) return 0;
  const mid = Math.floor(v.length / 2);
  return v.length % 2 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
}

/** @param {(string | null | undefined)[]} values */
function mostFrequent(values) {
  /** @type {Map<string, number>} */
  const counts = new Map();
  for (const v of values) if (v) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best = null;
  let bestCount = 0;
  for (const [v, n] of counts) if (n > bestCount) [best, bestCount] = [v, n];
  return best;
}

/** @param {number} v */
const r1 = (v) => Math.round(v * 10) / 10;

// A scenario blocks the loop when its blocks cover at least this share of the measured window:
// its jobs run back to back, so a pattern that holds the loop holds it nearly all the time (90%+
// here), while a responsive one only loses the odd moment when a shared machine does not run it.
export const BLOCKS_FRACTION = 0.5;

/** @param {{blocking?: {fraction: number}}} report */
export function blocksLoop(report) {
  return (report.blocking?.fraction ?? 0) >= BLOCKS_FRACTION;
}

/** @param {ScenarioRuns} entry @returns {ScenarioRow} */
export function scenarioRow(entry) {
  const reports = entry.runs.map((r) => r.report);
  /** @param {(r: import('../../types/report.js').Report) => number | null | undefined} get */
  const med = (get) => r1(median(reports.map((r) => get(r) ?? NaN)));
  const throughputs = reports.map((r) => r.work?.roundsPerSec ?? 0);
  const status = reports.map((r) => r.verdict?.status ?? 'failed');
  const blocks = reports.flatMap((r) => r.blocks ?? []);
  const probeOf = (/** @type {import('../../types/report.js').Report} */ r) => r.http?.probe ?? null;
  const hasProbe = reports.some((r) => probeOf(r));
  return {
    name: entry.scenario.name,
    description: entry.scenario.description,
    expected: entry.scenario.expected,
    verdict: blocksLoop({ blocking: { fraction: median(reports.map((r) => r.blocking?.fraction ?? 0)) } }) ? 'blocks' : 'responsive',
    status,
    throughput: r1(median(throughputs)),
    throughputSpread: { min: Math.min(...throughputs), max: Math.max(...throughputs) },
    throughputRatio: null,
    cpu: { percent: med((r) => r.cpu.percent) },
    lag: { p99Ms: med((r) => r.lag.p99Ms), maxMs: med((r) => r.lag.maxMs) },
    http: {
      probe: {
        p50Ms: hasProbe ? med((r) => probeOf(r)?.p50Ms) : null,
        p99Ms: hasProbe ? med((r) => probeOf(r)?.p99Ms) : null,
        maxMs: hasProbe ? med((r) => probeOf(r)?.maxMs) : null,
      },
    },
    blocks: {
      count: med((r) => r.blocking.count),
      longestMs: med((r) => r.blocking.longestMs),
      fraction: Math.round(median(reports.map((r) => r.blocking.fraction ?? 0)) * 1000) / 1000,
    },
    phase: mostFrequent(blocks.map((b) => b.phase ?? b.cause)),
    // the scenario's own short advice for the table; the longest block's full advice beside it
    advice: entry.scenario.advice,
    blockAdvice: [...blocks].sort((a, b) => b.durationMs - a.durationMs)[0]?.advice ?? null,
    report: entry.runs[0]?.path ?? '',
    reports: entry.runs.map((r) => r.path),
  };
}

/** @param {ScenarioRuns[]} entries */
export function scenarioRows(entries) {
  const rows = entries.map(scenarioRow);
  const sync = rows.find((r) => r.name === 'sync');
  if (sync && sync.throughput > 0) {
    for (const row of rows) row.throughputRatio = Math.round((row.throughput / sync.throughput) * 1000) / 1000;
  }
  return rows;
}

/** The responsive row with the most throughput. @param {ScenarioRow[]} rows */
export function bestRow(rows) {
  const responsive = rows.filter((r) => r.verdict === 'responsive' && r.throughput > 0);
  return responsive.sort((a, b) => b.throughput - a.throughput)[0] ?? null;
}

/** @param {number | null} v */
const msText = (v) => (v === null ? '-' : v >= 100 ? `${Math.round(v)} ms` : `${r1(v)} ms`);
/** @param {number} v */
const rate = (v) => `${Math.round(v).toLocaleString('en-US')} rounds/s`;

/** One sentence with the numbers. @param {ScenarioRow[]} rows */
export function recommendation(rows) {
  const best = bestRow(rows);
  if (!best) return 'no scenario kept the loop responsive while doing the work';
  const ratio = best.throughputRatio !== null && best.name !== 'sync' ? ` (${best.throughputRatio.toFixed(2)}x sync)` : '';
  let text = `use ${best.name}: responsive (probe p99 ${msText(best.http.probe.p99Ms)}, lag p99 ${msText(best.lag.p99Ms)}) at ${rate(best.throughput)}${ratio}`;
  const sync = rows.find((r) => r.name === 'sync');
  if (sync && sync !== best && sync.verdict === 'blocks') {
    text += `; sync blocks the loop (probe p99 ${msText(sync.http.probe.p99Ms)}, longest block ${msText(sync.blocks.longestMs)})`;
  }
  return text;
}
