// The `attach` command's options: the measuring and load options of `run`, minus what starts an
// app, plus the pid and how long to wait for the app to let us in.

import { Option } from 'commander';
import { attach } from './attach.js';
import { printRunResult } from '../shared/print-result.js';
import * as parse from '../../options.js';
import { RUN_DEFAULTS as D, ATTACH_DEFAULTS } from '../../defaults.js';

/**
 * @param {import('commander').Command} program
 * @param {import('../../cli.js').CliIO} io
 * @param {(code: number) => void} setExit
 */
export function attachCommand(program, io, setExit) {
  program.command('attach')
    .description('measure a Node.js process that is already running (Linux), then detach and leave it as it was')
    .argument('<pid>', 'process id of the running Node.js app', parse.positiveInt)
    .option('-d, --duration <seconds>', 'how long to observe (or load)', parse.seconds, ATTACH_DEFAULTS.duration)
    .option('--route <path>', 'route to load while attached (repeatable; default: observe only)', parse.route)
    .option('--port <port>', 'which of its listening ports gets load and probe when it has several', parse.port)
    .option('--no-load', 'only probe, even with --route')
    .option('--probe <path>', 'route probed for latency (default: the first --route; none when only observing)')
    .option('--no-probe', 'do not probe')
    .option('--probe-interval <ms>', 'time between probe requests', parse.positiveMs, D.probeInterval)
    .option('--probe-timeout <ms>', 'timeout of one probe request', parse.positiveMs, D.probeTimeout)
    .option('-c, --connections <n>', 'concurrent load connections', parse.positiveInt, D.connections)
    .option('-r, --rate <n>', 'fixed request rate per second', parse.positiveInt)
    .option('-m, --method <verb>', 'HTTP method of the load', parse.httpMethod, D.method)
    .option('-b, --body <text>', 'request body of the load')
    .option('-H, --header <header>', 'request header "Name: value" (repeatable)', parse.header, {})
    .option('--timeout <seconds>', 'timeout of one load request', parse.seconds, D.timeout)
    .option('--threshold <ms>', 'a stall of the loop at least this long is a block', parse.positiveMs, D.threshold)
    .option('--resolution <ms>', 'heartbeat interval of the event-loop delay monitor', parse.positiveMs, D.resolution)
    .option('--stack-interval <ms>', 'sampling interval of the stack capture of a block', parse.positiveMs, D.stackInterval)
    .option('--no-profile', 'do not record a CPU profile while attached')
    .option('--profile-interval <us>', 'sampling interval of the CPU profile in microseconds (10 ms by default: see docs/benchmarks.md)', parse.positiveInt, D.profileInterval)
    .option('--threads', 'also measure the event loop of each worker thread running at attach time')
    .option('--attach-timeout <seconds>', 'how long to wait for the app to open its inspector and start the agent', parse.seconds, ATTACH_DEFAULTS.attachTimeout)
    .option('-o, --out <dir>', 'report folder (default reports/attach-<pid>-<time>/)')
    .option('--json', 'print report.json on stdout and nothing else there')
    .option('--fail-on <budgets>', 'exit 1 when a budget is breached, e.g. "lag.p99>50ms,blocks.count>0" (repeatable)', parse.budgets)
    .option('--format <list>', 'files to write: json,html,md,junit (default all; report.json always)', parse.formats)
    .addOption(new Option('--no-progress', 'no progress line').hideHelp())
    .action(async (pid, opts) => {
      const result = await attach({ ...opts, pid, stacks: 'running', warmup: 0 }, { // the app is warm already
        stderr: io.stderr, env: io.env, cwd: io.cwd, stop: io.stop, kill: io.kill,
        progress: opts.progress && !opts.json && !io.env.CI,
      });
      printRunResult(result, opts, io, setExit);
    });
}
