'use strict';
// --threads, in the main thread: the worker threads' agents report here (on a BroadcastChannel of
// this process) and get the tool's commands from here. It also looks at each thread from outside,
// so a thread whose loop never turns still has its figures: its heartbeat (a SharedArrayBuffer the
// thread writes on every beat; the watchdog reads it too and captures the stack of a stuck thread)
// and its utilisation through the app's own Worker object (worker.performance.eventLoopUtilization(),
// the Worker announced by Node's 'worker_threads' diagnostics channel). Only an 'exit' listener is
// added to the app's Worker: an 'error' listener would change what an uncaught error does.

const dc = require('node:diagnostics_channel');
const { BroadcastChannel } = require('node:worker_threads');
const { epochNow } = require('./clock.cjs');
const { schedstatReader } = require('./run-wait.cjs');
const { loadMessageEvent } = require('./message-event.cjs');

// commands a thread that starts later still needs, in order
const CATCH_UP = ['start', 'window', 'window-end'];

/** @param {number} pid */
const hubName = (pid) => `eventloop-probe:loops:${pid}`;

/** This thread's end of the hub channel (its messages reach the loop as MessageEvents). @param {number} pid */
function openHub(pid) {
  loadMessageEvent();
  return new BroadcastChannel(hubName(pid));
}

/**
 * @typedef {{threadId: number, beat: Float64Array | null, worker: any, eluStart: any, hello: boolean,
 *   stopped: boolean, exited: boolean, sched: ReturnType<typeof schedstatReader> | null}} ThreadState
 *   sched: the thread's CPU times, read from outside (Linux); closed when the thread exits or the hub closes
 */

class ThreadHub {
  /**
   * @param {(event: object) => void} push into the main thread's event log
   * @param {(threadId: number, beat: SharedArrayBuffer) => void} watch hands a thread's heartbeat to the watchdog
   */
  constructor(push, watch) {
    this.push = push;
    this.watch = watch;
    /** @type {Map<number, ThreadState>} */
    this.threads = new Map();
    /** @type {string[]} */
    this.sent = [];
    /** @type {(() => void) | null} */
    this.onStopped = null;
    this.channel = openHub(process.pid);
    this.channel.onmessage = (event) => this.onMessage(/** @type {MessageEvent} */ (event).data);
    this.channel.unref(); // after the handler: setting one refs the channel
    this.onWorker = (/** @type {any} */ message) => this.track(message && message.worker);
    dc.subscribe('worker_threads', this.onWorker);
  }

  /** @param {number} threadId @returns {ThreadState} */
  state(threadId) {
    let s = this.threads.get(threadId);
    if (!s) {
      s = { threadId, beat: null, worker: null, eluStart: null, hello: false, stopped: false, exited: false, sched: null };
      this.threads.set(threadId, s);
    }
    return s;
  }

  /** A Worker the app created (from this thread). @param {any} worker */
  track(worker) {
    if (!worker || typeof worker.threadId !== 'number') return;
    const s = this.state(worker.threadId);
    s.worker = worker;
    worker.once('exit', (/** @type {number} */ code) => {
      s.exited = true;
      s.sched?.close();
      this.push({ type: 'thread-exit', threadId: s.threadId, t: epochNow(), code });
      // nothing of an ended thread is kept: an app whose pool replaces threads all day grows no list
      this.threads.delete(s.threadId);
      this.settle();
    });
  }

  /** @param {any} m */
  onMessage(m) {
    if (!m || typeof m.from !== 'number') return;
    const s = this.state(m.from);
    if (m.type === 'thread-hello') {
      s.hello = true;
      if (typeof m.tid === 'number' && !s.sched) s.sched = schedstatReader(`/proc/${process.pid}/task/${m.tid}/schedstat`);
      if (m.beat instanceof SharedArrayBuffer) {
        s.beat = new Float64Array(m.beat, 0, 6);
        this.watch(s.threadId, m.beat);
      }
      for (const cmd of this.sent) this.channel.postMessage({ cmd, to: s.threadId });
      if (this.sent.includes('start')) s.eluStart = this.elu(s);
    } else if (m.type === 'stopped') {
      s.stopped = true;
      this.settle();
    }
  }

  /** @param {ThreadState} s */
  elu(s) {
    try {
      return s.worker && !s.exited ? s.worker.performance.eventLoopUtilization() : null;
    } catch {
      return null;
    }
  }

  /** The tool's command, passed on to every thread. @param {string} cmd */
  command(cmd) {
    if (CATCH_UP.includes(cmd)) this.sent.push(cmd);
    if (cmd === 'start' || cmd === 'window') for (const s of this.threads.values()) s.eluStart = this.elu(s);
    if (cmd === 'window-end') this.outsideView();
    this.channel.postMessage({ cmd });
  }

  /** What is seen of each thread from outside as the window closes. */
  outsideView() {
    const t = epochNow();
    for (const s of this.threads.values()) {
      if (s.exited || (!s.hello && !s.worker)) continue;
      const now = this.elu(s);
      const elu = now && s.eluStart && s.worker
        ? s.worker.performance.eventLoopUtilization(now, s.eluStart) : null;
      const sched = s.sched?.read() ?? null;
      this.push({
        type: 'thread-outside', threadId: s.threadId, t,
        lastBeat: s.beat && s.beat[0] > 0 ? s.beat[0] : null,
        // the thread's CPU time since its last heartbeat: a stuck thread computing, or waiting
        runSinceBeatMs: sched && s.beat && s.beat[0] > 0 ? Math.max(0, sched.runMs - s.beat[3]) : null,
        waitSinceBeatMs: sched && s.beat && s.beat[0] > 0 ? Math.max(0, sched.waitMs - s.beat[5]) : null,
        elu: elu ? { utilization: elu.utilization, activeMs: elu.active, idleMs: elu.idle } : null,
      });
    }
  }

  /**
   * Asks every thread to stop and write its data; resolves when all the live ones answered, or
   * after `timeoutMs` (a thread stuck in a loop never answers: the watchdog's capture has its stack).
   * @param {number} timeoutMs @returns {Promise<void>}
   */
  stop(timeoutMs) {
    this.channel.postMessage({ cmd: 'stop' });
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      timer.unref();
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.onStopped = done;
      this.settle();
    });
  }

  settle() {
    if (!this.onStopped) return;
    const waiting = [...this.threads.values()].some((s) => s.hello && !s.stopped && !s.exited);
    if (!waiting) this.onStopped();
  }

  /** The tool is gone: threads write nothing more. */
  discard() {
    this.channel.postMessage({ cmd: 'discard' });
  }

  close() {
    dc.unsubscribe('worker_threads', this.onWorker);
    this.channel.close();
    for (const s of this.threads.values()) s.sched?.close();
  }
}

module.exports = { ThreadHub, hubName, openHub };
