'use strict';
// --threads, in a worker thread of the app: the same recorder as the main thread's (heartbeat,
// blocks, GC), with its files named for the thread (events-<pid>-t<threadId>.ndjson ...). Its
// commands come from the main thread's hub on a BroadcastChannel; its heartbeat is shared with the
// hub and the watchdog, which see a stuck thread from outside.
//
// Its CPU profile is taken from outside, by the watchdog (through the main thread's inspector), so
// it can be collected even from a thread stuck in a loop: a profiler started once the thread is
// stuck would not know the code already running (V8 names no frame of code compiled before it
// started, such as a loop's optimised code). So the agent waits here, before any of the thread's
// own code runs, until the watchdog has started that profile (150-200 ms on a busy machine; the
// inspector's messages reach a thread even while it waits), and when the thread ends, it waits
// again until the watchdog has collected the profile. A thread that waited in vain goes on and
// says so in the shared flag, so a profile that starts later is reported as late. Without a
// watchdog (--stacks none, or an inspector already open) the thread profiles itself.
// It never starts a worker of its own. Unref'ed: a worker with nothing else to do still exits.

const { threadId } = require('node:worker_threads');
const { openHub } = require('./thread-hub.cjs');
const { osThreadId } = require('./run-wait.cjs');

// a crowded CI machine took more than 500 ms; the wait ends as soon as the watchdog answers
const PROFILE_START_WAIT_MS = 3000;
const PROFILE_COLLECT_WAIT_MS = 1000;

/**
 * The heartbeat a thread shares: Float64 [0] last beat, [1] stop, [2] capturing, [3] CPU time at
 * the last beat (as the main thread's), then Int32 (bytes 32-39) [0] 1 once the watchdog profiles
 * the thread, 2 it could not, 3 the thread stopped waiting for it, [1] 1 the thread is ending, 2
 * its profile is collected, then Float64 [5] its wait for a CPU at the last beat.
 */
function threadBeat() {
  const buffer = new SharedArrayBuffer(48);
  return { buffer, flags: new Int32Array(buffer, 32, 2) };
}

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @returns {{finish: () => void, close: () => void, discard: () => void}}
 */
function startThreadAgent(config) {
  const { start } = require('./recorder.cjs');
  const { buffer, flags } = threadBeat();
  const hub = openHub(process.pid);
  /** @type {(command: {cmd: string}) => void} */
  let onCommand = () => {};
  let discarded = false;
  hub.onmessage = (event) => {
    const m = /** @type {MessageEvent} */ (event).data;
    if (!m || typeof m.cmd !== 'string' || (m.to !== undefined && m.to !== threadId)) return;
    if (m.cmd === 'discard') {
      discarded = true;
      recorder.discard();
      return;
    }
    onCommand(m);
  };
  hub.unref();
  const channel = {
    /** @param {object} message */
    send(message) { if (!discarded) hub.postMessage({ ...message, from: threadId }); },
    close() { hub.close(); },
  };
  hub.postMessage({ type: 'thread-hello', from: threadId, beat: buffer, tid: osThreadId() });
  const fromOutside = Boolean(config.profile && config.threadsProfiled);
  if (fromOutside && Atomics.wait(flags, 0, 0, PROFILE_START_WAIT_MS) === 'timed-out') Atomics.compareExchange(flags, 0, 0, 3);
  const recorder = start({ ...config, channelFd: undefined, profile: config.profile && !fromOutside }, {
    loop: { key: `${process.pid}-t${threadId}`, beat: buffer, channel: (handler) => { onCommand = handler; return channel; } },
  });
  if (fromOutside) {
    process.on('exit', () => {
      if (Atomics.load(flags, 0) !== 1) return; // never profiled: nothing to wait for
      Atomics.store(flags, 1, 1);
      Atomics.notify(flags, 1);
      Atomics.wait(flags, 1, 1, PROFILE_COLLECT_WAIT_MS);
    });
  }
  return recorder;
}

module.exports = { startThreadAgent, threadBeat };
