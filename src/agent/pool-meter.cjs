'use strict';
// How long work waits for libuv's thread pool (fs, dns.lookup, zlib and crypto's async forms run
// there, on UV_THREADPOOL_SIZE threads, 4 by default). libuv tells no queue length, so a canary
// job measures it: a tiny fs.stat submitted every CANARY_MS (at most MAX_IN_FLIGHT waiting at
// once), timed from submission to callback. Two lower bounds of the pool's delay that a busy loop never inflates: the time the
// loop sat idle meanwhile (an idle loop runs a finished job's callback at once), and the time to
// the callback less the longest stretch the loop was busy meanwhile (a finished job's callback
// waits for one stretch at most). When jobs wait, a short burst of an async hook names the callers that fill the
// pool: the stack of each pool request created during the burst (never more than one burst per
// BURST_EVERY_MS, each BURST_MS, or up to BURST_MAX_MS while it saw only file system requests, and
// at most BURST_MAX requests), and how long each took until its
// callback (followed at most SETTLE_MS more): a job that took longer than the canaries waited
// held a thread that long.

const fs = require('node:fs');
const { performance } = require('node:perf_hooks');
const { epochNow } = require('./clock.cjs');

const CANARY_MS = 200;
const MAX_IN_FLIGHT = 5;
const BURST_MS = 2000;
const BURST_MAX_MS = 4000;
const BURST_MAX = 200;
const SETTLE_MS = 3000;
const BURST_EVERY_MS = 10000;
const STACK_FRAMES = 14;
// Node's async resources that are requests to the thread pool.
const POOL_TYPES = new Set(['FSREQCALLBACK', 'FSREQPROMISE', 'ZLIB', 'GETADDRINFOREQWRAP', 'GETNAMEINFOREQWRAP', 'FILEHANDLECLOSEREQ']);
const isPoolType = (/** @type {string} */ type) => POOL_TYPES.has(type) || /^[A-Z0-9]+REQUEST$/.test(type);

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
    /** @type {{type: string, stack: string[], t: number, ms: number | null}[]} */
    this.seen = [];
    /** @type {Map<number, {type: string, stack: string[], t: number, ms: number | null}>} */
    this.open = new Map();
    this.collecting = false;
    this.burstStart = 0;
    this.target = process.execPath;
  }

  /**
   * The load is about to start (the warm-up, which is not measured): a first look at who makes pool
   * requests, so that jobs started once and long queued (16 connections each waiting on a gzip of
   * megabytes) are seen being made.
   */
  start() {
    this.stopped = false;
    if (!this.hook) this.burst();
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
    const { t, submitted, elu } = canary;
    const elapsedMs = performance.now() - submitted;
    const idle = performance.eventLoopUtilization(performance.eventLoopUtilization(), elu).idle;
    const waitMs = Math.min(elapsedMs, idle);
    this.push({ type: 'pool', t, waitMs: round(waitMs), elapsedMs: round(elapsedMs) });
    if (waitMs >= this.thresholdMs / 2 && performance.now() - this.lastBurst >= BURST_EVERY_MS) this.burst();
  }

  /** Names the callers: the stack of each pool request created for a moment. */
  burst() {
    let asyncHooks;
    try {
      asyncHooks = require('node:async_hooks');
    } catch {
      return;
    }
    this.lastBurst = performance.now();
    this.seen = [];
    this.open = new Map();
    this.collecting = true;
    this.burstStart = epochNow();
    const self = this;
    this.hook = asyncHooks.createHook({
      init(id, type) {
        if (!self.collecting || self.submitting || !isPoolType(type)) return;
        const limit = Error.stackTraceLimit;
        Error.stackTraceLimit = STACK_FRAMES;
        const holder = /** @type {{stack?: string}} */ ({});
        Error.captureStackTrace(holder);
        Error.stackTraceLimit = limit;
        const stack = String(holder.stack ?? '').split('\n').slice(1).map((l) => l.trim())
          .filter((l) => !l.includes('pool-meter.cjs') && !l.includes('node:internal/async_hooks'));
        const request = { type, stack, t: performance.now(), ms: /** @type {number | null} */ (null) };
        self.seen.push(request);
        self.open.set(id, request);
        if (self.seen.length >= BURST_MAX) self.collecting = false;
      },
      before(id) {
        const request = self.open.get(id);
        if (!request) return;
        request.ms = round(performance.now() - request.t);
        self.open.delete(id);
        if (!self.collecting && self.open.size === 0) queueMicrotask(() => self.endBurst());
      },
    });
    this.hook.enable();
    this.burstTimer = setTimeout(() => this.endLook(), BURST_MS);
    this.burstTimer.unref();
  }

  /**
   * The look at new requests ends, or goes on (up to BURST_MAX_MS) while it saw only the file
   * system's: a heavy job that fills the pool (a gzip of megabytes, a hash) is started rarely.
   */
  endLook() {
    const heavy = this.seen.some((r) => !/^(FSREQ|FILEHANDLE|GETADDRINFO|GETNAMEINFO)/.test(r.type));
    if (!heavy && this.collecting && this.seen.length < BURST_MAX && epochNow() - this.burstStart < BURST_MAX_MS) {
      this.burstTimer = setTimeout(() => this.endLook(), 500);
      this.burstTimer.unref();
      return;
    }
    this.collecting = false;
    if (this.open.size === 0) {
      this.endBurst();
      return;
    }
    this.burstTimer = setTimeout(() => this.endBurst(), SETTLE_MS);
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
    const requests = this.seen.filter((s) => s.stack.length).map(({ type, stack, ms, t }) => ({ type, stack, ms, ...(ms === null ? { openMs: round(now - t) } : {}) }));
    this.push({ type: 'pool-callers', t: this.burstStart, durationMs: round(epochNow() - this.burstStart), requests });
    this.seen = [];
    this.open = new Map();
  }

  stop() {
    this.stopped = true;
    this.endBurst();
  }
}

/** @param {number} v */
const round = (v) => Math.round(v * 100) / 100;

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

module.exports = { PoolMeter, poolSize, poolStarted, isPoolType };
