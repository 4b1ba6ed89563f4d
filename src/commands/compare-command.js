// The `compare` subcommand: options, dispatch to the scenario replay or the saved-run comparison,
// and where the output goes.

import fs from 'node:fs';
import path from 'node:path';
import { classifyCompareArgs } from './compare.js';
import { compareScenarios, COMPARE_DEFAULTS } from './compare-scenarios.js';
import { loadSides } from './compare-saved.js';
import { diffSides } from '../analyze/saved-diff.js';
import { renderCompareTable } from '../report/compare-table.js';
import { renderSavedDiff } from '../report/saved-table.js';
import { chalkFor } from '../report/colors.js';
import { prepareOutDir } from '../launch/out-dir.js';
import * as parse from '../options.js';
import { EXIT } from '../errors.js';

/**
 * @param {import('commander').Command} program
 * @param {import('../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function compareCommand(program, io, setExit) {
  program.command('compare')
    .description('replay the scheduling scenarios of seed 004 side by side, or compare saved report.json files/folders')
    .argument('[scenariosOrReports...]', 'scenario names (default: all), or two or more saved report.json files or folders')
    .option('--rounds <n>', 'rounds of work per job (scenarios)', parse.positiveInt, COMPARE_DEFAULTS.rounds)
    .option('--time-budget <seconds>', 'measured time per scenario run; a job stops at it too (scenarios)', parse.seconds, COMPARE_DEFAULTS.timeBudget)
    .option('--repeat <n>', 'runs per scenario: medians and spread (scenarios)', parse.positiveInt, COMPARE_DEFAULTS.repeat)
    .option('--threshold <pct>', 'a change worse than this percentage is a regression (saved runs)', parse.percent, 10)
    .option('--fail-on-regression <pct>', 'saved runs: exit 1 when a metric got worse by at least this percentage, beyond the noise when there are repeated runs', parse.percent)
    .option('--json', 'print compare.json on stdout and nothing else there')
    .option('-o, --out <dir>', 'report folder (default reports/compare-<time>/; saved runs: only when given)')
    .action(async (args, opts) => {
      const what = classifyCompareArgs(args, io.cwd);
      const c = chalkFor(opts.json ? io.stderr : io.stdout, io.env);
      /** @type {any} */
      let result;
      /** @type {string} */
      let text;
      /** @type {string | null} */
      let outDir = null;
      let exitCode = 0;
      if (what.kind === 'scenarios') {
        const r = await compareScenarios({ names: what.names, rounds: opts.rounds, timeBudget: opts.timeBudget, repeat: opts.repeat, out: opts.out },
          { stderr: io.stderr, env: io.env, cwd: io.cwd, stop: io.stop, kill: io.kill, progress: false });
        result = r.compare;
        text = renderCompareTable(r.compare, c);
        outDir = r.outDir;
        exitCode = r.exitCode;
        if (r.message) io.stderr.write(`eventloop-probe: ${r.message}\n`);
      } else {
        const sides = loadSides(what.paths, io.cwd);
        result = diffSides(sides, { regressionPct: opts.failOnRegression ?? opts.threshold });
        text = renderSavedDiff(result, c);
        if (opts.failOnRegression && result.regressions.length) {
          exitCode = EXIT.BUDGET;
          text += c.red(`failed: ${result.regressions.length} regression(s) of at least ${opts.failOnRegression}%: ${result.regressions.map((/** @type {any} */ x) => `${x.metric} +${Math.round(x.pct)}%`).join(', ')}\n`);
        }
        if (opts.out) {
          outDir = prepareOutDir(opts.out, 'compare', io.cwd);
          fs.writeFileSync(path.join(outDir, 'compare.json'), JSON.stringify(result, null, 2) + '\n');
        }
      }
      if (opts.json) {
        io.stdout.write(JSON.stringify(result, null, 2) + '\n');
        io.stderr.write(text);
      } else {
        io.stdout.write(text);
        if (outDir) io.stdout.write(`report: ${outDir}\n`);
      }
      setExit(exitCode);
    });
}
