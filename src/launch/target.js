// A target process: spawned with the agent preloaded, in its own process group (a Ctrl-C on the
// terminal reaches us, not it, so we can stop it gracefully), with a side channel on fd 3. With
// `run -- <command>` the process spawned may be a launcher (npm, npx, a shell): then the process
// measured is the Node.js process of its tree that listens, found through the claim server, and
// the whole group is stopped as a terminal's Ctrl-C would.

import { spawn } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import { DescendantTracker, procInfo, commandLineOf } from '../proc/descendants.js';
import { AgentMessages } from './agent-messages.js';
import wire from '../agent/wire.cjs';

export const CHANNEL_FD = 3;
const TREE_SAMPLE_MS = 500;

/**
 * @typedef {{code: number | null, signal: NodeJS.Signals | null, at: number}} ExitInfo
 * @typedef {import('./agent-messages.js').AgentMessage} AgentMessage
 */

export class Target {
  /**
   * @param {{command: string[], cwd: string, env: NodeJS.ProcessEnv, output: import('./output-log.js').OutputLog,
   *   loops?: import('./loop-sockets.js').LoopSockets, launcher?: boolean, claims?: import('./claims.js').ClaimServer | null,
   *   wantPort?: number}} options
   *   command: the program and its arguments; loops: the cluster workers' channels, which get every command too;
   *   launcher: the process spawned is not the app (no agent from its start, no fd 3); claims: where the
   *   command's Node.js processes offer themselves when they listen; wantPort: --port
   */
  constructor(options) {
    this.startedAt = Date.now();
    this.loops = options.loops ?? null;
    this.launcher = Boolean(options.launcher);
    this.claims = options.claims ?? null;
    this.wantPort = options.wantPort;
    /** @type {ExitInfo | null} the measured process's end (the spawned one's while no other is measured) */
    this.exitInfo = null;
    /** @type {ExitInfo | null} the spawned process's own end */
    this.commandExit = null;
    /** @type {number | null} the process measured when it is not the one spawned (found by its listen) */
    this.claimedPid = null;
    /** @type {string | null} its command line */
    this.claimedCommandLine = null;
    /** @type {NodeJS.Signals[]} signals we sent */
    this.signalsSent = [];
    const [program, ...args] = options.command;
    this.child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: this.launcher ? ['ignore', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    this.pid = this.child.pid ?? 0;
    this.tree = new DescendantTracker(this.pid);
    this.treeTimer = setInterval(() => this.tree.sample(), TREE_SAMPLE_MS);
    this.treeTimer.unref();
    this.child.stdout?.on('data', (chunk) => options.output.write(chunk));
    this.child.stderr?.on('data', (chunk) => options.output.write(chunk, 'stderr'));
    /** @type {Error | null} */
    this.spawnError = null;
    /** @type {(info: ExitInfo) => void} */
    let endMeasured = () => {};
    /** @type {Promise<ExitInfo>} the measured process ended */
    this.exited = new Promise((resolve) => { endMeasured = resolve; });
    /** @param {ExitInfo} info */
    this.end = (info) => {
      clearInterval(this.treeTimer);
      this.exitInfo ??= info;
      endMeasured(this.exitInfo);
    };
    /** @type {Promise<ExitInfo>} the spawned process ended */
    this.commandExited = new Promise((resolve) => {
      /** @param {number | null} code @param {NodeJS.Signals | null} signal */
      const onExit = (code, signal) => {
        this.commandExit ??= { code, signal, at: Date.now() };
        if (this.claimedPid === null) this.end(this.commandExit);
        resolve(this.commandExit);
      };
      this.child.once('error', (error) => {
        this.spawnError = error;
        onExit(null, null);
      });
      this.child.once('exit', onExit);
    });
    /** stdio drained (children of the target may hold it open longer) */
    this.closed = new Promise((resolve) => this.child.once('close', resolve));
    this.inbox = new AgentMessages(() => this.exited);
    if (this.claims) {
      this.claims.handlers = {
        decide: (claim, late) => this.decide(claim, late),
        onMeasured: (claim) => this.measureClaimed(claim),
        onMessage: (message) => this.inbox.push(message),
        onGone: () => this.end({ code: null, signal: null, at: Date.now() }),
      };
    }
    this.channel = /** @type {import('node:net').Socket | null} */ (this.launcher ? null : this.child.stdio[CHANNEL_FD]);
    if (this.channel) {
      // the spawned process's agent: the app's, unless a process below it is measured instead
      this.inbox.read(this.channel, () => this.claimedPid === null);
      // its own listen comes first: the command's other processes stop watching
      this.inbox.listeners.add((m) => { if (m.type === 'listen' && this.claimedPid === null) this.claims?.startedAppListened(); });
    }
  }

  /**
   * A claim of the command's tree: the spawned process's own agent (not a launcher) keeps the
   * app when it listened first; --port filters; a cluster worker waits for its primary.
   * @param {import('./claims.js').Claim} claim @param {boolean} late
   * @returns {import('./claims.js').Decision}
   */
  decide(claim, late) {
    if (this.claimedPid !== null) return claim.clusterWorker && claim.ppid === this.claimedPid ? 'worker' : 'ignore';
    if (!this.launcher && this.inbox.list.some((m) => m.type === 'listen')) return 'ignore';
    if (this.wantPort && claim.port !== this.wantPort) return 'pass';
    if (claim.clusterWorker && !late) return 'wait';
    return 'measure';
  }

  /** The process found by its listen is the one measured from now on. @param {import('./claims.js').Claim} claim */
  measureClaimed(claim) {
    this.claimedPid = claim.pid;
    this.claimedCommandLine = commandLineOf(claim.pid);
    this.inbox.list.length = 0; // what the spawned process's agent said is not the app's
    if (this.channel?.writable) this.channel.write(wire.encode({ cmd: 'discard' }));
  }

  /** @param {{cmd: string}} command */
  send(command) {
    if (this.claimedPid !== null) this.claims?.send(command);
    else if (this.channel?.writable) this.channel.write(wire.encode(command));
    if (command.cmd !== 'stop') this.loops?.send(command);
  }

  /** @type {AgentMessages['waitFor']} */
  waitFor(test, timeoutMs, abort) {
    return this.inbox.waitFor(test, timeoutMs, abort);
  }

  /** every message the measured agent sent, in order */
  get messages() {
    return this.inbox.list;
  }

  /** @param {NodeJS.Signals} signal */
  signal(signal) {
    if (this.launcher || this.claimedPid !== null) {
      this.signalTree(signal);
      return;
    }
    if (this.exitInfo) return;
    try {
      process.kill(this.pid, signal);
      this.signalsSent.push(signal);
    } catch {
      // already gone
    }
  }

  /**
   * The command's whole group, as a terminal's Ctrl-C reaches every process of `npm start`, and the
   * measured process itself if it left the group.
   * @param {NodeJS.Signals} signal
   */
  signalTree(signal) {
    this.signalsSent.push(signal);
    try { process.kill(-this.pid, signal); } catch { /* group gone */ }
    const measured = this.claimedPid !== null ? procInfo(this.claimedPid) : null;
    if (measured && measured.pgrp !== this.pid) {
      try { process.kill(measured.pid, signal); } catch { /* gone */ }
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
    if (!this.exitInfo || (this.launcher && !this.commandExit)) {
      this.signal('SIGTERM');
      const exit = await Promise.race([this.exited, delay(graceMs, null)]);
      if (!exit) {
        escalated = true;
        this.signal('SIGKILL');
      }
    }
    const exit = await this.exited;
    // a launcher ends once its child did (npm after the app); what it does not end, the group reap does
    if (this.claimedPid !== null) await Promise.race([this.commandExited, delay(graceMs)]);
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
