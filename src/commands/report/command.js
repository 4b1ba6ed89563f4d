// The `report` command: its argument and options (shared/run-options.js), and its action: the
// saved run's tables, the folder written, and the message that explains the exit code.

import { rerenderReport } from './report.js';
import { addOptions } from '../shared/run-options.js';
import { renderRunTables } from '../../report/table.js';
import { renderBaselineTable } from '../../report/baseline-table.js';
import { chalkFor } from '../../report/colors.js';

/**
 * @param {import('commander').Command} program
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function reportCommand(program, io, setExit) {
  const cmd = program.command('report')
    .description('re-render report.html, flamegraph.html, summary.md and junit.xml from a saved run, or render a production log')
    .argument('<report>', 'a report folder, its report.json, or a production log (EVENTLOOP_PROBE_LOG)');
  addOptions(cmd, 'report').action((input, opts) => {
    const result = rerenderReport({ input, out: opts.out, failOn: opts.failOn, format: opts.format, baseline: opts.baseline, baselineThreshold: opts.baselineThreshold, baselineMetrics: opts.baselineMetrics }, { env: io.env, cwd: io.cwd });
    const chalk = chalkFor(io.stdout, io.env);
    io.stdout.write(renderRunTables(result.report, chalk) + renderBaselineTable(result.report, chalk));
    io.stdout.write(`report: ${result.outDir} (${result.files.join(', ')})\n`);
    for (const note of result.notes) io.stderr.write(`eventloop-probe: ${note}\n`);
    if (result.message) io.stderr.write(`eventloop-probe: ${result.message}\n`);
    setExit(result.exitCode);
  });
}
