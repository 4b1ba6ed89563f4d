// The profiler runner: with --profiler 0x or --clinic <tool>, the tool starts this script instead
// of the app. It runs the profiler through its programmatic API in this process, so the app is
// this process's child: the agent's "my parent started me" check holds as without a profiler, and
// stays inert in the app's workers and child processes. The runner
// - relays the agent's side channel (see relay.js),
// - starts the app in the user's cwd while the profilers' working files go to a folder inside
//   the report folder (the runner's own cwd),
// - stops the app on SIGTERM from the tool with SIGINT (what 0x and clinic expect from a Ctrl-C),
//   then SIGKILL after the grace period, sent to the app alone: no terminal-wide Ctrl-C is
//   involved, which is what makes clinic doctor lose its report on Node >= 21.7 (node-clinic#480),
// - tells the tool when the app exited, then lets the profiler write its HTML and reports it.
// Never opens a browser; no analytics (NO_INSIGHT); stdin is closed by the tool.
// bin/profiler-runner.js is its process's entry point: it exits with the code this resolves to.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { targetEnv } from '../launch/agent-env.js';
import { Relay, socketPath } from './relay.js';
import { startProfiler } from './adapters.js';
import { keepMainIsolateLog } from './isolate-logs.js';
import { JOB_ENV } from './runner-env.js';

const TOOL_FD = 3;
const require = createRequire(import.meta.url);

/** @type {(code: number) => void} */
let finish = () => {};

/**
 * Runs the profiler job of the environment; resolves to the process's exit code once the job is
 * done (0x and clinic leave handles, timers and streams, behind: the process must then end).
 * @returns {Promise<number>}
 */
export function runProfilerJob() {
  return new Promise((resolve) => {
    finish = resolve;
    main().then(() => resolve(0), (error) => {
      process.stderr.write(`eventloop-probe profiler runner: ${error instanceof Error ? error.stack : error}\n`);
      resolve(1);
    });
  });
}

async function main() {
  /** @type {import('./adapters.js').Job} */
  const job = JSON.parse(process.env[JOB_ENV] ?? '');
  delete process.env[JOB_ENV];
  process.chdir(job.workDir);

  /** @type {import('node:child_process').ChildProcess | null} */
  let app = null;
  let stopRequested = false;
  let escalated = false;
  let toolGone = false;
  /** @type {NodeJS.Timeout | undefined} */
  let killTimer;

  const relay = new Relay({ toolFd: TOOL_FD, socketPath: socketPath(job.workDir), onToolGone });
  await relay.listen();

  // The user's NODE_OPTIONS reach every process the profiler starts; the agent only the app.
  if (job.nodeOptions) process.env.NODE_OPTIONS = job.nodeOptions;
  else delete process.env.NODE_OPTIONS;
  process.env.NO_INSIGHT = '1';
  const agentConfig = { ...job.agent, parentPid: process.pid, channelFd: relay.socketPath };

  // The profiler's first spawn is the app (later ones, e.g. 0x's log processing, are left
  // alone): it starts in the user's cwd with the agent preloaded, and we keep hold of it.
  /** @type {any} */
  const childProcess = require('node:child_process');
  /** @type {typeof import('node:child_process').spawn} */
  const spawn = childProcess.spawn;
  // Modules that destructured `spawn` at load time keep calling this function: one-shot by state.
  childProcess.spawn = function spawnApp(/** @type {any[]} */ ...args) {
    if (app) return spawn.apply(childProcess, /** @type {any} */ (args));
    childProcess.spawn = spawn;
    const given = Array.isArray(args[1]) ? args[2] ?? {} : args[1] ?? {};
    const env = targetEnv(given.env ?? process.env, agentConfig);
    app = spawn(args[0], Array.isArray(args[1]) ? args[1] : [], { ...given, cwd: job.cwd, env });
    app.once('exit', (code, signal) => {
      clearTimeout(killTimer);
      // before 0x, whose own exit listener comes after this one, picks a tick log (isolate-logs.js)
      if (job.tool === '0x' || job.tool === 'flame') keepMainIsolateLog(job.workDir, /** @type {number} */ (app?.pid));
      relay.send({ type: 'app-exit', pid: app?.pid, code, signal, at: Date.now(), stoppedByUs: stopRequested, escalated });
      if (toolGone) finish(0);
    });
    return app;
  };

  function stopApp() {
    if (!app || app.exitCode !== null || app.signalCode !== null || stopRequested) return;
    stopRequested = true;
    app.kill('SIGINT');
    killTimer = setTimeout(() => {
      escalated = true;
      app?.kill('SIGKILL');
    }, job.killAfterMs);
  }

  // The tool died: end the app the way the tool would have, skip the report.
  function onToolGone() {
    toolGone = true;
    relay.dropAgent();
    if (!app || app.exitCode !== null || app.signalCode !== null) finish(0);
    else stopApp();
  }

  process.on('SIGTERM', stopApp);
  process.on('SIGINT', stopApp);

  const profiler = require(job.module);
  try {
    const html = await startProfiler(job, profiler);
    fs.mkdirSync(path.dirname(job.htmlPath), { recursive: true });
    fs.copyFileSync(html, job.htmlPath);
    relay.send({ type: 'profiler-done', html: job.htmlPath, bytes: fs.statSync(job.htmlPath).size });
  } catch (error) {
    const message = error instanceof Error ? error.message.trim().split('\n')[0] : String(error);
    process.stderr.write(`${job.label} failed: ${error instanceof Error ? error.stack : error}\n`);
    relay.send({ type: 'profiler-failed', error: message });
  }
  await relay.close();
}
