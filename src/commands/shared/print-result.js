// What `run` and `attach` print when done: the tables (on stderr with --json, report.json then on
// stdout), the report folder, and the message that explains the exit code. `run --repeat` prints
// its runs side by side the same way, with repeat.json for --json.

import { renderRunTables } from '../../report/table.js';
import { renderWorkersTable } from '../../report/workers-table.js';
import { renderBaselineTable } from '../../report/baseline-table.js';
import { renderRepeatTable } from '../../report/repeat-files.js';
import { chalkFor } from '../../report/colors.js';

/**
 * @param {{exitCode: number, message: string | null, report: any, outDir: string}} result
 * @param {{json?: boolean}} opts
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function printRunResult(result, opts, io, setExit) {
  const chalk = chalkFor(opts.json ? io.stderr : io.stdout, io.env);
  // an app that failed to start has no window: no tables, the failure says what happened
  const tables = result.report.failure?.stage === 'start' ? ''
    : renderRunTables(result.report, chalk, io.cwd) + renderWorkersTable(result.report, chalk) + renderBaselineTable(result.report, chalk);
  print(tables, result.report, result, opts, io, setExit);
}

/**
 * @param {{exitCode: number, message: string | null, summary: any, outDir: string}} result
 * @param {{json?: boolean}} opts
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function printRepeatResult(result, opts, io, setExit) {
  const text = renderRepeatTable(result.summary, chalkFor(opts.json ? io.stderr : io.stdout, io.env));
  print(text, result.summary, result, opts, io, setExit);
}

/**
 * @param {string} text @param {unknown} json what --json prints
 * @param {{exitCode: number, message: string | null, outDir: string}} result
 * @param {{json?: boolean}} opts @param {import('../../cli.js').CliIO} io @param {(code: number) => void} setExit
 */
function print(text, json, result, opts, io, setExit) {
  if (opts.json) {
    io.stdout.write(JSON.stringify(json, null, 2) + '\n');
    io.stderr.write(text);
  } else {
    io.stdout.write(text);
    io.stdout.write(`report: ${result.outDir}\n`);
  }
  if (result.message) io.stderr.write(`eventloop-probe: ${result.message}\n`);
  setExit(result.exitCode);
}
