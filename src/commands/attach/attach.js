// `eventloop-probe attach <pid>`: measure a Node.js process that is already running, and leave it
// as it was. Open its inspector (SIGUSR1), inject the agent, close the inspector again, observe
// (or drive load) for --duration, detach, and write the same report folder as `run`.

import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { EXIT, ProbeError } from '../../errors.js';
import { prepareOutDir } from '../../launch/out-dir.js';
import crypto from 'node:crypto';
import { inspectProcess } from '../../proc/process-info.js';
import { listeningSockets } from '../../proc/listening.js';
import { serverBelow } from '../../attach/find-server.js';
import { openInspector, closeInspectorVia } from '../../attach/inspector.js';
import { checkSameFiles, injectAgent } from '../../attach/inject.js';
import { chooseOrigin } from '../../attach/origin.js';
import { Cdp } from '../../attach/cdp.js';
import { injectThreads } from '../../attach/threads.js';
import { AgentLink } from '../../attach/agent-link.js';
import { measureWindow } from '../shared/measure-window.js';
import { agentConfig } from '../shared/agent-config.js';
import { epochNow } from '../../agent/clock.cjs';
import { AGENT_DEFAULTS } from '../../defaults.js';
import { Progress } from '../shared/progress.js';
import { seenByAttach } from './attach-report.js';
import { finishRun } from '../shared/finish-run.js';

const WINDOW_MS = AGENT_DEFAULTS.windowMs;
const FLUSH_TIMEOUT_MS = 5000;
const INSPECTOR_GONE_MS = 3000;

/**
 * @typedef {Omit<import('../run/run.js').RunOptions, 'app' | 'appArgs' | 'listenTimeout' | 'killAfter' | 'showOutput'> & {
 *   pid: number, attachTimeout: number}} AttachOptions attachTimeout: seconds
 */

/**
 * @param {AttachOptions} given the options; given.pid: the pid given (npm, a shell: the app below it is measured)
 * @param {import('../run/run.js').RunIO} io
 * @returns {Promise<{exitCode: number, message: string | null, report: any, outDir: string}>}
 */
export async function attach(given, io) {
  // npm, a shell or a process manager given: the Node.js process below it that listens
  const found = serverBelow(given.pid, given.port);
  const opts = { ...given, pid: found.pid };
  if (found.launcher) {
    io.stderr.write(`eventloop-probe: pid ${found.launcher.pid} (${found.launcher.command}) is not the app; measuring the Node.js process below it that listens: pid ${found.pid} (${found.commandLine ?? 'node'})\n`);
  }
  const info = inspectProcess(opts.pid);
  checkSameFiles(opts.pid);
  const before = listeningSockets(opts.pid);
  const where = chooseOrigin(opts, before);
  const outDir = prepareOutDir(opts.out, `attach-${opts.pid}`, io.cwd);
  const dataDir = fs.mkdtempSync(path.join(outDir, '.agent-'));
  const link = new AgentLink(agentSocketPath());
  const progress = new Progress(io.stderr, io.progress);
  const timeoutMs = opts.attachTimeout * 1000;
  try {
    await link.listen();
    const attachedAt = epochNow();
    const config = agentConfig({ ...opts, stacks: 'running' }, { dir: dataDir, parentPid: process.pid, channelFd: link.socketPath });
    progress.start('attaching', timeoutMs);
    const injected = await inject(opts.pid, before, config, { timeoutMs, abort: io.stop });
    const hello = await link.waitFor((m) => m.type === 'hello', timeoutMs, io.stop);
    progress.stop();
    if (!hello) {
      throw io.stop.aborted
        ? new ProbeError('interrupted while attaching: detached, no report written', EXIT.INTERRUPTED)
        : new ProbeError(`the agent started in process ${opts.pid} but did not connect within ${opts.attachTimeout} s (its event loop is blocked?); it detaches by itself`, EXIT.TARGET);
    }
    link.send({ cmd: 'release' }); // the agent closes the inspector now: the window runs without it
    await link.waitFor((m) => m.type === 'released', timeoutMs, io.stop);
    // said once the agent has begun the window, so that whatever the person (or a test) makes the
    // app do after reading this line is measured
    const announce = () => io.stderr.write(`eventloop-probe: attached to pid ${opts.pid} (Node.js ${injected.nodeVersion}, up ${formatUptime(injected.uptimeS)}); ${where.load ? `loading ${where.origin}` : where.probePath ? `probing ${where.origin}${where.probePath}` : 'observing'} for ${opts.duration} s\n`);
    const measured = await measureWindow(link, { origin: where.origin, routes: where.routes, probePath: where.probePath, windowMs: WINDOW_MS }, { ...opts, load: where.load }, io, progress, announce);
    // the agent writes everything it holds (the CPU profile of the window too) and says so before
    // the data is read
    link.send({ cmd: 'stop' });
    const answer = await link.waitFor((m) => m.type === 'stopped' || (m.type === 'agent-error' && m.cmd === 'stop'), io.kill.aborted ? 0 : FLUSH_TIMEOUT_MS, io.kill);
    const flushed = answer?.type === 'stopped';
    link.send({ cmd: 'detach' }); // keeps its data files for us, stops everything, closes the inspector
    link.close();
    const inspectorClosed = await portGone(opts.pid, injected.inspectorPort);
    return finishRun(seenByAttach({
      opts, info, found, injected, where, measured, flushed, attachedAt, dataDir, outDir, before,
      after: listeningSockets(opts.pid), alive: processAlive(opts.pid), inspectorClosed, messages: link.messages,
    }), io);
  } finally {
    progress.stop();
    link.close();
    // the agent may still be removing its own files as it detaches: retry a folder that refills
    fs.rmSync(dataDir, { recursive: true, force: true, maxRetries: 5, retryDelay: 50 });
  }
}

/**
 * Opens the inspector, starts the agent through it, and hangs up. Whatever fails after the port
 * opened, the inspector is closed again before we give up.
 * @param {number} pid @param {import('../../proc/listening.js').ListeningSocket[]} before @param {object} config
 * @param {{timeoutMs: number, abort: AbortSignal}} options
 */
async function inject(pid, before, config, options) {
  const inspector = await openInspector(pid, before, options);
  const cdp = await Cdp.connect(inspector.url, options.timeoutMs);
  try {
    if (options.abort.aborted) {
      await closeInspectorVia(cdp);
      throw new ProbeError('interrupted while attaching: detached, no report written', EXIT.INTERRUPTED);
    }
    const result = await injectAgent(cdp, config, options.timeoutMs);
    if (!result.ok) {
      await closeInspectorVia(cdp);
      throw new ProbeError(`cannot attach to process ${pid}: ${result.reason}`, EXIT.USAGE);
    }
    const threads = /** @type {{threads?: boolean}} */ (config).threads ? await injectThreads(cdp, config, options.timeoutMs) : null;
    return { ...result, inspectorPort: inspector.port, threads };
  } finally {
    await cdp.close();
  }
}

/** Waits until the process no longer listens on `port` (the inspector's). @param {number} pid @param {number} port */
async function portGone(pid, port) {
  const deadline = Date.now() + INSPECTOR_GONE_MS;
  for (;;) {
    if (!listeningSockets(pid).some((s) => s.port === port)) return true;
    if (Date.now() > deadline) return false;
    await sleep(50);
  }
}

/** An abstract Unix socket (Linux): no file to leave behind, even when the tool is killed. */
function agentSocketPath() {
  return `\0eventloop-probe-attach-${process.pid}-${crypto.randomBytes(6).toString('hex')}`;
}

/** @param {number} pid */
function processAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** @param {number} s */
export function formatUptime(s) {
  if (s < 120) return `${Math.round(s)} s`;
  if (s < 7200) return `${Math.round(s / 60)} min`;
  if (s < 172800) return `${(s / 3600).toFixed(1)} h`;
  return `${(s / 86400).toFixed(1)} days`;
}
