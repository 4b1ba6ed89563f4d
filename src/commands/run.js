// `eventloop-probe run`: start the target under the agent, wait for it to listen, drive load and
// probe it, stop it, and turn what was seen into a report folder.

import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { EXIT } from '../errors.js';
import { targetEnv } from '../launch/agent-env.js';
import { freePort } from '../launch/free-port.js';
import { loopbackHost } from '../launch/host.js';
import { OutputLog } from '../launch/output-log.js';
import { prepareOutDir } from '../launch/out-dir.js';
import { Target, CHANNEL_FD } from '../launch/target.js';
import { LoopSockets } from '../launch/loop-sockets.js';
import { measureWindow } from './measure-window.js';
import { readAgentData } from '../analyze/agent-data.js';
import { buildReport } from '../analyze/build-report.js';
import { readProfiles } from '../analyze/profiles.js';
import { mergeContinuous } from '../analyze/merge-profiles.js';
import { stacksConfig, keepProfile, otherLoops, loopArtifacts } from './run-stacks.js';
import { connectionNotes, earlyExitNote, withHint, agentErrorNotes } from '../analyze/run-notes.js';
import { Progress } from './progress.js';
import { writeReportFolder, budgetMessage } from './write-report.js';
import { artifactsFor } from '../report/write-folder.js';
import { DEFAULT_FORMATS } from '../options.js';
import { loadBaseline } from './compare-saved.js';
import { judgeAgainstBaseline } from '../analyze/baseline.js';
import { resolveTarget } from './run-target.js';
import { TOOL } from '../tool.js';
import { resolveProfiler } from '../profile/resolve.js';
import { ProfiledTarget } from '../profile/profiled-target.js';
import { scenarioConfig } from './scenario-config.js';
import { RUN_DEFAULTS } from '../defaults.js';

const WINDOW_MS = 100;
const epochNow = () => performance.timeOrigin + performance.now();

/**
 * @typedef {object} RunOptions
 * @property {string} [app]
 * @property {string[]} appArgs
 * @property {string[]} [route]
 * @property {string | false} [probe]
 * @property {number} probeInterval ms
 * @property {number} probeTimeout ms
 * @property {number} connections
 * @property {number} duration s
 * @property {number} warmup s of load before the measured window (0: none)
 * @property {number} [rate]
 * @property {string} method
 * @property {string} [body]
 * @property {Record<string, string>} header
 * @property {boolean} load
 * @property {number} [port]
 * @property {number} listenTimeout s
 * @property {number} threshold ms
 * @property {number} resolution ms
 * @property {number} killAfter ms
 * @property {'running' | 'async-origin' | 'none'} stacks
 * @property {number} stackInterval ms
 * @property {boolean} profile
 * @property {number} profileInterval µs
 * @property {boolean} [threads]
 * @property {number} timeout s, per load request
 * @property {string} [out]
 * @property {boolean} json
 * @property {boolean} showOutput
 * @property {import('../analyze/budgets.js').Budget[]} [failOn] budgets (--fail-on)
 * @property {string[]} [format] formats to write (--format); report.json is always written
 * @property {string} [baseline] saved run(s) to judge this run against (--baseline)
 * @property {number} [baselineThreshold] percentage worse than the baseline that is a regression
 * @property {string[]} [baselineMetrics] noisy metrics judged against the baseline because they were named
 * @property {string} [profiler] external profiler: 0x
 * @property {string} [clinic] clinic tool: doctor, flame, bubbleprof
 * @property {string} [scenario] run --scenario: a scenario's job repeated inside the target
 * @property {number} [rounds] rounds per job of --scenario
 *
 * @typedef {object} RunIO
 * @property {NodeJS.WritableStream & {isTTY?: boolean}} stderr
 * @property {NodeJS.ProcessEnv} env
 * @property {string} cwd
 * @property {AbortSignal} stop first Ctrl-C / SIGTERM: stop gracefully
 * @property {AbortSignal} kill second Ctrl-C: stop now
 * @property {boolean} progress whether a progress line may be drawn
 * @property {boolean} [stepSummary] append summary.md to $GITHUB_STEP_SUMMARY (default true; --repeat
 *   appends one summary of all its runs instead)
 */

/**
 * @param {RunOptions} opts
 * @param {RunIO} io
 * @returns {Promise<{exitCode: number, message: string | null, report: import('../../types/report.js').Report, outDir: string}>}
 */
export async function run(opts, io) {
  const target = resolveTarget(opts, io.cwd);
  const profiler = resolveProfiler(opts, io);
  const scenario = opts.scenario ? scenarioConfig(opts.scenario, opts.rounds) : undefined;
  const baseline = opts.baseline ? loadBaseline(opts.baseline, io.cwd) : null; // read before anything starts
  const outDir = prepareOutDir(opts.out, target.name, io.cwd);
  const dataDir = fs.mkdtempSync(path.join(outDir, '.agent-'));
  const workDir = profiler ? fs.mkdtempSync(path.join(outDir, '.profiler-')) : null;
  const output = new OutputLog(path.join(outDir, 'target.log'), { echo: opts.showOutput ? io.stderr : null });
  const progress = new Progress(io.stderr, io.progress);
  // cluster workers' channels (a profiler runner between the tool and the app has none to offer)
  const loops = profiler ? null : new LoopSockets();
  try {
    await loops?.ready;
    const agentConfig = {
      dir: dataDir, parentPid: process.pid, channelFd: CHANNEL_FD, ...(loops ? { loopSocket: loops.path } : {}),
      resolutionMs: opts.resolution, thresholdMs: opts.threshold, windowMs: WINDOW_MS, scenario,
      ...stacksConfig(opts),
    };
    const env = targetEnv(io.env, agentConfig, { port: io.env.PORT ? undefined : await freePort() });
    const spawnedAt = epochNow();
    const child = profiler && workDir ? new ProfiledTarget({
      profiler, script: target.script, args: opts.appArgs, cwd: io.cwd, env: { ...io.env, PORT: env.PORT },
      agentConfig, outDir, workDir, killAfterMs: opts.killAfter, output,
    }) : new Target({
      execPath: process.execPath, nodeArgs: target.nodeArgs, script: target.script, args: opts.appArgs,
      cwd: io.cwd, env, output, loops: loops ?? undefined,
    });
    io.kill.addEventListener('abort', () => child.kill(), { once: true });
    const observed = await observe(child, target, opts, io, progress);
    progress.stop();
    const stopped = await child.stop({ graceMs: opts.killAfter });
    const appPid = child.messages.find((m) => m.type === 'hello')?.pid ?? child.pid;
    const agents = readAgentData(dataDir);
    const agent = agents.find((d) => d.pid === appPid && d.threadId === null) ?? null;
    const windowFrom = observed.measureStart ?? spawnedAt;
    // the warm-up's blocks get their stacks too; the profile kept for the flame graph is the window's
    const profiles = mergeContinuous(readProfiles(dataDir, appPid), observed.warmup?.from ?? windowFrom, observed.measureEnd);
    const windowProfiles = mergeContinuous(profiles, windowFrom, observed.measureEnd);
    const kept = keepProfile(windowProfiles, outDir);
    const otherLoopData = otherLoops(agents.filter((d) => d !== agent), dataDir, outDir, { from: windowFrom, to: observed.measureEnd });
    const formats = opts.format ?? DEFAULT_FORMATS;
    const artifacts = {
      json: 'report.json', log: 'target.log', ...kept,
      // each other loop's profile: "profile:worker:<pid>", "profile:thread:<threadId>"
      ...loopArtifacts(otherLoopData),
      ...(child instanceof ProfiledTarget ? child.artifacts : {}),
      ...artifactsFor(formats.filter((f) => f !== 'json'), { profile: kept.profile ? { file: kept.profile } : null }),
    };
    const early = io.stop.aborted ? null : earlyExitNote(observed, child.exitInfo, child.startedAt);
    const failure = withHint(targetFailure(child, observed, target.expectServer), {
      wantedPort: opts.port, env: io.env, output: output.lastLines(20).join('\n'),
      listenedPorts: child.messages.filter((m) => m.type === 'listen').map((m) => m.port),
    }) ?? early;
    const notes = [...observed.notes, ...(child instanceof ProfiledTarget ? child.notes : []), ...(early ? [early] : [])];
    notes.push(...connectionNotes([{ name: 'load', stats: observed.load?.stats ?? null }, { name: 'probe', stats: observed.probe?.stats ?? null }]));
    notes.push(...agentErrorNotes(child.messages));
    if (stopped.escalated) notes.push(`the target ignored SIGTERM for ${opts.killAfter} ms and was killed with SIGKILL`);
    if (output.truncated) notes.push(`target output was truncated at ${output.maxBytes} bytes in target.log`);
    const report = buildReport({
      tool: TOOL,
      target: {
        script: target.display, args: opts.appArgs, nodeVersion: process.version, pid: appPid,
        exitCode: stopped.exit.code, signal: stopped.exit.signal, port: observed.port,
        listenAfterMs: observed.listenAt ? Math.round(observed.listenAt - spawnedAt) : null,
      },
      mode: observed.mode,
      spawnedAt,
      measureStart: windowFrom,
      measureEnd: observed.measureEnd,
      warmup: observed.warmup ?? null,
      stillRunningAtEnd: observed.stillRunningAtEnd,
      flushed: stopped.flushed,
      settings: settingsOf(opts, target, observed.mode),
      thresholdMs: opts.threshold,
      windowMs: WINDOW_MS,
      probe: observed.probe?.stats ?? null,
      load: observed.load?.stats ?? null,
      agent,
      workerAgents: agents.filter((d) => d !== agent && d.threadId === null),
      profiles,
      loops: otherLoopData,
      ...(opts.threads ? {} : { threads: null }),
      stacks: { mode: opts.stacks, profile: opts.profile },
      cwd: io.cwd,
      notes,
      artifacts,
      failOn: opts.failOn,
    });
    if (baseline) report.baseline = judgeAgainstBaseline([report], baseline, { regressionPct: opts.baselineThreshold ?? 10, metrics: opts.baselineMetrics, cwd: io.cwd });
    const finished = writeReportFolder(outDir, report, { format: formats }, {
      env: io.env, stepSummary: io.stepSummary !== false, profile: windowProfiles.find((p) => p.kind === 'continuous')?.profile ?? null,
    });
    for (const note of finished.notes) io.stderr.write(`eventloop-probe: ${note}\n`);
    if (io.kill.aborted) return { exitCode: EXIT.INTERRUPTED, message: 'killed by a second interrupt', report, outDir };
    if (io.stop.aborted) {
      const code = io.stop.reason === 'SIGTERM' ? EXIT.TERMINATED : EXIT.INTERRUPTED;
      return { exitCode: code, message: 'interrupted: target stopped, report written', report, outDir };
    }
    if (failure) {
      const tail = output.lastLines(10).map((line) => `  | ${line}`).join('\n');
      return { exitCode: EXIT.TARGET, message: `${failure}${tail ? `\nlast output of the target:\n${tail}` : ''}`, report, outDir };
    }
    const gates = budgetMessage(finished.failed, finished.regressions);
    if (gates) return { exitCode: EXIT.BUDGET, message: gates, report, outDir };
    return { exitCode: EXIT.OK, message: null, report, outDir };
  } finally {
    progress.stop();
    loops?.close();
    output.close();
    // the agent may still be removing its own files as it detaches: retry a folder that refills
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Waits for the target to listen, then measures under load (a server) or until it ends (a script).
 * @param {Target} child
 * @param {ReturnType<typeof resolveTarget>} target
 * @param {RunOptions} opts @param {RunIO} io @param {Progress} progress
 */
async function observe(child, target, opts, io, progress) {
  /** @type {string[]} */
  const notes = [];
  const durationMs = opts.duration * 1000;
  const listenWaitMs = target.expectServer ? opts.listenTimeout * 1000 : durationMs;
  progress.start('starting', listenWaitMs);
  const listen = await child.waitFor(
    (m) => m.type === 'listen' && (!opts.port || m.port === opts.port), listenWaitMs, io.stop);
  progress.stop();
  const base = { notes, listenAt: listen ? listen.t : null, port: listen ? listen.port : null, load: null, probe: null, warmup: null };

  if (!listen) {
    // A script (observed until it ends or --duration), a crash before listening, or a server
    // that never came up within --listen-timeout.
    const hello = child.messages.find((m) => m.type === 'hello');
    const end = child.exitInfo ? child.exitInfo.at : epochNow();
    return {
      ...base, mode: /** @type {const} */ ('script'), measureStart: hello ? hello.t : null, measureEnd: end,
      stillRunningAtEnd: !child.exitInfo, neverListened: target.expectServer,
    };
  }

  const host = loopbackHost(listen.address);
  if (!host) {
    notes.push(`the target listens on ${listen.address}:${listen.port} only; load goes to loopback addresses only`);
    return { ...base, mode: /** @type {const} */ ('observe'), measureStart: epochNow(), measureEnd: epochNow(), stillRunningAtEnd: !child.exitInfo, neverListened: false, unreachable: true };
  }
  const origin = `http://${host}:${listen.port}`;
  const routes = target.routes;
  const probePath = opts.probe === false ? null : opts.probe ?? target.probe ?? routes[0];
  const measured = await measureWindow(child, { origin, routes, probePath, windowMs: WINDOW_MS }, opts, io, progress);
  return { ...base, mode: opts.load ? /** @type {const} */ ('load') : /** @type {const} */ ('observe'), ...measured, neverListened: false };
}

/**
 * Why the run counts as a failure of the target, or null.
 * @param {Target} child
 * @param {{stillRunningAtEnd: boolean, neverListened: boolean, unreachable?: boolean}} observed
 * @param {boolean} expectServer
 */
function targetFailure(child, observed, expectServer) {
  const exit = child.exitInfo;
  const after = exit ? ` after ${((exit.at - child.startedAt) / 1000).toFixed(1)} s` : '';
  if (child.spawnError) return `could not start the target: ${child.spawnError.message}`;
  if (observed.unreachable) return 'the target listens on an address that is not loopback; load was not sent';
  if (!observed.stillRunningAtEnd && exit) {
    if (child.crashedBySignal) return `the target was killed by ${child.crashedBySignal}${after}`;
    if (exit.code !== 0) return `the target exited with code ${exit.code}${after}${expectServer && observed.neverListened ? ' without listening on a port' : ''}`;
  }
  if (expectServer && observed.neverListened) {
    return observed.stillRunningAtEnd
      ? 'the target did not listen on a port within --listen-timeout (is --route right, and does the app listen on PORT?)'
      : `the target exited${after} without listening on a port`;
  }
  return null;
}

/**
 * @param {RunOptions} opts @param {ReturnType<typeof resolveTarget>} target @param {string} mode
 * @returns {import('../../types/report.js').RunSettings}
 */
function settingsOf(opts, target, mode) {
  return {
    routes: target.routes,
    probe: opts.probe === false ? null : opts.probe ?? target.probe ?? target.routes[0],
    probeIntervalMs: opts.probeInterval,
    probeTimeoutMs: opts.probeTimeout,
    connections: opts.connections,
    rate: opts.rate ?? null,
    method: opts.method,
    durationS: opts.duration,
    warmupS: opts.warmup,
    load: opts.load && mode === 'load',
    thresholdMs: opts.threshold,
    resolutionMs: opts.resolution,
    scenario: opts.scenario ? { name: opts.scenario, rounds: opts.rounds ?? RUN_DEFAULTS.rounds } : null,
    stacks: opts.stacks,
    profile: opts.profile,
    profileIntervalUs: opts.profileInterval,
  };
}

