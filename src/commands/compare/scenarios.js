// `eventloop-probe compare [scenario...]`: every scenario in a fresh demo-server process under the
// agent (the run pipeline, called in-process), one job at a time on its route while the probe
// asks the demo's /healthcheck; then one row per scenario and a recommendation.

import fs from 'node:fs';
import { renderCompareHtml, renderCompareJunit } from '../../report/compare-html.js';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EXIT } from '../../errors.js';
import { TOOL } from '../../tool.js';
import { prepareOutDir } from '../../launch/out-dir.js';
import { run } from '../run/run.js';
import { scenarioRows, bestRow, recommendation } from '../../analyze/scenario-rows.js';
import { savedSettings } from '../../analyze/saved-settings.js';
import scenarios from '../../../scenarios/index.cjs';
import { RUN_DEFAULTS, COMPARE_DEFAULTS } from '../../defaults.js';


/**
 * @typedef {object} CompareScenarioOptions
 * @property {string[]} names scenarios to run, in order
 * @property {number} rounds rounds per job
 * @property {number} timeBudget seconds per scenario run (and the cap of one job)
 * @property {number} repeat runs per scenario
 * @property {string} [out]
 *
 * @typedef {import('../run/run.js').RunIO} RunIO
 * @typedef {import('../../../types/report.js').Report} Report
 *
 * @typedef {object} ScenarioComparison compare.json of a scenario replay
 * @property {number} schemaVersion
 * @property {{name: string, version: string}} tool
 * @property {'scenarios'} kind
 * @property {string} createdAt
 * @property {number} elapsedMs
 * @property {ScenarioSettings} settings
 * @property {import('../../analyze/scenario-rows.js').ScenarioRow[]} scenarios
 * @property {string | null} best
 * @property {string} recommendation
 * @property {boolean} complete every run finished
 *
 * @typedef {object} ScenarioSettings the options of the comparison, and what its runs were measured
 *   with as their reports recorded it
 * @property {number} rounds
 * @property {number} timeBudgetS
 * @property {number} repeat
 * @property {number | null} connections
 * @property {string | null} probe
 * @property {number | null} probeIntervalMs
 * @property {number | null} thresholdMs
 * @property {string | null} nodeVersion
 * @property {boolean | null} profile
 * @property {number | null} profileIntervalUs
 */

/** @param {CompareScenarioOptions} opts @param {RunIO} io */
export async function compareScenarios(opts, io) {
  const started = performance.now();
  const outDir = prepareOutDir(opts.out, 'compare', io.cwd);
  const picked = opts.names.map((name) => /** @type {import('../../../scenarios/index.cjs').Scenario} */ (scenarios.loadScenario(name)));
  /** @type {Map<string, {report: Report, path: string}[]>} */
  const runs = new Map(picked.map((s) => [s.name, []]));
  let exitCode = /** @type {number} */ (EXIT.OK);
  /** @type {string | null} */
  let message = null;
  const total = picked.length * opts.repeat;
  let done = 0;
  // Alternate the scenarios round by round, so a noisy moment of the machine spreads over all.
  outer: for (let round = 1; round <= opts.repeat; round++) {
    for (const scenario of picked) {
      const rel = opts.repeat > 1 ? path.join(scenario.name, `run-${round}`) : scenario.name;
      const result = await run(runOptions(scenario.name, opts, path.join(outDir, rel)), { ...io, progress: false });
      done++;
      io.stderr.write(`[${done}/${total}] ${scenario.name}: ${Math.round(result.report.work?.roundsPerSec ?? 0).toLocaleString('en-US')} rounds/s, ${result.report.verdict?.status ?? 'failed to start'}\n`);
      runs.get(scenario.name)?.push({ report: result.report, path: path.join(rel, 'report.json') });
      if (result.exitCode !== EXIT.OK) {
        exitCode = result.exitCode;
        message = `${scenario.name}: ${result.message}`;
        break outer;
      }
    }
  }
  const entries = picked.map((scenario) => ({ scenario, runs: runs.get(scenario.name) ?? [] }))
    .filter((e) => e.runs.length > 0);
  const rows = scenarioRows(entries);
  const elapsedMs = Math.round(performance.now() - started);
  const measured = savedSettings(entries[0]?.runs[0]?.report ?? {});
  /** @type {ScenarioComparison} */
  const compare = {
    schemaVersion: 1,
    tool: TOOL,
    kind: 'scenarios',
    createdAt: new Date().toISOString(),
    elapsedMs,
    settings: {
      rounds: opts.rounds, timeBudgetS: opts.timeBudget, repeat: opts.repeat, connections: measured.connections,
      probe: measured.probe, probeIntervalMs: measured.probeIntervalMs, thresholdMs: measured.thresholdMs, nodeVersion: measured.nodeVersion,
      profile: measured.profile, profileIntervalUs: measured.profileIntervalUs,
    },
    scenarios: rows,
    best: bestRow(rows)?.name ?? null,
    recommendation: recommendation(rows),
    complete: exitCode === EXIT.OK,
  };
  fs.writeFileSync(path.join(outDir, 'compare.json'), JSON.stringify(compare, null, 2) + '\n');
  fs.writeFileSync(path.join(outDir, 'compare.html'), renderCompareHtml(compare));
  fs.writeFileSync(path.join(outDir, 'junit.xml'), renderCompareJunit(compare));
  return { exitCode, message, compare, outDir };
}

/**
 * The run of one scenario: the demo server, one connection on the scenario's route, the rest as
 * a plain `run` would do it.
 * @param {string} name @param {CompareScenarioOptions} opts @param {string} out
 * @returns {import('../run/run.js').RunOptions}
 */
function runOptions(name, opts, out) {
  const budgetMs = Math.round(opts.timeBudget * 1000);
  return {
    ...RUN_DEFAULTS,
    appArgs: [],
    route: [`/scenario/${name}?rounds=${opts.rounds}&budget=${budgetMs}`],
    probe: COMPARE_DEFAULTS.probe,
    connections: COMPARE_DEFAULTS.connections,
    duration: opts.timeBudget,
    warmup: 0, // a scenario is one job from its first request: nothing to warm up
    header: {},
    load: true,
    timeout: opts.timeBudget + 10,
    out,
    json: false,
    showOutput: false,
  };
}
