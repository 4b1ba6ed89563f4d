'use strict';
// How long work waits for libuv's thread pool (fs, dns.lookup, zlib and crypto's async forms run
// there, on UV_THREADPOOL_SIZE threads, 4 by default). libuv tells no queue length, so a canary
// job measures it: a tiny fs.stat submitted every CANARY_MS (at most MAX_IN_FLIGHT waiting at
// once), timed from submission to callback. Two lower bounds of the pool's delay that a busy loop never inflates: the time the
// loop sat idle meanwhile (an idle loop runs a finished job's callback at once), and the time to
// the callback less the longest stretch the loop was busy meanwhile (a finished job's callback
// waits for one stretch at most). When jobs wait, a short burst of an async hook names the callers that fill the
// pool: the stack of each pool request created during the burst (Node's, and an addon's own async
// work: see madeByAddon; a timed burst at most every BURST_EVERY_MS, each BURST_MS, or up to
// BURST_MAX_MS while it saw only file system requests, and at most BURST_MAX requests), when it was
// made and each of its callbacks (followed at most SETTLE_MS more, and TAIL_MS after the last
// request's first callback: a zlib stream calls back once a chunk). The analysis charges a pool's
// threads to the jobs by when they finish (src/analyze/thread-pool.js).

const fs = require('node:fs');
const { performance } = require('node:perf_hooks');
const { epochNow } = require('./clock.cjs');

const CANARY_MS = 200;
const MAX_IN_FLIGHT = 5;
const BURST_MS = 2000;
const BURST_MAX_MS = 4000;
// the first look, as the load starts: the warm-up's length (1 s by default), never extended
const START_LOOK_MS = 1000;
const BURST_MAX = 200;
const SETTLE_MS = 3000;
// once every request seen has called back: how long later callbacks (a zlib stream's next chunks) are still followed
const TAIL_MS = 250;
// later callbacks kept per request
const MAX_MORE = 256;
// the handles of Node's zlib streams (each chunk a pool job), as their constructors are named
const STREAM_HANDLE = /^(?:Zlib|Brotli(?:En|De)coder)$/;
// callbacks of streams made before a look, kept at most
const MAX_STREAM_CALLS = 2000;
const BURST_EVERY_MS = 10000;
const STACK_FRAMES = 14;
// Node's async resources that are requests to the thread pool.
const POOL_TYPES = new Set(['FSREQCALLBACK', 'FSREQPROMISE', 'ZLIB', 'GETADDRINFOREQWRAP', 'GETNAMEINFOREQWRAP', 'FILEHANDLECLOSEREQ']);
// (called for every async resource while a look runs, promises included: kept cheap)
const isPoolType = (/** @type {string} */ type) => POOL_TYPES.has(type) || type.endsWith('REQUEST');
// Node's own resource types are upper case (TCPWRAP, PROMISE) or one of its JavaScript queues'. A
// type of any other name is an addon's or a library's: an addon's async work (N-API's, which
// always runs on the pool: argon2's "argon2:HashWorker", napi-rs's nameless "undefined") is made by
// native code that a package's or the app's JavaScript called; a library's AsyncResource is made
// by JavaScript. Each such look costs a stack: at most FOREIGN_MAX a burst.
const NODE_QUEUES = new Set(['Timeout', 'Immediate', 'TickObject', 'Microtask']);
const mayBeAddonWork = (/** @type {string} */ type) => !/^[A-Z0-9_]+$/.test(type) && !NODE_QUEUES.has(type);
const FOREIGN_MAX = 500;
/**
 * A resource made by native code (Node's init hook runs from emitInitNative) called from
 * JavaScript that is not Node's own: an addon's work. @param {string[]} lines its stack, hook frames first
 */
function madeByAddon(lines) {
  const at = lines.findIndex((l) => l.includes('emitInitNative'));
  const caller = at < 0 ? undefined : lines[at + 1];
  return caller !== undefined && !/\(node:|at node:/.test(caller);
}

class PoolMeter {
  /**
   * @param {(event: object) => void} push where events go (type 'pool': one canary; 'pool-callers': a burst's stacks)
   * @param {number} thresholdMs a canary that waited half this long starts a burst
   */
  constructor(push, thresholdMs) {
    this.push = push;
    this.thresholdMs = thresholdMs;
    /** @type {Set<{t: number, submitted: number, elu: import("node:perf_hooks").EventLoopUtilization}>} the canaries out */
    this.inFlight = new Set();
    this.submitting = false;
    this.stopped = true;
    this.lastSubmit = 0;
    this.lastBurst = -Infinity;
    /** @type {import('node:async_hooks').AsyncHook | null} */
    this.hook = null;
    /** @type {NodeJS.Timeout | null} */
    this.burstTimer = null;
    /** @type {{type: string, stack: string[], t: number, ms: number | null, more: number[] | null, addon?: boolean}[]} */
    this.seen = [];
    /** @type {Map<number, {type: string, stack: string[], t: number, ms: number | null, more: number[] | null, addon?: boolean}>} */
    this.open = new Map();
    this.collecting = false;
    this.foreign = 0;
    this.waiting = 0;
    /** @type {[number, number][]} a zlib stream's callbacks ([its id, epoch ms]) for streams made before the look */
    this.streamCalls = [];
    this.burstStart = 0;
    this.extend = false;
    this.target = process.execPath;
  }

  /**
   * The load is about to start (the warm-up, which is not measured): a first look at who makes pool
   * requests, so that jobs started once and long queued (16 connections each waiting on a gzip of
   * megabytes) are seen being made.
   */
  start() {
    this.stopped = false;
    if (!this.hook) this.burst(START_LOOK_MS);
  }

  /** Called on every heartbeat: submits the next canary when due (no timer of its own). */
  tick() {
    if (this.stopped || this.inFlight.size >= MAX_IN_FLIGHT) return;
    const now = performance.now();
    if (now - this.lastSubmit < CANARY_MS) return;
    this.lastSubmit = now;
    const canary = { t: epochNow(), submitted: now, elu: performance.eventLoopUtilization() };
    this.inFlight.add(canary);
    this.submitting = true; // our own request: not one of the app's callers
    try {
      fs.stat(this.target, () => this.done(canary));
    } catch {
      this.inFlight.delete(canary);
    }
    this.submitting = false;
  }

  /** @param {{t: number, submitted: number, elu: import('node:perf_hooks').EventLoopUtilization}} canary */
  done(canary) {
    this.inFlight.delete(canary);
    if (this.stopped) return;
    const { waitMs, elapsedMs } = waited(canary);
    this.push({ type: 'pool', t: canary.t, waitMs: round(waitMs), elapsedMs: round(elapsedMs) });
    // a timed look at most every BURST_EVERY_MS; the first look (untimed, over the warm-up) does not
    // count: it cannot tell a job that holds a thread for long from one that only queued
    if (waitMs >= this.thresholdMs / 2 && !this.hook && performance.now() - this.lastBurst >= BURST_EVERY_MS) this.burst();
  }

  /**
   * Names the callers: the stack of each pool request created for a moment.
   * @param {number} [lookMs] how long to look (the first look: the warm-up's length, not extended)
   */
  burst(lookMs = BURST_MS) {
    let asyncHooks;
    try {
      asyncHooks = require('node:async_hooks');
    } catch {
      return;
    }
    const extend = lookMs === BURST_MS;
    if (extend) this.lastBurst = performance.now();
    this.seen = [];
    this.open = new Map();
    this.foreign = 0;
    this.waiting = 0;
    /** @type {[number, number][]} */
    this.streamCalls = [];
    this.collecting = true;
    this.burstStart = epochNow();
    const self = this;
    /** @type {import('node:async_hooks').HookCallbacks} */
    const callbacks = {
      init(id, type) {
        if (!self.collecting || self.submitting || type === 'PROMISE') return;
        const node = isPoolType(type);
        if (!node && (!mayBeAddonWork(type) || self.foreign >= FOREIGN_MAX)) return;
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = STACK_FRAMES;
        const holder = /** @type {{stack?: string}} */ ({});
        Error.captureStackTrace(holder);
        Error.stackTraceLimit = limit;
        const lines = String(holder.stack ?? '').split('\n').slice(1).map((l) => l.trim());
        if (!node) {
          self.foreign++;
          if (!madeByAddon(lines)) return;
        }
        const stack = lines.filter((l) => !l.includes('pool-meter.cjs') && !l.includes('node:internal/async_hooks'));
        const request = { type, stack, t: performance.now(), ms: /** @type {number | null} */ (null), more: /** @type {number[] | null} */ (null), ...(node ? {} : { addon: true }) };
        self.seen.push(request);
        self.open.set(id, request);
        self.waiting++;
        if (self.seen.length >= BURST_MAX) self.collecting = false;
      },
    };
    // the jobs' times only in a look the pool's saturation started (a before hook runs around
    // every promise's reaction: the first look, over an app's warm-up, does without)
    if (extend) {
      callbacks.before = (id) => {
        const request = self.open.get(id);
        if (!request) {
          // a zlib stream made before the look: each of its chunks is still a job of the pool, one
          // callback each (the look's replay of the pool needs them)
          if (self.streamCalls.length < MAX_STREAM_CALLS && STREAM_HANDLE.test(asyncHooks.executionAsyncResource()?.constructor?.name ?? '')) {
            self.streamCalls.push([id, round(performance.timeOrigin + performance.now())]);
          }
          return;
        }
        const ms = round(performance.now() - request.t);
        if (request.ms !== null) {
          // a resource that makes several pool jobs, one callback each (a zlib stream's chunks)
          if (!request.more) request.more = [];
          if (request.more.length < MAX_MORE) request.more.push(ms);
          return;
        }
        request.ms = ms;
        self.waiting--;
        if (!self.collecting && self.waiting === 0) self.endSoon();
      };
    }
    this.hook = asyncHooks.createHook(callbacks);
    this.hook.enable();
    this.extend = extend;
    this.burstTimer = setTimeout(() => this.endLook(), lookMs);
    this.burstTimer.unref();
  }

  /**
   * The look at new requests ends, or goes on (up to BURST_MAX_MS) while it saw only the file
   * system's: a heavy job that fills the pool (a gzip of megabytes, a hash) is started rarely.
   */
  endLook() {
    // extended only while the pool is seen used, by the file system alone
    const heavy = this.seen.some((r) => !/^(FSREQ|FILEHANDLE|GETADDRINFO|GETNAMEINFO)/.test(r.type));
    if (this.extend && this.seen.length > 0 && !heavy && this.collecting && this.seen.length < BURST_MAX && epochNow() - this.burstStart < BURST_MAX_MS) {
      this.burstTimer = setTimeout(() => this.endLook(), 500);
      this.burstTimer.unref();
      return;
    }
    this.collecting = false;
    if (!this.extend) {
      this.endBurst();
      return;
    }
    if (this.waiting === 0) {
      this.endSoon();
      return;
    }
    this.burstTimer = setTimeout(() => this.endBurst(), SETTLE_MS);
    this.burstTimer.unref();
  }

  /** Every request seen has called back once: the look ends after a last stream's chunks. */
  endSoon() {
    if (this.burstTimer) clearTimeout(this.burstTimer);
    this.burstTimer = setTimeout(() => this.endBurst(), TAIL_MS);
    this.burstTimer.unref();
  }

  endBurst() {
    if (!this.hook) return;
    this.hook.disable();
    this.hook = null;
    this.collecting = false;
    if (this.burstTimer) clearTimeout(this.burstTimer);
    this.burstTimer = null;
    const now = performance.now();
    // a request still waiting when the burst ends: how long so far (it took at least that)
    // (a first look has no times: it did not follow the jobs to their callbacks)
    const timed = this.extend;
    // at: when it was made (epoch ms), to be set against the canaries' waits of that moment
    // more: its later callbacks (ms since it was made), for a resource that makes several jobs
    const requests = this.seen.filter((s) => s.stack.length).map(({ type, stack, ms, t, addon, more }) => ({
      type, stack, ms, at: round(performance.timeOrigin + t), ...(ms === null && timed ? { openMs: round(now - t) } : {}), ...(more ? { more } : {}), ...(addon ? { addon } : {}),
    }));
    this.push({ type: 'pool-callers', t: this.burstStart, durationMs: round(epochNow() - this.burstStart), requests, ...(this.streamCalls.length ? { streamCalls: this.streamCalls } : {}) });
    this.streamCalls = [];
    this.seen = [];
    this.open = new Map();
  }

  stop() {
    // a canary still waiting when the measuring stops waited at least this long: on a pool this full
    // the last seconds' canaries are all still queued, and dropping them leaves too few to judge by
    for (const canary of this.inFlight) {
      const { waitMs, elapsedMs } = waited(canary);
      this.push({ type: 'pool', t: canary.t, waitMs: round(waitMs), elapsedMs: round(elapsedMs), open: true });
    }
    this.inFlight.clear();
    this.stopped = true;
    this.endBurst();
  }
}

/** @param {number} v */
const round = (v) => Math.round(v * 100) / 100;

/**
 * How long a canary has waited so far: the time since it was submitted, and no more than the loop sat
 * idle meanwhile (an idle loop runs a finished job's callback at once).
 * @param {{submitted: number, elu: import('node:perf_hooks').EventLoopUtilization}} canary
 */
function waited(canary) {
  const elapsedMs = performance.now() - canary.submitted;
  const idle = performance.eventLoopUtilization(performance.eventLoopUtilization(), canary.elu).idle;
  return { waitMs: Math.min(elapsedMs, idle), elapsedMs };
}

/**
 * Whether libuv's pool threads already run in this process (Linux, Node >= 22 names them
 * libuv-worker); null where they cannot be told apart (Node 20). A canary would start them: an
 * agent attached to a running app must not, so it times the pool only when they exist.
 */
function poolStarted() {
  try {
    let named = false; // Node >= 22 names its own threads: then an unnamed pool is no pool
    for (const t of fs.readdirSync('/proc/self/task')) {
      const comm = fs.readFileSync(`/proc/self/task/${t}/comm`, 'latin1').trim();
      if (comm === 'libuv-worker') return true;
      if (comm === 'DelayedTaskSche' || comm === 'MainThread' || comm === 'V8Worker') named = true;
    }
    return named ? false : null;
  } catch {
    return null;
  }
}

/** The pool's size as libuv will make it (UV_THREADPOOL_SIZE, 1..1024; 4 unset). */
function poolSize() {
  const n = Number(process.env.UV_THREADPOOL_SIZE);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 1024) : 4;
}

module.exports = { PoolMeter, poolSize, poolStarted, isPoolType, mayBeAddonWork, madeByAddon };
