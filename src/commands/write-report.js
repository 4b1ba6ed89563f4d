// The last step of a run (and of `report`): write report.json, then render the other formats
// from it. The report is complete when it gets here (budgets, baseline); nothing below changes it.

import fs from 'node:fs';
import path from 'node:path';
import { breached, describeResult } from '../analyze/budgets.js';
import { writeRenderedFiles } from '../report/write-folder.js';
import { DEFAULT_FORMATS } from '../options.js';
import { describeRegressions } from '../analyze/baseline.js';

/**
 * @param {string} outDir
 * @param {import('../../types/report.js').Report} report
 * @param {{format?: string[]}} opts
 * @param {{env: NodeJS.ProcessEnv, stepSummary: boolean, sourceDir?: string,
 *   profile?: import('../analyze/profiles.js').CpuProfile | null}} io sourceDir: where the profile
 *   is (default outDir); profile: the profile already read (null: none)
 * @returns {{failed: string[], regressions: string[], notes: string[], files: string[]}} failed: one
 *   line per breached budget; regressions: one line per metric worse than the baseline (--baseline)
 */
export function writeReportFolder(outDir, report, opts, io) {
  const formats = opts.format ?? DEFAULT_FORMATS;
  fs.writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  const rendered = writeRenderedFiles(outDir, report, { formats, env: io.env, stepSummary: io.stepSummary, sourceDir: io.sourceDir, profile: io.profile });
  return {
    failed: breached(report.budgets).map((b) => describeResult(b)),
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
