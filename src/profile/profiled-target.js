// A target run under an external profiler: the process we spawn is the profiler runner
// (runner.js), the app is its child. To the rest of `run` it looks like a Target whose
// exit is the app's exit (reported by the runner at once); stopping also waits for the
// profiler to write its HTML, which can take seconds after the app is gone.

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { Target } from '../launch/target.js';
import { JOB_ENV } from './runner-env.js';

const RUNNER_PATH = fileURLToPath(new URL('../../bin/profiler-runner.js', import.meta.url));
// How long 0x or clinic may take to write its report once the app has exited.
export const FINISH_TIMEOUT_MS = 180_000;

export class ProfiledTarget extends Target {
  /**
   * @param {{profiler: import('./resolve.js').Profiler, script: string, args: string[], cwd: string,
   *   env: NodeJS.ProcessEnv, agentConfig: import('../commands/shared/agent-config.js').AgentConfig, outDir: string, workDir: string, killAfterMs: number,
   *   output: import('../launch/output-log.js').OutputLog, finishTimeoutMs?: number}} options
   */
  constructor(options) {
    const { profiler } = options;
    /** @type {import('./adapters.js').Job} */
    const job = {
      tool: profiler.tool, label: profiler.label, module: profiler.module,
      script: options.script, args: options.args, cwd: options.cwd, workDir: options.workDir,
      htmlPath: path.join(options.outDir, profiler.html), killAfterMs: options.killAfterMs,
      nodeOptions: options.env.NODE_OPTIONS ?? '', agent: options.agentConfig,
    };
    /** @type {NodeJS.ProcessEnv} */
    const env = { ...options.env, [JOB_ENV]: JSON.stringify(job), NO_INSIGHT: '1' };
    delete env.NODE_OPTIONS; // the user's NODE_OPTIONS are for the app, not for the runner
    super({ command: [process.execPath, RUNNER_PATH], cwd: options.cwd, env, output: options.output });
    this.profiler = profiler;
    this.finishTimeoutMs = options.finishTimeoutMs ?? FINISH_TIMEOUT_MS;
    /** @type {import('../launch/target.js').AgentMessage | null} */
    this.appExit = null;
    /** @type {string[]} */
    this.notes = [`measured under ${profiler.label} ${profiler.version}: the profiler's own overhead is in these numbers`];
    if (profiler.ticks && options.agentConfig.stacks === 'running') {
      this.notes.push(`the agent's own CPU profile is off under ${profiler.label}, and its block stacks are stack samples: V8 stops the tick log ${profiler.label} draws from while another profiler runs. Samples do not see native code or garbage collection; ${profiler.label}'s flame graph does`);
    }
    /** @type {Record<string, string>} */
    this.artifacts = {};
    this.runnerExited = this.exited;
    this.exited = new Promise((resolve) => {
      this.inbox.listeners.add((message) => {
        if (message.type === 'app-exit' && !this.appExit) {
          this.appExit = message;
          this.exitInfo ??= { code: message.code, signal: message.signal, at: message.at };
          resolve(this.exitInfo);
        } else if (message.type === 'profiler-done') {
          this.artifacts[this.profiler.tool === '0x' ? '0x' : 'clinic'] = path.relative(options.outDir, message.html);
        } else if (message.type === 'profiler-failed') {
          this.notes.push(`${profiler.label} wrote no report: ${message.error}`);
        }
      });
      this.runnerExited.then((info) => resolve(this.exitInfo ?? info));
    });
  }

  /**
   * The app stops as in a plain run (agent flush, then a signal: the runner turns our SIGTERM
   * into the SIGINT the profilers expect, and SIGKILLs the app after the grace period); then the
   * profiler writes its report.
   * @param {{graceMs: number, flushTimeoutMs?: number}} options
   */
  async stop({ graceMs, flushTimeoutMs = 5000 }) {
    let flushed = false;
    if (!this.appExit) {
      this.send({ cmd: 'stop' });
      flushed = Boolean(await this.waitFor((m) => m.type === 'stopped', flushTimeoutMs));
    }
    if (!this.appExit) this.signal('SIGTERM');
    const appGone = await Promise.race([this.exited, delay(graceMs + 3000, null)]);
    if (!appGone) this.killRunner();
    const finished = await Promise.race([this.runnerExited, delay(this.finishTimeoutMs, null)]);
    if (!finished) {
      this.notes.push(`${this.profiler.label} did not finish its report within ${this.finishTimeoutMs / 1000} s and was stopped`);
      this.killRunner();
    }
    const exit = await this.exited;
    await this.runnerExited;
    // its last lines (profiler-done) may still be in the channel when its exit is seen: read them
    const channel = this.channel;
    if (channel && !channel.destroyed && !channel.readableEnded) {
      await Promise.race([new Promise((resolve) => channel.once('end', resolve)), delay(1000)]);
    }
    await this.reapGroup();
    await Promise.race([this.closed, delay(500)]);
    return { exit, escalated: Boolean(this.appExit?.escalated) || !appGone, flushed };
  }

  async kill() {
    this.killRunner();
    await this.runnerExited;
    await this.reapGroup();
  }

  killRunner() {
    try {
      process.kill(this.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }

  /** Signals the app died of are ours when the runner was stopping it. */
  get crashedBySignal() {
    if (this.appExit) return this.appExit.signal && !this.appExit.stoppedByUs ? this.appExit.signal : null;
    return super.crashedBySignal;
  }

  /** The app's pid (the agent's hello), else the runner's. */
  get appPid() {
    return this.messages.find((m) => m.type === 'hello')?.pid ?? this.pid;
  }
}
