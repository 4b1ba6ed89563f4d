// `eventloop-probe run`: start the target under the agent, wait for it to listen, drive load and
// probe it, stop it, and turn what was seen into a report folder.

import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../../errors.js';
import { targetEnv } from '../../launch/agent-env.js';
import { freePort } from '../../launch/free-port.js';
import { loopbackHost } from '../../launch/host.js';
import { OutputLog } from '../../launch/output-log.js';
import { prepareOutDir } from '../../launch/out-dir.js';
import { Target, CHANNEL_FD } from '../../launch/target.js';
import { LoopSockets } from '../../launch/loop-sockets.js';
import { ClaimServer } from '../../launch/claims.js';
import { envFileNodeOptions, misplacedNodeFlag } from '../../launch/command.js';
import { unclaimedListeners } from '../../launch/unclaimed.js';
import { measureWindow } from '../shared/measure-window.js';
import { agentConfig } from '../shared/agent-config.js';
import { Progress } from '../shared/progress.js';
import { loadBaseline } from '../shared/saved-runs.js';
import { resolveTarget } from './resolve-target.js';
import { seenByRun } from './run-report.js';
import { finishRun } from '../shared/finish-run.js';
import { epochNow } from '../../agent/clock.cjs';
import { AGENT_DEFAULTS } from '../../defaults.js';
import { resolveProfiler } from '../../profile/resolve.js';
import { ProfiledTarget } from '../../profile/profiled-target.js';
import { scenarioConfig } from './scenario-config.js';

const WINDOW_MS = AGENT_DEFAULTS.windowMs;

/**
 * @typedef {object} RunOptions
 * @property {string} [app] the app file (the short form)
 * @property {string[]} [appArgs] its arguments
 * @property {string[]} [command] `run -- <command...>`: what starts the app
 * @property {string[]} [nodeArg] --node-arg: node flags for the app file
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
 * @property {import('../../analyze/budgets.js').Budget[]} [failOn] budgets (--fail-on)
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
 * @returns {Promise<{exitCode: number, message: string | null, report: import('../../../types/report.js').Report, outDir: string}>}
 */
export async function run(opts, io) {
  const target = resolveTarget(opts, io.cwd, io.env);
  const misplaced = misplacedNodeFlag(opts.appArgs ?? []);
  if (misplaced && !target.given) {
    io.stderr.write(`eventloop-probe: ${misplaced} is among the app's arguments (after the app file), so node does not see it; for node: --node-arg=${misplaced}, or run -- node ${misplaced} ${opts.app}\n`);
  }
  const profiler = resolveProfiler(opts, io);
  // under 0x and clinic flame, no profiler of the agent's: it would stop the tick log they read
  if (profiler?.ticks) opts = { ...opts, profile: false };
  if (profiler && (target.given || opts.nodeArg?.length)) {
    throw new UsageError(`--${opts.profiler ? 'profiler' : 'clinic'} runs the app file itself, without node flags or a command`, 'give the app file: eventloop-probe run --profiler 0x server.js');
  }
  const scenario = opts.scenario ? scenarioConfig(opts.scenario, opts.rounds) : undefined;
  const baseline = opts.baseline ? loadBaseline(opts.baseline, io.cwd) : null; // read before anything starts
  const outDir = prepareOutDir(opts.out, target.name, io.cwd);
  const dataDir = fs.mkdtempSync(path.join(outDir, '.agent-'));
  const workDir = profiler ? fs.mkdtempSync(path.join(outDir, '.profiler-')) : null;
  const output = new OutputLog(path.join(outDir, 'target.log'), { echo: opts.showOutput ? io.stderr : null });
  const progress = new Progress(io.stderr, io.progress);
  // cluster workers' channels, and where the command's processes offer themselves when they
  // listen (a profiler runner between the tool and the app has neither to offer)
  const loops = profiler ? null : new LoopSockets();
  const claims = profiler ? null : new ClaimServer();
  try {
    await Promise.all([loops?.ready, claims?.ready]);
    const config = agentConfig(opts, {
      dir: dataDir, parentPid: process.pid, channelFd: CHANNEL_FD, ...(loops ? { loopSocket: loops.path } : {}),
      ...(claims ? { claim: claims.path } : {}), ...(target.launcher ? { launcher: true } : {}), ...(scenario ? { scenario } : {}),
      ...(profiler?.ticks ? { captureWith: /** @type {const} */ ('samples') } : {}),
    });
    const env = targetEnv(io.env, config, {
      port: io.env.PORT ? undefined : await freePort(), nodeOptions: envFileNodeOptions(target.nodeArgs, io.cwd),
    });
    const spawnedAt = epochNow();
    const child = profiler && workDir && target.script ? new ProfiledTarget({
      profiler, script: target.script, args: opts.appArgs ?? [], cwd: io.cwd, env: { ...io.env, PORT: env.PORT },
      agentConfig: config, outDir, workDir, killAfterMs: opts.killAfter, output,
    }) : new Target({
      command: target.command, launcher: target.launcher, cwd: io.cwd, env, output,
      loops: loops ?? undefined, claims, wantPort: opts.port,
    });
    io.kill.addEventListener('abort', () => child.kill(), { once: true });
    const observed = await observe(child, target, opts, io, progress);
    progress.stop();
    const stopped = await child.stop({ graceMs: opts.killAfter });
    return finishRun(seenByRun({ opts, io, target, child, observed, stopped, spawnedAt, dataDir, outDir, output, baseline }), io);
  } finally {
    progress.stop();
    loops?.close();
    claims?.close();
    output.close();
    // the agent may still be removing its own files as it detaches: retry a folder that refills
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
    if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
  }
}

/**
 * Waits for the target to listen, then measures under load (a server) or until it ends (a script).
 * @param {Target} child
 * @param {import('./resolve-target.js').RunTarget} target
 * @param {RunOptions} opts @param {RunIO} io @param {Progress} progress
 */
export async function observe(child, target, opts, io, progress) {
  /** @type {string[]} */
  const notes = [];
  const durationMs = opts.duration * 1000;
  const listenWaitMs = target.expectServer ? opts.listenTimeout * 1000 : durationMs;
  progress.start('starting', listenWaitMs);
  const listen = await child.waitFor(
    (m) => m.type === 'listen' && (!opts.port || m.port === opts.port), listenWaitMs, io.stop);
  progress.stop();
  /** @type {{notes: string[], listenAt: number | null, port: number | null, load: null, probe: null, warmup: null, hint: string | null}} */
  const base = { notes, listenAt: listen ? listen.t : null, port: listen ? listen.port : null, load: null, probe: null, warmup: null, hint: null };

  if (!listen) {
    // A script (observed until it ends or --duration), a crash before listening, or a server
    // that never came up within --listen-timeout.
    const hello = child.messages.find((m) => m.type === 'hello');
    const end = child.exitInfo ? child.exitInfo.at : epochNow();
    if (target.expectServer && !io.stop.aborted) base.hint = unclaimedListeners(child);
    return {
      ...base, mode: /** @type {const} */ ('script'), measureStart: hello ? hello.t : null, measureEnd: end,
      stillRunningAtEnd: !child.exitInfo, unreachable: false,
    };
  }
  if (child.claimedPid !== null) {
    io.stderr.write(`eventloop-probe: measuring pid ${child.claimedPid} (${child.claimedCommandLine ?? 'node'}), listening on port ${listen.port}; ${target.display} (pid ${child.pid}) and the processes between are not measured\n`);
  }

  const host = loopbackHost(listen.address);
  if (!host) {
    notes.push(`the app listens on ${listen.address}:${listen.port} only; load goes to loopback addresses only`);
    return { ...base, mode: /** @type {const} */ ('observe'), measureStart: epochNow(), measureEnd: epochNow(), stillRunningAtEnd: !child.exitInfo, unreachable: true };
  }
  const origin = `http://${host}:${listen.port}`;
  const routes = target.routes;
  const probePath = opts.probe === false ? null : opts.probe ?? target.probe ?? routes[0];
  const measured = await measureWindow(child, { origin, routes, probePath, windowMs: WINDOW_MS }, opts, io, progress);
  return { ...base, mode: opts.load ? /** @type {const} */ ('load') : /** @type {const} */ ('observe'), ...measured, unreachable: false };
}
