// The options of the commands that measure (`run`, `attach`) and write a report folder (`report`
// too), declared once: each with its parser, its default from defaults.js, and one help text, or
// one for each command where what it does differs (attach starts no app; report measures nothing).

import { Option } from 'commander';
import * as parse from '../../options.js';
import { RUN_DEFAULTS as D, ATTACH_DEFAULTS } from '../../defaults.js';
import { profilerChoice, clinicChoice } from '../../profile/resolve.js';

/**
 * @typedef {'run' | 'attach' | 'report'} CommandName
 * @typedef {object} OptionSpec
 * @property {string} flags
 * @property {string | Partial<Record<CommandName, string>>} help one text for every command in `on`, or one each
 * @property {CommandName[]} on the commands that take it
 * @property {(value: string, previous: any) => any} [parse]
 * @property {unknown} [value] its default
 * @property {Partial<Record<CommandName, unknown>>} [values] its default, by command
 * @property {string[]} [choices]
 * @property {boolean} [hidden]
 */

const RUN = /** @type {CommandName[]} */ (['run']);
const MEASURE = /** @type {CommandName[]} */ (['run', 'attach']);
const WRITE = /** @type {CommandName[]} */ (['run', 'attach', 'report']);
const JUDGE = /** @type {CommandName[]} */ (['run', 'report']);

/** In the order `--help` lists them. @type {OptionSpec[]} */
const OPTIONS = [
  { flags: '--node-arg <flags>', on: RUN, help: 'node flags for the app file, e.g. --node-arg=--env-file=.env --node-arg="--import tsx" (repeatable)', parse: parse.nodeArgs },
  { flags: '--route <path>', on: MEASURE, parse: parse.route, help: { run: 'route to load (repeatable; default /)', attach: 'route to load while attached (repeatable; default: observe only)' } },
  { flags: '--probe <path>', on: MEASURE, help: { run: 'route probed for latency while the load runs (default: the first route)', attach: 'route probed for latency (default: the first --route; none when only observing)' } },
  { flags: '--no-probe', on: MEASURE, help: 'do not probe' },
  { flags: '--probe-interval <ms>', on: MEASURE, help: 'time between probe requests', parse: parse.positiveMs, value: D.probeInterval },
  { flags: '--probe-timeout <ms>', on: MEASURE, help: 'timeout of one probe request', parse: parse.positiveMs, value: D.probeTimeout },
  { flags: '-c, --connections <n>', on: MEASURE, help: 'concurrent load connections', parse: parse.positiveInt, value: D.connections },
  { flags: '-d, --duration <seconds>', on: MEASURE, parse: parse.seconds, values: { run: D.duration, attach: ATTACH_DEFAULTS.duration }, help: { run: 'how long to load (or observe a script)', attach: 'how long to observe (or load)' } },
  { flags: '--warmup <seconds>', on: RUN, help: 'load before the measured window, shown apart and not part of the verdict (0: none)', parse: parse.secondsOrZero, value: D.warmup },
  { flags: '-r, --rate <n>', on: MEASURE, help: 'fixed request rate per second (latency corrected for coordinated omission)', parse: parse.positiveInt },
  { flags: '-m, --method <verb>', on: MEASURE, help: 'HTTP method of the load', parse: parse.httpMethod, value: D.method },
  { flags: '-b, --body <text>', on: MEASURE, help: 'request body of the load' },
  { flags: '-H, --header <header>', on: MEASURE, help: 'request header "Name: value" (repeatable)', parse: parse.header, value: {} },
  { flags: '--timeout <seconds>', on: MEASURE, help: 'timeout of one load request', parse: parse.seconds, value: D.timeout },
  { flags: '--no-load', on: MEASURE, help: { run: 'only observe: drive traffic with your own tool', attach: 'only probe, even with --route' } },
  { flags: '--port <port>', on: MEASURE, help: 'which listening port gets the load and the probe when the app listens on several', parse: parse.port },
  { flags: '--listen-timeout <seconds>', on: RUN, help: 'how long to wait for the app to listen', parse: parse.seconds, value: D.listenTimeout },
  { flags: '--threshold <ms>', on: MEASURE, help: 'a stall of the loop at least this long is a block', parse: parse.positiveMs, value: D.threshold },
  { flags: '--resolution <ms>', on: MEASURE, help: 'heartbeat interval of the event-loop delay monitor', parse: parse.positiveMs, value: D.resolution },
  { flags: '--stacks <mode>', on: RUN, help: 'how blocks are attributed: the running stack, where the blocking callback was scheduled (blocked-at: slow), or not at all', choices: ['running', 'async-origin', 'none'], value: D.stacks },
  { flags: '--stack-interval <ms>', on: MEASURE, help: 'sampling interval of the stack capture of a block', parse: parse.positiveMs, value: D.stackInterval },
  { flags: '--no-profile', on: MEASURE, help: 'do not record a CPU profile of the measured window' },
  { flags: '--profile-interval <us>', on: MEASURE, help: 'sampling interval of the CPU profile in microseconds (10 ms by default: see docs/benchmarks.md)', parse: parse.positiveInt, value: D.profileInterval },
  { flags: '--threads', on: MEASURE, help: { run: 'also measure the event loop of each worker thread of the app', attach: 'also measure the event loop of each worker thread running at attach time' } },
  { flags: '--kill-after <ms>', on: RUN, help: 'grace period after SIGTERM before SIGKILL', parse: parse.positiveMs, value: D.killAfter },
  { flags: '--attach-timeout <seconds>', on: ['attach'], help: 'how long to wait for the app to open its inspector and start the agent', parse: parse.seconds, value: ATTACH_DEFAULTS.attachTimeout },
  { flags: '-o, --out <dir>', on: WRITE, help: { run: 'report folder (default reports/<app>-<time>/)', attach: 'report folder (default reports/attach-<pid>-<time>/)', report: 'write into this folder (default: the report\'s own; for a log, reports/<log name>)' } },
  { flags: '--json', on: MEASURE, help: 'print report.json on stdout and nothing else there' },
  { flags: '--show-output', on: RUN, help: 'echo the app\'s stdout and stderr (always saved in target.log)' },
  { flags: '--fail-on <budgets>', on: WRITE, parse: parse.budgets, help: { run: 'exit 1 when a budget is breached, e.g. "lag.p99>50ms,blocks.count>0" (repeatable)', attach: 'exit 1 when a budget is breached, e.g. "lag.p99>50ms,blocks.count>0" (repeatable)', report: 'check these budgets instead of the saved ones; exit 1 when one is breached' } },
  { flags: '--format <list>', on: WRITE, help: 'files to write: json,html,md,junit,pprof,benchmark or all (default json,html,md,junit; report.json always)', parse: parse.formats },
  { flags: '--baseline <report>', on: JUDGE, help: { run: 'judge this run against a saved one (its report.json or folder, or a folder of runs); exit 1 on a regression', report: 'judge the saved run against another saved one; exit 1 on a regression' } },
  { flags: '--baseline-threshold <pct>', on: JUDGE, help: 'with --baseline: a blocking site, the longest block or the time blocked worse by at least this percentage (and its floor) is a regression', parse: parse.percent, value: D.baselineThreshold },
  { flags: '--baseline-metrics <names>', on: JUDGE, help: 'with --baseline: also judge these noisy metrics, e.g. "lag.p99,probe.p99,load.rps" or all (repeatable)', parse: parse.baselineMetrics },
  { flags: '--repeat <n>', on: RUN, help: 'run the app n times, each run a report folder of its own (out/run-1 ...): repeated runs for the baseline gate', parse: parse.positiveInt, value: D.repeat },
  { flags: '--profiler <name>', on: RUN, help: 'run the app under 0x; its flame graph goes into the report folder', parse: profilerChoice },
  { flags: '--clinic <tool>', on: RUN, help: 'run the app under clinic doctor, flame or bubbleprof; its HTML goes into the report folder', parse: clinicChoice },
  { flags: '--scenario <name>', on: RUN, help: 'also run a scenario\'s job (e.g. sync) inside the app, back to back, while the load runs' },
  { flags: '--rounds <n>', on: RUN, help: 'rounds per job of --scenario', parse: parse.positiveInt, value: D.rounds },
  { flags: '--no-progress', on: MEASURE, help: 'no progress line', hidden: true },
];

/**
 * Adds the options `name` takes to its command.
 * @param {import('commander').Command} command @param {CommandName} name
 * @returns {import('commander').Command}
 */
export function addOptions(command, name) {
  for (const spec of OPTIONS) {
    if (!spec.on.includes(name)) continue;
    const option = new Option(spec.flags, typeof spec.help === 'string' ? spec.help : spec.help[name]);
    if (spec.parse) option.argParser(spec.parse);
    if (spec.choices) option.choices(spec.choices);
    const value = spec.values ? spec.values[name] : spec.value;
    if (value !== undefined) option.default(value);
    if (spec.hidden) option.hideHelp();
    command.addOption(option);
  }
  return command;
}
