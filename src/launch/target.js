// A target process: spawned with the agent preloaded, in its own process group (a Ctrl-C on the
// terminal reaches us, not it, so we can stop it gracefully), with a side channel on fd 3.

import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { DescendantTracker } from './descendants.js';
import { AgentMessages } from './agent-messages.js';

export const CHANNEL_FD = 3;
const TREE_SAMPLE_MS = 500;

/**
 * @typedef {{code: number | null, signal: NodeJS.Signals | null, at: number}} ExitInfo
 * @typedef {import('./agent-messages.js').AgentMessage} AgentMessage
 */

export class Target {
  /**
   * @param {{execPath: string, nodeArgs: string[], script: string, args: string[], cwd: string,
   *   env: NodeJS.ProcessEnv, output: import('./output-log.js').OutputLog, loops?: import('./loop-sockets.js').LoopSockets}} options
   *   loops: the cluster workers' channels, which get every command too
   */
  constructor(options) {
    this.startedAt = Date.now();
    this.loops = options.loops ?? null;
    /** @type {ExitInfo | null} */
    this.exitInfo = null;
    /** @type {NodeJS.Signals[]} signals we sent */
    this.signalsSent = [];
    this.child = spawn(options.execPath, [...options.nodeArgs, options.script, ...options.args], {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.pid = this.child.pid ?? 0;
    this.tree = new DescendantTracker(this.pid);
    this.treeTimer = setInterval(() => this.tree.sample(), TREE_SAMPLE_MS);
    this.treeTimer.unref();
    this.child.stdout?.on('data', (chunk) => options.output.write(chunk));
    this.child.stderr?.on('data', (chunk) => options.output.write(chunk));
    /** @type {Error | null} */
    this.spawnError = null;
    /** @type {Promise<ExitInfo>} */
    this.exited = new Promise((resolve) => {
      /** @param {number | null} code @param {NodeJS.Signals | null} signal */
      const onExit = (code, signal) => {
        clearInterval(this.treeTimer);
        this.exitInfo ??= { code, signal, at: Date.now() };
        resolve(this.exitInfo);
      };
      this.child.once('error', (error) => {
        this.spawnError = error;
        onExit(null, null);
      });
      this.child.once('exit', onExit);
    });
    /** stdio drained (children of the target may hold it open longer) */
    this.closed = new Promise((resolve) => this.child.once('close', resolve));
    this.channel = /** @type {import('node:net').Socket} */ (this.child.stdio[CHANNEL_FD]);
    this.inbox = new AgentMessages(() => this.exited);
    this.inbox.read(this.channel);
  }

  /** @param {{cmd: string}} command */
  send(command) {
    if (this.channel.writable) this.channel.write(JSON.stringify(command) + '\n');
    if (command.cmd !== 'stop') this.loops?.send(command);
  }

  /** @type {AgentMessages['waitFor']} */
  waitFor(test, timeoutMs, abort) {
    return this.inbox.waitFor(test, timeoutMs, abort);
  }

  /** every message the agent sent, in order */
  get messages() {
    return this.inbox.list;
  }

  /** @param {NodeJS.Signals} signal */
  signal(signal) {
    if (this.exitInfo) return;
    try {
      process.kill(this.pid, signal);
      this.signalsSent.push(signal);
    } catch {
      // already gone
    }
  }

  /**
   * Graceful stop: the agent writes its data (it may first have to finish the requests still
   * queued on a blocked loop: up to `flushTimeoutMs`), then SIGTERM, then SIGKILL after `graceMs`.
   * @param {{graceMs: number, flushTimeoutMs?: number}} options
   * @returns {Promise<{exit: ExitInfo, escalated: boolean, flushed: boolean}>}
   */
  async stop({ graceMs, flushTimeoutMs = 5000 }) {
    let flushed = false;
    let escalated = false;
    this.tree.sample();
    if (!this.exitInfo) {
      this.send({ cmd: 'stop' });
      const [answer] = await Promise.all([
        this.waitFor((m) => m.type === 'stopped' || (m.type === 'agent-error' && m.cmd === 'stop'), flushTimeoutMs),
        this.loops?.stop(flushTimeoutMs),
      ]);
      flushed = answer?.type === 'stopped';
    }
    if (!this.exitInfo) {
      this.signal('SIGTERM');
      const exit = await Promise.race([this.exited, delay(graceMs, null)]);
      if (!exit) {
        escalated = true;
        this.signal('SIGKILL');
      }
    }
    const exit = await this.exited;
    await this.reapGroup();
    await Promise.race([this.closed, delay(500)]);
    return { exit, escalated, flushed };
  }

  /** Immediate end (second Ctrl-C). */
  async kill() {
    this.tree.sample();
    this.signal('SIGKILL');
    await this.exited;
    await this.reapGroup();
  }

  /**
   * Processes the target started and left behind are ended too: its process group, and the
   * children seen while it ran that had left the group (SIGTERM, then SIGKILL after 1 s).
   */
  async reapGroup() {
    const stray = () => this.tree.alive();
    if (!groupAlive(this.pid) && stray().length === 0) return;
    const signalAll = (/** @type {NodeJS.Signals} */ signal) => {
      try { process.kill(-this.pid, signal); } catch { /* group gone */ }
      for (const pid of stray()) {
        try { process.kill(pid, signal); } catch { /* gone */ }
      }
    };
    signalAll('SIGTERM');
    for (let i = 0; i < 20 && (groupAlive(this.pid) || stray().length); i++) await delay(50);
    signalAll('SIGKILL');
  }

  /** The signal the target died of, when we did not send it. */
  get crashedBySignal() {
    const signal = this.exitInfo?.signal;
    return signal && !this.signalsSent.includes(signal) ? signal : null;
  }
}

/** @param {number} pid */
function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}
