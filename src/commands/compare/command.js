// The `compare` subcommand: its two forms (scenario replay, saved runs with --runs) and their
// options, the dispatch, and where the output goes.

import fs from 'node:fs';
import path from 'node:path';
import { compareForm } from './form.js';
import { compareScenarios } from './scenarios.js';
import { COMPARE_DEFAULTS } from '../../defaults.js';
import { loadSides } from '../shared/saved-runs.js';
import { diffSides } from '../../analyze/saved-diff.js';
import { renderCompareTable } from '../../report/compare-table.js';
import { renderSavedDiff } from '../../report/saved-table.js';
import { chalkFor } from '../../report/colors.js';
import { prepareOutDir } from '../../launch/out-dir.js';
import * as parse from '../../options.js';
import { EXIT } from '../../errors.js';
import scenarios from '../../../scenarios/index.cjs';

/**
 * @param {import('commander').Command} program
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function compareCommand(program, io, setExit) {
  program.command('compare')
    .description('replay the scheduling scenarios of the article "How even quick Node.js async functions can block the Event-Loop" side by side; with --runs, compare saved runs instead')
    .usage('[scenario...] [options]')
    .addHelpText('after', `
Two forms, each with its own options:
  eventloop-probe compare [scenario...] [--rounds <n>] [--time-budget <s>] [--repeat <n>]
  eventloop-probe compare --runs <a> <b> [more...] [--threshold <pct>] [--fail-on-regression <pct>]
Scenarios: ${scenarios.NAMES.join(', ')}.`)
    .argument('[scenario...]', 'scenarios to replay (default: all)')
    .option('--runs <reports...>', 'compare saved runs instead: report.json files, run folders, or folders of repeated runs; the first is the baseline')
    .option('--rounds <n>', 'scenarios: rounds of work per job', parse.positiveInt, COMPARE_DEFAULTS.rounds)
    .option('--time-budget <seconds>', 'scenarios: measured time per scenario run; a job stops at it too', parse.seconds, COMPARE_DEFAULTS.timeBudget)
    .option('--repeat <n>', 'scenarios: runs per scenario, for medians and spread', parse.positiveInt, COMPARE_DEFAULTS.repeat)
    .option('--threshold <pct>', 'with --runs: a change worse than this percentage is a regression', parse.percent, COMPARE_DEFAULTS.threshold)
    .option('--fail-on-regression <pct>', 'with --runs: exit 1 when a metric got worse by at least this percentage, beyond the noise when there are repeated runs', parse.percent)
    .option('--json', 'print compare.json on stdout and nothing else there')
    .option('-o, --out <dir>', 'report folder (default reports/compare-<time>/; with --runs: only when given)')
    .action(async (args, opts, cmd) => {
      const what = compareForm(args, opts, (key) => cmd.getOptionValueSource(key) === 'cli', io.cwd);
      const c = chalkFor(opts.json ? io.stderr : io.stdout, io.env);
      /** @type {import('./scenarios.js').ScenarioComparison | import('../../analyze/saved-diff.js').SavedComparison} */
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
        const diff = diffSides(sides, { regressionPct: opts.failOnRegression ?? opts.threshold });
        result = diff;
        text = renderSavedDiff(diff, c);
        if (opts.failOnRegression && diff.regressions.length) {
          exitCode = EXIT.BUDGET;
          text += c.red(`failed: ${diff.regressions.length} regression(s) of at least ${opts.failOnRegression}%: ${diff.regressions.map((x) => `${x.metric} ${x.pct === null ? '' : `${x.pct > 0 ? '+' : ''}${Math.round(x.pct)}%`}`).join(', ')}\n`);
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
