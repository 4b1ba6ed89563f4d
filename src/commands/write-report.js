// The last step of a run (and of `report`): write report.json, then render the other formats
// from it. The report is complete when it gets here; nothing below changes it.

import fs from 'node:fs';
import path from 'node:path';
import { breached, describeResult } from '../analyze/budgets.js';
import { writeRenderedFiles } from '../report/write-folder.js';
import { FORMATS } from '../options.js';

/**
 * @param {string} outDir
 * @param {import('../../types/report.js').Report} report
 * @param {{format?: string[]}} opts
 * @param {{env: NodeJS.ProcessEnv, stepSummary: boolean, sourceDir?: string,
 *   profile?: import('../analyze/profiles.js').CpuProfile | null}} io sourceDir: where the profile
 *   is (default outDir); profile: the profile already read (null: none)
 * @returns {{failed: string[], notes: string[], files: string[]}} failed: one line per breached budget
 */
export function writeReportFolder(outDir, report, opts, io) {
  const formats = opts.format ?? FORMATS;
  fs.writeFileSync(path.join(outDir, 'report.json'), JSON.stringify(report, null, 2) + '\n');
  const rendered = writeRenderedFiles(outDir, report, { formats, env: io.env, stepSummary: io.stepSummary, sourceDir: io.sourceDir, profile: io.profile });
  return { failed: breached(report.budgets).map((b) => describeResult(b)), notes: rendered.notes, files: ['report.json', ...rendered.files] };
}

/** @param {string[]} failed */
export function budgetMessage(failed) {
  return `${failed.length} budget(s) failed:\n${failed.map((f) => `  ${f}`).join('\n')}`;
}
