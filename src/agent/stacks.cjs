'use strict';
// Who was running: the continuous CPU profile (a main-thread inspector session, sampled by V8's
// profiler thread) and the watchdog worker that captures the stacks of blocks as they happen.
// Only the Profiler domain is used: enabling the Debugger deoptimises the running code.
//
// Starting V8's profiler walks the heap for every function compiled so far: on an app that has
// loaded a framework that stalls the loop for 50-200 ms. So the profile starts with the agent,
// before the app's code exists, and is never restarted: it is cut into chunks by overlapping
// profiles (see profile-chunks.cjs), which never stops the profiler itself.

const inspector = require('node:inspector');
const path = require('node:path');
const { Worker } = require('node:worker_threads');
const { ProfileChunks } = require('./profile-chunks.cjs');
const { hubName } = require('./thread-hub.cjs');
const { loadMessageEvent } = require('./message-event.cjs');
const { readSchedstatOnce } = require('./run-wait.cjs');
const { ENV_NAME } = require('./wire.cjs');
const { EXITING, HUNG_UP, WAKE, PROFILE_DONE, watchWords, raise, bump } = require('./watch-words.cjs');
const { answer } = require('./hang-up.cjs');

const CHUNK_MS = 1000;
const EXIT_WAIT_MS = 200;
// With the continuous profile on, blocks are already sampled; the watchdog steps in only for a
// block this long, which may never end (its chunk would then never be written).
const ONGOING_AFTER_MS = 1000;

/**
 * Heartbeat shared with the watchdog (Float64Array over a SharedArrayBuffer):
 * [0] epoch ms of the last beat, [1] 1 stop / 2 stop and write nothing, [2] 1 while it captures,
 * [3] the loop thread's CPU time at the last beat (ms; read from outside to tell a stuck thread
 * that computes from one that waits), and for a worker thread [5] its wait for a CPU then; for the
 * main thread, the Int32 words it shares with its watchdog after them (watch-words.cjs).
 * A worker thread's loop (--threads) brings its own heartbeat, shared with the main thread's
 * watchdog, which captures the thread's stack when it is stuck: it starts no watchdog of its own.
 * @param {import('./config.cjs').AgentConfig} config
 * @param {(event: object) => void} push
 * @param {{key: string, beat: SharedArrayBuffer}} [loop] a worker thread's loop
 */
function startStacks(config, push, loop) {
  const heartbeat = loop ? loop.beat : new SharedArrayBuffer(48);
  const beat = loop ? new Float64Array(heartbeat) : new Float64Array(heartbeat, 0, 4);
  // the exit handshake with the watchdog, its wake-up from a nap, and the end of our profile
  // session, after which it may hang up its own
  const words = loop ? null : watchWords(heartbeat);
  const wakeWatchdog = () => { if (words) bump(words, WAKE); };
  const endedProfile = () => { if (words) raise(words, PROFILE_DONE); };
  const wantProfile = config.profile;
  const wantWatchdog = config.stacks === 'running' && !loop;
  if (!wantProfile && !wantWatchdog && !loop) return null;
  if (inspector.url() && !config.ownInspector) {
    push({ type: 'note', text: 'an inspector is already open (--inspect): stacks and the CPU profile are off so as not to disturb it; delay and blocks are still measured' });
    return null;
  }

  const chunks = wantProfile ? new ProfileChunks(config, push, () => beat[2] === 1, loop ? loop.key : String(process.pid)) : null;
  if (!chunks) endedProfile();
  beat[0] = Date.now();
  const sched = readSchedstatOnce();
  beat[3] = sched?.runMs ?? 0;
  if (beat.length > 5) beat[5] = sched?.waitMs ?? 0;

  /** @type {Worker | null} */
  let worker = null;
  /** @type {() => void} */
  let resolveFinished = () => {};
  /** resolves once the watchdog has written what it holds (the worker threads' profiles) */
  const finished = new Promise((resolve) => { resolveFinished = () => resolve(undefined); });
  let watching = wantWatchdog;
  const watchdogDone = () => {
    watching = false;
    resolveFinished();
  };
  // --threads: the watchdog profiles each worker thread from outside (see thread-agent.cjs)
  const profilesThreads = Boolean(wantWatchdog && wantProfile && config.threads && config.role === 'main' && !config.ownInspector);
  if (wantWatchdog) {
    loadMessageEvent(); // its messages reach this loop as MessageEvents
    worker = new Worker(path.join(__dirname, 'watchdog-worker.cjs'), {
      workerData: {
        heartbeat, dir: config.dir, pid: process.pid, resolutionMs: config.resolutionMs,
        startAfterMs: wantProfile ? ONGOING_AFTER_MS : config.thresholdMs,
        intervalUs: config.stackIntervalMs * 1000, chunkMs: CHUNK_MS, samples: config.captureWith === 'samples',
        // with the profile on, the watchdog acts only after a second of blocking: no need to look often
        pollMs: wantProfile ? 100 : Math.max(2, Math.min(10, config.thresholdMs / 5)),
        // --threads: the worker threads announce themselves here, and are profiled from here
        ...(profilesThreads ? { hub: hubName(process.pid), threadProfileUs: config.profileIntervalUs } : {}),
      },
      stdout: true, stderr: true, // nothing of ours reaches the app's output
      env: { ...process.env, [ENV_NAME]: '' }, // our preload stays inert in our own worker
    });
    worker.on('message', (message) => {
      if (message === 'done') {
        watchdogDone();
        answer(worker); // it may end now (hang-up.cjs)
      }
      else if (message && (message.type === 'tool' || message.type === 'note')) push(message);
    });
    worker.on('exit', () => watchdogDone());
    worker.on('error', (error) => push({ type: 'note', text: `the stack watchdog stopped: ${error.message}` }));
    worker.unref(); // after the listeners: adding a 'message' listener refs the worker again
  }

  return {
    /** the worker threads' profiles are the watchdog's to take */
    profilesThreads,
    /** @param {number} now epoch ms of a heartbeat @param {{runMs: number, waitMs: number} | null} sched the loop thread's CPU times so far */
    beat(now, sched) {
      beat[0] = now;
      if (!sched) return;
      beat[3] = sched.runMs;
      if (beat.length > 5) beat[5] = sched.waitMs; // a worker thread's heartbeat (thread-agent.cjs)
    },
    /** a worker thread's heartbeat, for the watchdog to watch too @param {number} threadId @param {SharedArrayBuffer} buffer */
    watchThread(threadId, buffer) { worker?.postMessage({ type: 'thread-hello', from: threadId, beat: buffer }); },
    /**
     * After stop(): the watchdog has written what it holds, or `timeoutMs` passed.
     * @param {number} timeoutMs @returns {Promise<void>}
     */
    settled(timeoutMs) {
      if (!worker) return Promise.resolve();
      return Promise.race([finished, new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]).then(() => {});
    },
    /** before the load starts: the start-up samples go, the window's chunks begin */
    prepare() { chunks?.begin(); },
    /** the tool is gone: no profile is written from now on */
    discard() { beat[1] = 2; wakeWatchdog(); chunks?.discard(); },
    /**
     * The process is exiting: the watchdog hangs up its inspector session first (a session still
     * attached at exit makes Node print "Waiting for the debugger to disconnect..."). Waits 200 ms
     * at most; the inspector's messages still reach this thread while it waits.
     */
    beforeExit() {
      if (!watching || !words || beat[1] === 2) return; // it has hung up already
      raise(words, EXITING);
      Atomics.wait(words, HUNG_UP, 0, EXIT_WAIT_MS);
    },
    /** the run is over (after the measured window), or the process exits */
    stop() {
      beat[1] = Math.max(beat[1], 1);
      wakeWatchdog();
      try {
        chunks?.end();
      } finally {
        endedProfile();
      }
    },
  };
}

module.exports = { startStacks };
