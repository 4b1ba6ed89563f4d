// The last step of a run (and of `report`): evaluate the budgets (and the baseline) into the
// report, write report.json, then render the other formats from it.

import fs from 'node:fs';
import path from 'node:path';
import { evaluateBudgets, breached, describeResult } from '../analyze/budgets.js';
import { artifactsFor, writeRenderedFiles } from '../report/write-folder.js';
import { DEFAULT_FORMATS } from '../options.js';
import { judgeAgainstBaseline, describeRegressions } from '../analyze/baseline.js';

/**
 * @param {string} outDir
 * @param {any} report built report; gets `budgets` and its artifacts completed
 * @param {{failOn?: import('../analyze/budgets.js').Budget[], format?: string[],
 *   baseline?: import('./compare-saved.js').Side | null, baselineThreshold?: number}} opts without failOn, the
 *   report keeps the budgets it has; without baseline, the baseline result it has
 * @param {{env: NodeJS.ProcessEnv, stepSummary: boolean, sourceDir?: string}} io sourceDir: where the
 *   profile is (default outDir)
 * @returns {{failed: string[], regressions: string[], notes: string[], files: string[]}} failed: one
 *   line per breached budget; regressions: one line per metric worse than the baseline
 */
export function finishReport(outDir, report, opts, io) {
  const formats = opts.format ?? DEFAULT_FORMATS;
  report.budgets = opts.failOn ? evaluateBudgets(report, opts.failOn) : Array.isArray(report.budgets) ? report.budgets : [];
  if (opts.baseline) report.baseline = judgeAgainstBaseline(report, opts.baseline, { regressionPct: opts.baselineThreshold ?? 10 });
  report.artifacts = { ...report.artifacts, ...artifactsFor(formats.filter((f) => f !== 'json'), report) };
  fs.writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  const rendered = writeRenderedFiles(outDir, report, { formats, env: io.env, stepSummary: io.stepSummary, sourceDir: io.sourceDir });
  return {
    failed: breached(/** @type {import('../analyze/budgets.js').BudgetResult[]} */ (report.budgets)).map((b) => describeResult(b)),
    regressions: report.baseline ? describeRegressions(report.baseline) : [],
    notes: rendered.notes, files: ['report.json', ...rendered.files],
  };
}

/**
 * The closing message of a run that failed its gates, or null when it passed them.
 * @param {string[]} failed breached budgets @param {string[]} [regressions] metrics worse than the baseline
 */
export function budgetMessage(failed, regressions = []) {
  const parts = [];
  if (failed.length) parts.push(`${failed.length} budget(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}`);
  if (regressions.length) parts.push(`${regressions.length} regression(s) against the baseline:\n${regressions.map((f) => `  ${f}`).join('\n')}`);
  return parts.length ? parts.join('\n') : null;
}
