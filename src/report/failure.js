// A failed app, for the terminal: what happened, the app's own error line with its top frame in
// the app's code, and where its whole output is. Returns a string.

import path from 'node:path';

/**
 * @param {import('../analyze/run-failure.js').RunFailure} failure
 * @param {{outDir: string, cwd: string, lastLines?: string[]}} where lastLines: the app's last output,
 *   shown when no error line was found
 */
export function renderFailure(failure, where) {
  const lines = [failure.message];
  if (failure.error) {
    lines.push(`  ${failure.error.line}`);
    if (failure.error.frame) lines.push(`    in ${failure.error.frame}`);
  } else if (where.lastLines?.length) {
    lines.push('last output of the app:', ...where.lastLines.map((line) => `  | ${line}`));
  }
  if (failure.log) lines.push(`  log: ${shortPath(path.join(where.outDir, failure.log), where.cwd)}`);
  return lines.join('\n');
}

/**
 * A saved report of an app that failed to start: no tables, the failure and no verdict.
 * @param {import('../../types/report.js').Report} report @param {string} outDir
 */
export function renderFailedStart(report, outDir) {
  const failure = /** @type {import('../analyze/run-failure.js').RunFailure} */ (report.failure);
  return `eventloop-probe ${report.target.script}: failed to start, no verdict\n${renderFailure(failure, { outDir, cwd: process.cwd() })}\n`;
}

/** @param {string} file @param {string} cwd */
function shortPath(file, cwd) {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : file;
}
