'use strict';
// The agent left on in production (`node --require eventloop-probe/register`, or `monitor()`):
// the same heartbeat, GC observer and request meter as `run`'s, and a worker thread that captures
// what runs while the loop is blocked, names the culprit, the line that called it and the fix (the
// same analysis as `run`'s, off the app's thread), and writes one JSON line per block and a
// "stats" line every so often. The app's thread only beats, counts and posts small messages.
// Never throws into the app, installs no signal handler, keeps nothing alive (its timers and
// worker are unref'ed), and stops everything on stop().

const path = require('node:path');
const diagnostics = require('node:diagnostics_channel');
const { EventEmitter } = require('node:events');
const { Worker, isMainThread, threadId } = require('node:worker_threads');
const { LoopMonitor } = require('../agent/loop-monitor.cjs');
const { GcObserver } = require('../agent/gc-observer.cjs');
const { RequestMeter } = require('../agent/request-meter.cjs');
const { isStarved } = require('../agent/starved.cjs');
const { epochNow } = require('../agent/clock.cjs');
const { startOtel } = require('./otel.cjs');
const { answer } = require('../agent/hang-up.cjs');
const { loadMessageEvent } = require('../agent/message-event.cjs');
const { sigprofCaught } = require('../agent/sampling-profiler.cjs');

const LONG_GC_MS = 10;
// a block's garbage collection is sent once the collections around its end are in
const SETTLE_MS = 50;
// garbage-collection events kept for the blocks to come: the last this many of each kind
const KEEP_GC = 500;
// with EVENTLOOP_PROBE_GC=sample, the share of each stats interval, its end, in which collections are observed
const GC_SAMPLE_SHARE = 0.1;
// published once a server of this thread listens (net's listen, which http, https and the frameworks call)
const LISTENED = 'tracing:net.server.listen:asyncEnd';
/** Marks our own worker: the register preload that the worker inherits stays inert in it. */
const OWN_WORKER = '__eventloopProbeProduction';

/**
 * @param {import('./settings.cjs').ProductionSettings} settings
 * @returns {EventEmitter & {stop: () => void}} emits 'block' (the analysed block, as its log line says it)
 */
function startMonitor(settings) {
  const emitter = /** @type {EventEmitter & {stop: () => void}} */ (new EventEmitter());
  const loop = isMainThread ? 'main' : `thread:${threadId}`;
  // [0] last beat epoch ms, [1] 1: stop, [2] 1: a capture runs; then a word the worker sleeps
  // on: set and notified when a message is posted to it (it reads them without a turn of its loop)
  const heartbeat = new SharedArrayBuffer(40);
  const beat = new Float64Array(heartbeat, 0, 4);
  const mail = new Int32Array(heartbeat, 32, 1);
  const wake = () => {
    Atomics.store(mail, 0, 1);
    Atomics.notify(mail, 0);
  };
  /** @type {Worker | null} */
  let worker = null;
  const post = (/** @type {object} */ m) => {
    try {
      if (!worker) return;
      worker.postMessage(m);
      wake();
    } catch {
      // the worker is gone: the app goes on
    }
  };
  // pieces turned off to see what each costs (bench/overhead.js: register~requests+gc; ~gcsample
  // observes every collection)
  const off = String(process.env.EVENTLOOP_PROBE_OFF ?? '').split(',');
  const gcMode = off.includes('gc') ? 'off' : off.includes('gcsample') ? 'all' : settings.gc;
  const gcWindowMs = settings.statsS * 1000 * GC_SAMPLE_SHARE;
  const requests = settings.requests && !off.includes('requests') ? new RequestMeter((event) => post(event), { perS: settings.requestsPerS }) : null;
  let blocks = 0;
  // The garbage collector's pauses stay here (bounded) until a block needs them: no message, and
  // no wake-up of the worker, per collection.
  /** @type {{t: number, durationMs: number}[]} */
  const gcPauses = [];
  /** @type {{t: number, endT: number, totalMs: number, count: number}[]} */
  const gcRuns = [];
  /** @type {{t: number, end: number}[]} blocks whose garbage collection is not sent yet */
  const settling = [];
  // the spans in which collections were observed (the last few; `to` Infinity: still observing)
  /** @type {{from: number, to: number}[]} */
  const gcSpans = [];
  let gcObservedMs = 0;
  let nextStats = Infinity;
  let otel = /** @type {ReturnType<typeof startOtel>} */ (null);
  let stopped = false;
  // A sampling profiler ran on the loop's thread in this stats interval: the worker's capture (seen
  // at a beat), or another's (an APM's), on at the interval's start or end. Its signals make libuv
  // count idle time as busy: an idle service read 0.67 under a 10 ms profiler. The interval's
  // utilisation is then capped by the thread's time (loop-monitor.cjs summary()).
  let profiled = isMainThread && sigprofCaught();
  /** @type {NodeJS.Immediate | undefined} */
  let firstTurn;
  // The first server that listens ends the app's start-up (no request could wait on a server that
  // did not listen yet): a 'listen' line, and the report shows the blocks before it apart. It closes
  // the start-up's stats interval two beats later (a block at start-up ends at the beat after the
  // listen, which net publishes in that turn), a stats line with `startup`.
  let startup = false;
  let startupBeats = 0;
  const listened = () => {
    unlisten();
    post({ type: 'listen', t: epochNow() });
    startupBeats = 2;
  };
  const unlisten = () => {
    try {
      diagnostics.unsubscribe(LISTENED, listened);
    } catch {
      // never into the app
    }
  };
  const monitor = new LoopMonitor({ resolutionMs: settings.resolutionMs, thresholdMs: settings.thresholdMs, windowMs: 1000, timeline: false }, (block) => {
    blocks++;
    // a stall its thread spent waiting for a CPU all but less than a threshold of (the machine's, as
    // the log will say) does not make the meter follow every request for a minute
    requests?.block(block.t, block.durationMs, !isStarved(block.durationMs, block.waitMs ?? 0, settings.thresholdMs));
    settling.push({ t: block.t, end: block.t + block.durationMs });
    // served: the app has served HTTP requests (its worker then keeps a capture on a little after a block)
    post({ type: 'block', ...block, served: Boolean(requests && requests.served > 0) });
  }, (now) => {
    beat[0] = now;
    if (beat[2] === 1) profiled = true;
    requests?.tune(now);
    // the agent's other work rides on the heartbeat: no timer of its own to wake an idle loop
    if (settling.length || requests?.pending.length) settle(now, false);
    if (gcMode === 'sample' && now >= nextStats - gcWindowMs) startGc(now);
    if (startupBeats > 0 && --startupBeats === 0 && settings.statsS > 0) {
      nextStats = now + settings.statsS * 1000;
      startup = true;
      stats();
      startup = false;
    } else if (now >= nextStats) {
      nextStats = now + settings.statsS * 1000;
      stats();
    }
  });
  const gc = new GcObserver(LONG_GC_MS, (t, durationMs) => {
    if (durationMs >= LONG_GC_MS) keep(gcPauses, { t, durationMs });
  }, (run) => keep(gcRuns, run));

  /**
   * Sends what the blocks that have settled need besides their capture: the requests around them
   * and the garbage collection in them. @param {number} now @param {boolean} all
   */
  function settle(now, all) {
    requests?.flush(all);
    const due = settling.filter((b) => all || now - b.end >= SETTLE_MS);
    if (!due.length) return;
    gc.drain();
    for (const b of due) {
      settling.splice(settling.indexOf(b), 1);
      const inBlock = (/** @type {number} */ from, /** @type {number} */ to) => from < b.end && to > b.t;
      // not observed throughout: the analysis takes the block's collection from its capture's samples
      if (!gcSpans.some((s) => s.from <= b.t && s.to >= b.end)) post({ type: 'block-gc', t: b.t, observed: false });
      else post({ type: 'block-gc', t: b.t, pauses: gcPauses.filter((p) => inBlock(p.t, p.t + p.durationMs)), runs: gcRuns.filter((r) => inBlock(r.t, r.endT)) });
    }
  }

  /** @param {number} now */
  function startGc(now) {
    const span = gcSpans[gcSpans.length - 1];
    if (gcMode === 'off' || (span && span.to === Infinity)) return;
    gc.start();
    gcSpans.push({ from: now, to: Infinity });
    if (gcSpans.length > 4) gcSpans.shift();
  }

  /** @param {number} now */
  function stopGc(now) {
    const span = gcSpans[gcSpans.length - 1];
    if (!span || span.to !== Infinity) return;
    gc.stop();
    span.to = now;
    gcObservedMs += now - span.from;
  }

  if (!off.includes('worker')) try {
    loadMessageEvent(); // its messages reach this loop as MessageEvents
    worker = new Worker(path.join(__dirname, 'log-worker.mjs'), {
      workerData: { [OWN_WORKER]: true, heartbeat, settings, pid: process.pid, loop, cwd: process.cwd(), argv: process.argv.slice(1), nodeVersion: process.version },
      stdout: true, stderr: false, execArgv: [], env: { ...process.env, NODE_OPTIONS: '' },
    });
    worker.on('message', (/** @type {any} */ m) => {
      if (m && m.type === 'block') {
        emitter.emit('block', m.line);
        otel?.block(m.line);
      }
      else if (m && m.type === 'hung-up') answer(worker); // it may end now (hang-up.cjs)
    });
    worker.on('error', (error) => writeOnce(`eventloop-probe: the production agent's worker stopped: ${error.message}`));
    worker.unref(); // after the listeners: adding one refs the worker again
  } catch (error) {
    writeOnce(`eventloop-probe: the production agent could not start its worker: ${/** @type {Error} */ (error).message}`);
    worker = null;
  }

  function stats() {
    // another's profiler (the process catches SIGPROF) is seen on the main thread only: a worker
    // thread's loop is not sampled by a profiler of the main thread's, and may wait synchronously
    const foreign = isMainThread && sigprofCaught();
    const s = monitor.summary(profiled || foreign);
    profiled = foreign;
    const now = epochNow();
    if (gcMode === 'sample') stopGc(now);
    // the seconds of the interval in which collections were observed (null: all of it)
    const observedS = gcMode === 'all' ? null : Math.round(gcObservedMs) / 1000;
    gcObservedMs = 0;
    post({ type: 'stats', t: now, loop, startup, summary: { ...s, gc: { ...gc.summary(), observedS }, memory: process.memoryUsage(), blocks, routes: requests?.summary() ?? null, requests: requests?.traffic() ?? null } });
    otel?.stats(s);
    monitor.reset(false);
    gc.reset();
    requests?.reset();
    blocks = 0;
  }

  try {
    if (settings.otel) otel = startOtel(loop);
    diagnostics.subscribe(LISTENED, listened);
    if (!off.includes('beat')) {
      monitor.start();
      // The worker captures only once the loop has beaten (the main module's synchronous load is
      // start-up, not a block). The loop's first turn stands for a beat, whose next one is due
      // when the heartbeat's first is (or at once, after a long start-up): a block before the
      // first beat (the app's first request, within a resolution of its start) is captured too.
      const startedAt = epochNow();
      firstTurn = setImmediate(() => { if (!beat[0]) beat[0] = Math.max(startedAt, epochNow() - settings.resolutionMs); }).unref();
    }
    if (settings.statsS > 0) nextStats = epochNow() + settings.statsS * 1000;
    if (gcMode === 'all') startGc(epochNow());
    post({ type: 'start', t: epochNow() });
  } catch (error) {
    writeOnce(`eventloop-probe: the production agent could not start: ${/** @type {Error} */ (error).message}`);
  }

  emitter.stop = function stop() {
    if (stopped) return;
    stopped = true;
    try {
      nextStats = Infinity;
      clearImmediate(firstTurn);
      unlisten();
      monitor.stop();
      settle(epochNow(), true);
      if (settings.statsS > 0) stats();
      requests?.stop();
      stopGc(epochNow());
      monitor.close();
      otel?.stop();
      beat[1] = 1; // the worker writes what it holds and ends
      post({ type: 'stop' });
    } catch {
      // never into the app
    }
  };
  return emitter;
}

/** Appends to a bounded list (the oldest go). @template T @param {T[]} list @param {T} item */
function keep(list, item) {
  list.push(item);
  if (list.length > KEEP_GC) list.splice(0, list.length - KEEP_GC / 2);
}

let said = false;
/** One line on stderr, once per process: the agent never fills the app's output. @param {string} text */
function writeOnce(text) {
  if (said) return;
  said = true;
  try {
    process.stderr.write(`${text}\n`);
  } catch {
    // nothing to say it on
  }
}

module.exports = { startMonitor, OWN_WORKER };
