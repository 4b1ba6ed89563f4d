// The scenario comparison as a terminal table: a row per scenario, the best responsive-and-fast
// row highlighted, and the recommendation. Returns a string.

import Table from 'cli-table3';
import { ms, int } from './format.js';

/** @typedef {import('chalk').ChalkInstance} Chalk */
/** @typedef {import('../analyze/scenario-rows.js').ScenarioRow} ScenarioRow */

/**
 * @param {Pick<import('../commands/compare/scenarios.js').ScenarioComparison, 'scenarios' | 'best' | 'recommendation' | 'elapsedMs' | 'settings'>} compare
 * @param {Chalk} c
 */
export function renderCompareTable(compare, c) {
  const s = compare.settings;
  const repeated = s.repeat > 1;
  const head = ['scenario', repeated ? 'rounds/s (spread)' : 'rounds/s', 'x sync', 'CPU', 'probe p50', 'probe p99', 'probe max',
    'lag p99', 'lag max', 'blocks', 'phase', 'verdict', 'advice'];
  const table = new Table({ head, style: { head: [], border: [] } });
  for (const row of compare.scenarios) {
    const best = row.name === compare.best;
    const mark = (/** @type {string} */ text) => (best ? c.bold.green(text) : text);
    const spread = repeated && row.throughput > 0
      ? ` ±${Math.round(((row.throughputSpread.max - row.throughputSpread.min) / 2 / row.throughput) * 100)}%` : '';
    const blocks = row.verdict === 'blocks';
    table.push([
      mark(best ? `${row.name} *` : row.name),
      mark(`${int(row.throughput)}${spread}`),
      row.throughputRatio === null ? '—' : row.throughputRatio >= 0.1 ? row.throughputRatio.toFixed(2) : row.throughputRatio.toPrecision(2),
      `${row.cpu.percent.toFixed(0)}%`,
      ms(row.http.probe.p50Ms),
      blocks ? c.red(ms(row.http.probe.p99Ms)) : ms(row.http.probe.p99Ms),
      ms(row.http.probe.maxMs),
      blocks ? c.red(ms(row.lag.p99Ms)) : ms(row.lag.p99Ms),
      ms(row.lag.maxMs),
      row.blocks.count ? `${blocks ? c.red(int(row.blocks.count)) : int(row.blocks.count)} (${Math.round(row.blocks.fraction * 100)}%)` : '0',
      row.phase ?? '—',
      blocks ? c.red('blocks') : c.green('responsive'),
      row.advice,
    ]);
  }
  const lines = [
    [c.bold('eventloop-probe compare'), ...scenarioSettings(s)].join(' · '),
    table.toString(),
    `${c.bold('recommendation:')} ${compare.recommendation}`,
    `compared ${compare.scenarios.length} scenario(s) in ${(compare.elapsedMs / 1000).toFixed(1)} s`,
  ];
  return lines.join('\n') + '\n';
}

/**
 * What the runs were measured with, as their reports recorded it.
 * @param {import('../commands/compare/scenarios.js').ScenarioSettings} s
 * @returns {string[]}
 */
export function scenarioSettings(s) {
  return [
    ...(s.nodeVersion ? [`node ${s.nodeVersion}`] : []),
    `${int(s.rounds)} rounds per job`, `${s.timeBudgetS} s per scenario`,
    ...(s.repeat > 1 ? [`${s.repeat} runs each (medians)`] : []),
    ...(s.probe && s.probe !== 'off' ? [`probe ${s.probe}${s.probeIntervalMs ? ` every ${s.probeIntervalMs} ms` : ''}`] : []),
    ...(s.thresholdMs ? [`threshold ${s.thresholdMs} ms`] : []),
    ...(s.profile === null || s.profile === undefined ? [] : [s.profile ? `profile${s.profileIntervalUs ? ` ${s.profileIntervalUs} µs` : ''}` : 'no profile']),
  ];
}
