'use strict';
// The watchdog: a worker thread that watches the main thread's heartbeat (a SharedArrayBuffer the
// main thread writes on every beat) and, when a beat is late past the threshold, records what the
// main thread is running with a CPU profile taken through an inspector session to the main thread.
// The session's messages reach the main thread by interrupt, so this works while its loop is
// stuck, even in an endless loop. The profile of a block is written when the block ends, and every
// `chunkMs` while it lasts, so a block that never ends still leaves its stacks behind.
// The Profiler domain is enabled only while capturing (the main thread's profile chunks rely on
// console profiles that would otherwise start a second profiler here), and the time a capture's
// start held the main thread (V8 walks the compiled code) is reported as the tool's.
// Under 0x or clinic flame (`samples`), a capture is stack samples the thread evaluates instead
// (stack-sampler.cjs): V8 logs the ticks those tools read only while no profiler of the inspector
// runs, so a capture with the profiler would take the block itself out of their flame graphs.
// With --threads it watches the app's worker threads the same way: a thread stuck in a loop is
// captured from here, through the main thread's inspector, since its own loop never turns.

const inspector = require('node:inspector');
const { workerData, parentPort, BroadcastChannel } = require('node:worker_threads');
const { epochNow, monotonicToEpochMs } = require('./clock.cjs');
const { writeProfile } = require('./profile-file.cjs');
const { WorkerSessions } = require('./worker-sessions.cjs');
const { files } = require('./wire.cjs');
const { EXITING, HUNG_UP, WAKE, PROFILE_DONE, watchWords, raise, bump } = require('./watch-words.cjs');
const { mainAnswered } = require('./hang-up.cjs');
const { sampleStacks, nowUs, profileOf, microtasksLine } = require('./stack-sampler.cjs');

/**
 * @typedef {object} WatchdogData
 * @property {SharedArrayBuffer} heartbeat Float64 [last beat epoch ms, 1 stop / 2 stop and write nothing, 1 capturing]
 * @property {string} dir
 * @property {number} pid
 * @property {number} resolutionMs
 * @property {number} startAfterMs lateness (beyond the resolution) that starts a capture
 * @property {number} intervalUs sampling interval of a capture
 * @property {boolean} [samples] captures are stack samples, not V8's profiler (see above)
 * @property {number} chunkMs longest capture before it is written and restarted
 * @property {number} pollMs
 * @property {string} [hub] the BroadcastChannel the app's worker threads announce themselves on (--threads)
 * @property {number} [threadProfileUs] with --threads and the profile on: each worker thread's
 *   continuous profile is taken from here, at this interval
 */

const data = /** @type {WatchdogData} */ (workerData);
const session = new inspector.Session();
session.connectToMainThread();

/** @param {string} method @param {object} [params] @returns {Promise<any>} */
function post(method, params) {
  return new Promise((resolve, reject) => {
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const waitAsync = /** @type {(a: Int32Array, i: number, v: number, timeoutMs?: number) => {async: boolean, value: unknown}} */ (/** @type {any} */ (Atomics).waitAsync);
// shared with the main thread: the exit handshake, the wake-up from a nap, its profile's end
const words = watchWords(data.heartbeat);

/**
 * A loop the watchdog watches: the main thread, or a worker thread of the app (--threads), whose
 * inspector is reached through the main thread's (NodeWorker domain; see worker-sessions.cjs).
 * A worker thread's continuous profile is taken from here too (see thread-agent.cjs): started as
 * the thread announces itself, collected when it stops or ends, or when the watch ends.
 * @typedef {{key: string, threadId?: number, beat: Float64Array, flags: Int32Array | null, send: (method: string, params?: object) => Promise<any>,
 *   capturing: boolean, startedAt: number, written: number, profiling: boolean, sampler?: Sampler}} Watched
 * @typedef {ReturnType<typeof sampleStacks>} Sampler
 */

/** @type {Watched} */
const main = { key: String(data.pid), beat: new Float64Array(data.heartbeat, 0, 4), flags: null, send: post, capturing: false, startedAt: 0, written: 0, profiling: false };
/** @type {Watched[]} */
const watched = [main];
const workers = new WorkerSessions(session, post);
/** @type {Set<number>} */
const known = new Set();

/** @param {any} m a thread's announcement (directly, or passed on by the main thread) */
function onThread(m) {
  if (!m || typeof m.from !== 'number' || !(m.beat instanceof SharedArrayBuffer) || known.has(m.from)) return;
  const threadId = m.from;
  known.add(threadId);
  /** @type {Watched} */
  const w = {
    key: `${data.pid}-t${threadId}`, threadId, beat: new Float64Array(m.beat, 0, 4), flags: new Int32Array(m.beat, 32, 2),
    capturing: false, startedAt: 0, written: 0, profiling: false,
    send: (method, params) => workers.send(threadId, method, params),
  };
  watched.push(w);
  bump(words, WAKE); // watched every poll from now on
  if (data.threadProfileUs) startProfile(w).catch((error) => lost(w, 'its CPU profile did not start', error, 'only the watchdog\'s captures of its blocks have stacks'));
}

parentPort?.on('message', (/** @type {any} */ m) => { if (m && m.type === 'thread-hello') onThread(m); });
parentPort?.unref(); // the listener above must not keep this worker alive (the watch loop does)
const hub = data.hub ? new BroadcastChannel(data.hub) : null;
if (data.threadProfileUs) workers.enable().catch((error) => note(`the worker threads' CPU profiles are off: the inspector refused to reach them (${messageOf(error)})`));
if (hub) {
  hub.onmessage = (event) => { const m = /** @type {MessageEvent} */ (event).data; if (m && m.type === 'thread-hello') onThread(m); };
  hub.unref();
}

/** A worker thread's continuous profile, from its start. @param {Watched} w */
async function startProfile(w) {
  try {
    await w.send('Profiler.enable');
    await w.send('Profiler.setSamplingInterval', { interval: data.threadProfileUs });
    await w.send('Profiler.start');
    w.profiling = true;
  } finally {
    if (w.flags) {
      const answered = Atomics.compareExchange(w.flags, 0, 0, w.profiling ? 1 : 2);
      Atomics.notify(w.flags, 0); // the thread's own code may run now
      if (answered === 3 && w.profiling) {
        Atomics.store(w.flags, 0, 1); // profiled after all: its exit waits for the profile
        lost(w, 'its CPU profile started after its code did', new Error('the watchdog answered late: a crowded machine'), 'a loop compiled before that may have no name in its blocks');
      }
    }
  }
}

/** Collects a worker thread's continuous profile. @param {Watched} w */
async function collectProfile(w) {
  if (!w.profiling) return;
  w.profiling = false;
  try {
    const epochOffsetMs = monotonicToEpochMs();
    const { profile } = await w.send('Profiler.stop');
    await w.send('Profiler.disable').catch(() => {});
    if (main.beat[1] !== 2) {
      writeProfile(data.dir, files.profile(w.key, 'c', 1), { kind: 'continuous', epochOffsetMs, intervalUs: data.threadProfileUs ?? 0, profile });
    }
  } finally {
    if (w.flags) {
      Atomics.store(w.flags, 1, 2);
      Atomics.notify(w.flags, 1); // an ending thread may go now
    }
  }
}

/** @type {number | null} processTicksAndRejections's line that runs the microtask queue, for the samples' profiles */
let microLine = null;
if (data.samples) microtasksLine().then((line) => { microLine = line; }, () => {});

/** @param {Watched} w */
async function startCapture(w) {
  w.beat[2] = 1;
  if (data.samples) {
    w.sampler = sampleStacks(w.send, data.intervalUs / 1000);
    w.capturing = true;
    w.startedAt = epochNow();
    return;
  }
  await w.send('Profiler.enable');
  await w.send('Profiler.setSamplingInterval', { interval: data.intervalUs });
  const t = epochNow();
  await w.send('Profiler.start');
  if (w === main) parentPort?.postMessage({ type: 'tool', t, durationMs: epochNow() - t, what: 'block capture start' });
  w.capturing = true;
  w.startedAt = epochNow();
}

/** @param {Watched} w */
async function stopCapture(w) {
  w.capturing = false;
  const epochOffsetMs = monotonicToEpochMs();
  try {
    const sampler = w.sampler;
    if (sampler) {
      w.sampler = undefined;
      const error = await sampler.stop();
      if (error && !sampler.samples.length) throw error;
    }
    const profile = sampler ? profileOf(sampler.samples, sampler.startUs, nowUs(), microLine) : (await w.send('Profiler.stop')).profile;
    if (!sampler) await w.send('Profiler.disable');
    if (main.beat[1] === 2) return; // the tool is gone and its folder with it
    w.written += 1;
    writeProfile(data.dir, files.profile(w.key, 'b', w.written), {
      kind: 'block', epochOffsetMs, intervalUs: data.intervalUs, profile,
    });
  } finally {
    w.beat[2] = 0;
  }
}

/** @param {Watched} w */
async function look(w) {
  const late = epochNow() - w.beat[0] - data.resolutionMs;
  if (!w.capturing && late >= data.startAfterMs && w.beat[0] > 0) {
    await startCapture(w);
  } else if (w.capturing && late < data.startAfterMs / 2) {
    await stopCapture(w); // the loop turned again: the block is over
  } else if (w.capturing && epochNow() - w.startedAt >= data.chunkMs) {
    await stopCapture(w);
    await startCapture(w);
  }
}

/** Consecutive failed looks at the main thread before the watchdog gives up. */
const MAX_FAILURES = 3;

/** Tells the main thread's agent, which writes it down as a note of the report. @param {string} text */
function note(text) {
  parentPort?.postMessage({ type: 'note', text });
}

/** @param {unknown} error */
const messageOf = (error) => String(/** @type {any} */ (error)?.message ?? error);

/**
 * What a failed inspector call cost, as a note (unless the tool is gone and its folder with it).
 * @param {Watched} w @param {string} what @param {unknown} error @param {string} [cost]
 */
function lost(w, what, error, cost) {
  if (main.beat[1] === 2) return;
  const loop = w === main ? 'the main thread' : `worker thread ${w.threadId}`;
  note(`${loop}: ${what} (${messageOf(error)})${cost ? `: ${cost}` : ''}`);
}

const PROFILE_DONE_WAIT_MS = 3000;
// a nap's longest: how late a stop that lost its notification is seen
const MAX_NAP_MS = 2000;
// bench/overhead.js `default~nap`: a look every poll, to see what the naps save
const pollsOnly = String(process.env.EVENTLOOP_PROBE_OFF ?? '').split(',').includes('nap');

/**
 * How long the watch sleeps: while it captures, or watches worker threads too, one poll; else
 * until the main loop would be late enough for a capture if it beats no more by then (a loop that
 * keeps beating pushes that moment on: this thread's loop turns about once per startAfterMs, not
 * once per poll, and a capture still starts at most a poll after a block is that old).
 */
function napMs() {
  if (pollsOnly || watched.length > 1 || main.capturing || main.beat[0] <= 0) return data.pollMs;
  const due = main.beat[0] + data.resolutionMs + data.startAfterMs - epochNow();
  return Math.max(data.pollMs, Math.min(due, MAX_NAP_MS));
}

/** Sleeps `ms`, or until the wake word changes (the main thread's stop). @param {number} ms */
function nap(ms) {
  return Promise.resolve(waitAsync(words, WAKE, Atomics.load(words, WAKE), ms).value);
}

async function watch() {
  let failures = 0;
  while (!main.beat[1]) {
    await nap(napMs());
    for (const w of [...watched]) {
      if (w === main) {
        // an inspector error on one look is said and retried; the capture in progress is lost
        try {
          await look(w);
          failures = 0;
        } catch (error) {
          if (main.beat[1]) break; // the run is over: its session went away
          w.capturing = false;
          w.beat[2] = 0;
          failures += 1;
          if (failures === 1) note(`a stack capture failed (${messageOf(error)}): a block then may have no watchdog stack`);
          if (failures >= MAX_FAILURES) throw error;
        }
        continue;
      }
      // a worker thread that stopped or ends: its profile is collected, and it is no longer watched
      if ((w.beat[1] || (w.flags && Atomics.load(w.flags, 1) === 1)) && !w.capturing) {
        watched.splice(watched.indexOf(w), 1);
        await collectProfile(w).catch((error) => lost(w, 'its CPU profile was lost', error));
        continue;
      }
      // a thread profiled from its start needs no capture: its profile is collected even if it is stuck
      if (!w.profiling) {
        await look(w).catch((error) => {
          w.capturing = false;
          w.beat[2] = 0;
          // a thread that ended mid-capture took its capture with it: said only when it had not ended
          if (!w.beat[1] && !(w.flags && Atomics.load(w.flags, 1) === 1)) lost(w, 'a stack capture failed', error, 'a block then may have no watchdog stack');
        });
      }
    }
  }
  // the main thread's own profiler session ends first: an inspector session of ours that goes
  // away while the main thread is inside a synchronous call of its own (Profiler.stop) can hang
  // that call (seen on Node 24)
  await waitAsync(words, PROFILE_DONE, 0, PROFILE_DONE_WAIT_MS).value;
  for (const w of watched) {
    if (w.capturing) await stopCapture(w).catch((error) => lost(w, 'the stack capture in progress at the end was lost', error));
    await collectProfile(w).catch((error) => lost(w, 'its CPU profile was lost', error));
  }
}

// The process exits: hang up first (see stacks.cjs beforeExit), then say so.
Promise.resolve(waitAsync(words, EXITING, 0).value).then(() => {
  if (Atomics.load(words, EXITING) !== 1) return;
  try { session.disconnect(); } catch { /* already gone */ }
  raise(words, HUNG_UP);
});

// Inspector replies hold no handle of the worker's loop: keep it turning while we watch (the
// worker itself is unref'ed, so this never keeps the app alive).
const keepAlive = setInterval(() => {}, 1 << 30);
watch()
  .catch(async (error) => {
    // the main thread is exiting (quiet), or the inspector kept failing: said, with what it costs
    if (main.beat[1] || Atomics.load(words, EXITING) === 1) return;
    note(`the stack watchdog stopped after ${MAX_FAILURES} failed captures (${messageOf(error)}): later blocks have no watchdog stack`);
    // Hang up now and stay until the run ends. The main thread removes our session on its side
    // later, and tells this thread's side to delete its end of it: a thread that ended right
    // after hanging up could be gone by then, and that aborts the whole process (SIGABRT, seen on
    // Node 22 when the captures failed at start-up).
    try { session.disconnect(); } catch { /* already gone */ }
    while (!main.beat[1] && Atomics.load(words, EXITING) !== 1) await nap(MAX_NAP_MS);
  })
  .finally(async () => {
    Atomics.notify(words, EXITING); // releases our own wait on the exit flag: nothing keeps this thread alive
    hub?.close();
    await workers.close().catch(() => {});
    try { session.disconnect(); } catch { /* already gone */ }
    if (parentPort) await mainAnswered(parentPort, 'done'); // this thread ends after that (hang-up.cjs)
    clearInterval(keepAlive);
  });
