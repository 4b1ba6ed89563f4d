// The commander program. main() parses argv, runs a command and returns the exit code; it never
// exits the process itself (the bin does).

import { Command, Option, CommanderError } from 'commander';
import { EXIT, ProbeError } from './errors.js';
import { TOOL } from './tool.js';
import { run } from './commands/run/run.js';
import { reportCommand } from './commands/report/report.js';
import { compareCommand } from './commands/compare/command.js';
import { attachCommand } from './commands/attach/command.js';
import { printRunResult, printRepeatResult } from './commands/shared/print-result.js';
import { repeatRuns } from './commands/run/repeat.js';
import { renderRunTables } from './report/table.js';
import { renderBaselineTable } from './report/baseline-table.js';
import { chalkFor } from './report/colors.js';
import * as parse from './options.js';
import { RUN_DEFAULTS as D } from './defaults.js';
import { profilerChoice, clinicChoice } from './profile/resolve.js';

/**
 * @typedef {object} CliIO
 * @property {NodeJS.WritableStream & {isTTY?: boolean}} stdout
 * @property {NodeJS.WritableStream & {isTTY?: boolean}} stderr
 * @property {NodeJS.ProcessEnv} env
 * @property {string} cwd
 * @property {AbortSignal} stop graceful stop requested (first Ctrl-C, SIGTERM)
 * @property {AbortSignal} kill immediate stop requested (second Ctrl-C)
 */

/** @param {string[]} argv arguments after the program name @param {CliIO} io @returns {Promise<number>} */
export async function main(argv, io) {
  let exitCode = /** @type {number} */ (EXIT.OK);
  const { head, command } = splitCommand(argv);
  const program = buildProgram(io, (code) => { exitCode = code; }, command);
  try {
    await program.parseAsync(head, { from: 'user' });
    return exitCode;
  } catch (error) {
    return reportError(error, io);
  }
}

/**
 * `run [options] -- <command...>`: what follows the first `--` of `run` (the default command) is
 * the command that starts the app, or the app's arguments when an app file came before it.
 * @param {string[]} argv
 * @returns {{head: string[], command: string[] | null}}
 */
export function splitCommand(argv) {
  const at = argv.indexOf('--');
  if (at < 0 || ['attach', 'report', 'compare', 'help'].includes(argv[0])) return { head: argv, command: null };
  return { head: argv.slice(0, at), command: argv.slice(at + 1) };
}

/**
 * @param {CliIO} io @param {(code: number) => void} setExit
 * @param {string[] | null} command what came after `--` on `run`'s line
 */
function buildProgram(io, setExit, command) {
  const program = new Command('eventloop-probe')
    .description('Event-loop lag diagnostics for Node.js: run an app under load and see what blocks its loop.')
    .version(TOOL.version)
    .exitOverride()
    .showSuggestionAfterError()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      // one line per problem: commander's "(Did you mean ...?)" joins the error line
      outputError: (s, write) => write(`eventloop-probe: ${nodeFlagHint(s.trim().replace(/\s*\n\s*/g, ' '))}\n`),
    });

  program.command('run', { isDefault: true })
    .description('run your app under the agent (the command that starts it after --, or its entry file; default: the built-in demo), drive HTTP load, report its event loop')
    .usage('[options] -- <command...>   (node [node flags] app.js, npm start, npx tsx src/server.ts, ...)\n       eventloop-probe run [options] [app] [-- app args]')
    .argument('[app]', 'entry file of your app (default: the built-in demo server)')
    .argument('[appArgs...]', 'arguments for your app, after --')
    .option('--node-arg <flags>', 'node flags for the app file, e.g. --node-arg=--env-file=.env --node-arg="--import tsx" (repeatable)', parse.nodeArgs)
    .option('--route <path>', 'route to load (repeatable; default /)', parse.route)
    .option('--probe <path>', 'route probed for latency while the load runs (default: the first route)')
    .option('--no-probe', 'do not probe')
    .option('--probe-interval <ms>', 'time between probe requests', parse.positiveMs, D.probeInterval)
    .option('--probe-timeout <ms>', 'timeout of one probe request', parse.positiveMs, D.probeTimeout)
    .option('-c, --connections <n>', 'concurrent load connections', parse.positiveInt, D.connections)
    .option('-d, --duration <seconds>', 'how long to load (or observe a script)', parse.seconds, D.duration)
    .option('--warmup <seconds>', 'load before the measured window, shown apart and not part of the verdict (0: none)', parse.secondsOrZero, D.warmup)
    .option('-r, --rate <n>', 'fixed request rate per second (latency corrected for coordinated omission)', parse.positiveInt)
    .option('-m, --method <verb>', 'HTTP method of the load', parse.httpMethod, D.method)
    .option('-b, --body <text>', 'request body of the load')
    .option('-H, --header <header>', 'request header "Name: value" (repeatable)', parse.header, {})
    .option('--timeout <seconds>', 'timeout of one load request', parse.seconds, D.timeout)
    .option('--no-load', 'only observe: drive traffic with your own tool')
    .option('--port <port>', 'which listening port to load when the app opens several', parse.port)
    .option('--listen-timeout <seconds>', 'how long to wait for the app to listen', parse.seconds, D.listenTimeout)
    .option('--threshold <ms>', 'a stall of the loop at least this long is a block', parse.positiveMs, D.threshold)
    .option('--resolution <ms>', 'heartbeat interval of the event-loop delay monitor', parse.positiveMs, D.resolution)
    .addOption(new Option('--stacks <mode>', 'how blocks are attributed: the running stack, where the blocking callback was scheduled (blocked-at: slow), or not at all').choices(['running', 'async-origin', 'none']).default(D.stacks))
    .option('--stack-interval <ms>', 'sampling interval of the stack capture of a block', parse.positiveMs, D.stackInterval)
    .option('--no-profile', 'do not record a CPU profile of the measured window')
    .option('--profile-interval <us>', 'sampling interval of the CPU profile in microseconds (10 ms by default: see docs/benchmarks.md)', parse.positiveInt, D.profileInterval)
    .option('--threads', 'also measure the event loop of each worker thread of the app')
    .option('--kill-after <ms>', 'grace period after SIGTERM before SIGKILL', parse.positiveMs, D.killAfter)
    .option('-o, --out <dir>', 'report folder (default reports/<app>-<time>/)')
    .option('--json', 'print report.json on stdout and nothing else there')
    .option('--show-output', 'echo the app\'s stdout and stderr (always saved in target.log)')
    .option('--fail-on <budgets>', 'exit 1 when a budget is breached, e.g. "lag.p99>50ms,blocks.count>0" (repeatable)', parse.budgets)
    .option('--format <list>', 'files to write: json,html,md,junit,pprof,benchmark or all (default json,html,md,junit; report.json always)', parse.formats)
    .option('--baseline <report>', 'judge this run against a saved one (its report.json or folder, or a folder of runs); exit 1 on a regression')
    .option('--baseline-threshold <pct>', 'with --baseline: a blocking site, the longest block or the time blocked worse by at least this percentage (and its floor) is a regression', parse.percent, D.baselineThreshold)
    .option('--baseline-metrics <names>', 'with --baseline: also judge these noisy metrics with single runs, e.g. "lag.p99,probe.p99,load.rps" or all (repeatable)', parse.baselineMetrics)
    .option('--repeat <n>', 'run the app n times, each run a report folder of its own (out/run-1 ...): repeated runs for the baseline gate', parse.positiveInt, D.repeat)
    .option('--profiler <name>', 'run the app under 0x; its flame graph goes into the report folder', profilerChoice)
    .option('--clinic <tool>', 'run the app under clinic doctor, flame or bubbleprof; its HTML goes into the report folder', clinicChoice)
    .option('--scenario <name>', 'also run a scenario\'s job (e.g. sync) inside the app, back to back, while the load runs')
    .option('--rounds <n>', 'rounds per job of --scenario', parse.positiveInt, D.rounds)
    .addOption(new Option('--no-progress', 'no progress line').hideHelp())
    .action(async (app, appArgs, opts) => {
      // `run -- npm start`: the command; `run server.js -- --flag`: the app's arguments
      const form = app === undefined && command ? { command } : { app, appArgs: [...appArgs, ...(command ?? [])] };
      const runIO = { stderr: io.stderr, env: io.env, cwd: io.cwd, stop: io.stop, kill: io.kill, progress: opts.progress && !opts.json && !io.env.CI };
      if (opts.repeat > 1) printRepeatResult(await repeatRuns({ ...opts, ...form }, runIO), opts, io, setExit);
      else printRunResult(await run({ ...opts, ...form }, runIO), opts, io, setExit);
    });

  program.command('report')
    .description('re-render report.html, flamegraph.html, summary.md and junit.xml from a saved run, or render a production log')
    .argument('<report>', 'a report folder, its report.json, or a production log (EVENTLOOP_PROBE_LOG)')
    .option('--fail-on <budgets>', 'check these budgets instead of the saved ones; exit 1 when one is breached', parse.budgets)
    .option('--format <list>', 'files to write: json,html,md,junit,pprof,benchmark or all (default json,html,md,junit)', parse.formats)
    .option('--baseline <report>', 'judge the saved run against another saved one; exit 1 on a regression')
    .option('--baseline-threshold <pct>', 'with --baseline: a blocking site, the longest block or the time blocked worse by at least this percentage (and its floor) is a regression', parse.percent, D.baselineThreshold)
    .option('--baseline-metrics <names>', 'with --baseline: also judge these noisy metrics, e.g. "lag.p99,probe.p99" or all (repeatable)', parse.baselineMetrics)
    .option('-o, --out <dir>', 'write into this folder (default: the report\'s own; for a log, reports/<log name>)')
    .action((input, opts) => {
      const result = reportCommand({ input, out: opts.out, failOn: opts.failOn, format: opts.format, baseline: opts.baseline, baselineThreshold: opts.baselineThreshold, baselineMetrics: opts.baselineMetrics }, { env: io.env, cwd: io.cwd });
      const chalk = chalkFor(io.stdout, io.env);
      io.stdout.write(renderRunTables(result.report, chalk) + renderBaselineTable(result.report, chalk));
      io.stdout.write(`report: ${result.outDir} (${result.files.join(', ')})\n`);
      for (const note of result.notes) io.stderr.write(`eventloop-probe: ${note}\n`);
      if (result.message) io.stderr.write(`eventloop-probe: ${result.message}\n`);
      setExit(result.exitCode);
    });
  compareCommand(program, io, setExit);
  attachCommand(program, io, setExit);
  return program;
}

/**
 * "unknown option '--env-file=.env'": a node flag given to the tool says where node flags go.
 * @param {string} message commander's error line
 */
function nodeFlagHint(message) {
  const flag = /unknown option '([^']+)'/.exec(message)?.[1];
  if (!flag || !parse.isNodeFlag(flag)) return message;
  // --env-file=.env as given; --import <module> when its value came apart
  const full = flag.includes('=') || !parse.NODE_VALUE_FLAGS.includes(flag) ? flag : `${flag} <${flag === '--env-file' ? 'file' : 'module'}>`;
  return `${message.replace(/\s*\(Did you mean [^)]*\)/, '')} (${flag} is a node flag: give the command after --, e.g. run -- node ${full} app.js, or run app.js --node-arg="${full}")`;
}

/** @param {unknown} error @param {CliIO} io @returns {number} */
function reportError(error, io) {
  if (error instanceof CommanderError) {
    // commander has printed its message already
    return ['commander.helpDisplayed', 'commander.version', 'commander.help'].includes(error.code) ? EXIT.OK : EXIT.USAGE;
  }
  if (error instanceof ProbeError) {
    io.stderr.write(`eventloop-probe: error: ${error.message}${error.hint ? ` (${error.hint})` : ''}\n`);
    return error.exitCode;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(`eventloop-probe: internal error: ${message} (please report it; set EVENTLOOP_PROBE_DEBUG=1 for the stack)\n`);
  if (io.env.EVENTLOOP_PROBE_DEBUG && error instanceof Error) io.stderr.write(`${error.stack}\n`);
  return EXIT.INTERNAL;
}
