// The last step of a run (and of `report`): evaluate the budgets into the report, write
// report.json, then render the other formats from it.

import fs from 'node:fs';
import path from 'node:path';
import { evaluateBudgets, breached, describeResult } from '../analyze/budgets.js';
import { artifactsFor, writeRenderedFiles } from '../report/write-folder.js';
import { FORMATS } from '../options.js';

/**
 * @param {string} outDir
 * @param {any} report built report; gets `budgets` and its artifacts completed
 * @param {{failOn?: import('../analyze/budgets.js').Budget[], format?: string[]}} opts without failOn, the
 *   report keeps the budgets it has
 * @param {{env: NodeJS.ProcessEnv, stepSummary: boolean, sourceDir?: string}} io sourceDir: where the
 *   profile is (default outDir)
 * @returns {{failed: string[], notes: string[], files: string[]}} failed: one line per breached budget
 */
export function finishReport(outDir, report, opts, io) {
  const formats = opts.format ?? FORMATS;
  report.budgets = opts.failOn ? evaluateBudgets(report, opts.failOn) : Array.isArray(report.budgets) ? report.budgets : [];
  report.artifacts = { ...report.artifacts, ...artifactsFor(formats.filter((f) => f !== 'json')) };
  fs.writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  const rendered = writeRenderedFiles(outDir, report, { formats, env: io.env, stepSummary: io.stepSummary, sourceDir: io.sourceDir });
  return { failed: breached(/** @type {import('../analyze/budgets.js').BudgetResult[]} */ (report.budgets)).map((b) => describeResult(b)), notes: rendered.notes, files: ['report.json', ...rendered.files] };
}

/** @param {string[]} failed */
export function budgetMessage(failed) {
  return `${failed.length} budget(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}`;
}
