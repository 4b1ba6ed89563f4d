// What `run` and `attach` print when done: the tables (on stderr with --json, report.json then on
// stdout), the report folder, and the message that explains the exit code.

import { renderRunTables } from '../report/table.js';
import { renderWorkersTable } from '../report/workers-table.js';
import { renderBaselineTable } from '../report/baseline-table.js';
import { chalkFor } from '../report/colors.js';

/**
 * @param {{exitCode: number, message: string | null, report: any, outDir: string}} result
 * @param {{json?: boolean}} opts
 * @param {import('../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function printRunResult(result, opts, io, setExit) {
  const chalk = chalkFor(opts.json ? io.stderr : io.stdout, io.env);
  // an app that failed to start has no window: no tables, the failure says what happened
  const tables = result.report.failure?.stage === 'start' ? ''
    : renderRunTables(result.report, chalk, io.cwd) + renderWorkersTable(result.report, chalk) + renderBaselineTable(result.report, chalk);
  if (opts.json) {
    io.stdout.write(JSON.stringify(result.report, null, 2) + '\n');
    io.stderr.write(tables);
  } else {
    io.stdout.write(tables);
    io.stdout.write(`report: ${result.outDir}\n`);
  }
  if (result.message) io.stderr.write(`eventloop-probe: ${result.message}\n`);
  setExit(result.exitCode);
}
