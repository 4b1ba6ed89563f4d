'use strict';
// The HTTP requests the app served, in its own words: method and route. Node publishes each
// server request's start and its response's finish on diagnostics channels (and each HTTP/2
// stream's, on the Node versions that publish them: 22 and 24 here, not 20); express (and NestJS
// on it) leaves the matched route on the request, fastify 5 publishes it on its handler channel;
// otherwise the path is normalised (ids, uuids and long tokens collapsed). No body, header or
// query value is kept. Per route: requests, errors and latency over the window. Around each block
// of the loop: the requests that ran in it, were in flight, or started right after it (they had
// waited). Memory is bounded: the last RING requests, at most MAX_ROUTES routes.
//
// Following a request costs about 0.3 µs of the app's thread (docs/benchmarks.md): 3% of a 10 µs
// request. With a rate (`perS`, the production agent's default), above that many requests a second
// only 1 request in N is followed (N from the last heartbeat's rate; the rest only counted), each
// standing for N in the counts; for a minute after a block, every request is, so the next blocks
// name theirs (not after a stall the machine held: a crowded machine would keep the meter at its
// costliest). Without one (`run`, `attach`), every request is followed.
// The meter stays subscribed for its whole life. Unsubscribing in the stretches it follows nothing
// (so that Node makes no message per request) was tried: a channel's first subscribe and last
// unsubscribe swap its prototype, and on Node 20 and 22 V8 then throws away the optimised code of
// http's parserOnIncoming and resOnFinish, which test it: throughput 0.83 of bare against 0.97
// (docs/benchmarks.md, 2026-12-01).
//
// It runs twice for every request the app serves, so it allocates nothing per request once a
// route is known: the request's times, status and route go into preallocated arrays (a ring), a
// route's name is made once (remembered by its path, or by express's route object), and an open
// request is found at its finish among the open ones alone, newest first (a list of their places:
// a few with a few requests in flight, however long ago a request that never finishes, a stream or
// a long poll, began; a Map from request to place, set and deleted for every request, was the
// meter's costliest line). The clock is performance.now(), turned into
// epoch time only when a block's requests are written.

const dc = require('node:diagnostics_channel');
const { performance } = require('node:perf_hooks');
const { Histogram } = require('./histogram.cjs');

const RING = 4096; // a power of two
const MASK = RING - 1;
const MAX_ROUTES = 200;
const MAX_PER_BLOCK = 300;
// a request that started this soon after a block ended had waited for it
const QUEUED_MS = 20;
// how long after a block its requests are written: the ones that waited behind it have started
const SETTLE_MS = 50;
const OTHER = '(other routes)';
const MAX_PATHS = 2000;
// 1 request in at most this many is followed
const MAX_EVERY = 256;
// how long tune()'s average rate remembers (ms)
const RATE_MEMORY_MS = 1000;
// after a block, every request is followed this long
const FULL_AFTER_BLOCK_MS = 60_000;

class RequestMeter {
  /**
   * @param {(event: object) => void} push
   * @param {{perS?: number}} [o] perS: above this many requests a second, follow 1 in N (0: every request)
   */
  constructor(push, o = {}) {
    this.push = push;
    this.perS = o.perS ?? 0;
    // 1 request in `every` is followed; `skip` more to go before the next
    this.every = 1;
    this.skip = 0;
    // requests started (followed or not), and at the last tune()
    this.served = 0;
    this.servedAtTune = 0;
    this.tunedAt = 0;
    // requests a second, averaged over about RATE_MEMORY_MS (tune())
    this.rate = 0;
    this.fullUntil = 0;
    // `every` before its last change, and when it changed (the late beat that ends a block tunes
    // before the block is reported, from a rate the block itself lowered)
    this.everyBefore = 1;
    this.changedAt = 0;
    // the window's start (reset())
    this.servedAtReset = 0;
    this.followedAtReset = 0;
    // the open requests' seqs in the order they began (but that a finished one's index goes to the
    // last of them), how many, and each open ring place's index in that list
    this.openSeqs = new Float64Array(RING);
    this.open = 0;
    this.openIndex = new Int32Array(RING);
    // the ring: request `seq` lives at seq & MASK while seqs[] says it is still there
    this.seqs = new Float64Array(RING).fill(-1);
    this.starts = new Float64Array(RING);
    this.ends = new Float64Array(RING); // 0 while open
    this.status = new Uint16Array(RING);
    /** how many requests each followed one stands for */
    this.weights = new Uint16Array(RING);
    /** @type {(object | null)[]} the open requests (a request that never finishes is forgotten when its place is reused) */
    this.reqs = new Array(RING).fill(null);
    /** @type {(string | null)[]} */
    this.methods = new Array(RING).fill(null);
    /** @type {(string | null)[]} the raw path until the request finishes (kept in memory only) */
    this.paths = new Array(RING).fill(null);
    /** @type {(string | null)[]} "GET /users/:id" once finished */
    this.keys = new Array(RING).fill(null);
    this.seq = 0;
    /** @type {Map<string, Map<string, string>>} per method: path -> its route's name */
    this.byPath = new Map();
    this.pathCount = 0;
    /** @type {Map<object, {base: string, method: string, key: string}>} express's route objects -> name */
    this.byRoute = new Map();
    /** @type {Map<string, {count: number, errors: number, latency: Histogram}>} */
    this.routes = new Map();
    /** @type {{start: number, end: number, rows: (string | number | null)[][], more: number, open: number[], oneIn: number}[]} blocks not written yet (performance.now() times) */
    this.pending = [];
    this.onStart = (/** @type {any} */ m) => this.started(m);
    this.onFinish = (/** @type {any} */ m) => this.finished(m);
    this.onFastify = (/** @type {any} */ m) => this.fastifyRoute(m);
    // HTTP/2, where Node publishes its streams (not Node 20): the stream is the request
    this.onStreamStart = (/** @type {any} */ m) => this.streamStarted(m);
    this.onStreamFinish = (/** @type {any} */ m) => this.streamFinished(m);
    this.channels = /** @type {[string, (m: any) => void][]} */ ([
      ['http.server.request.start', this.onStart],
      ['http.server.response.finish', this.onFinish],
      ['tracing:fastify.request.handler:start', this.onFastify],
      ['http2.server.stream.start', this.onStreamStart],
      ['http2.server.stream.finish', this.onStreamFinish],
    ]);
    for (const [name, fn] of this.channels) dc.subscribe(name, fn);
  }

  /** @param {{request?: any}} m */
  started(m) {
    if (this.passedOver()) return;
    const req = m.request;
    if (!req) return;
    this.begin(req, typeof req.method === 'string' ? req.method : 'GET', typeof req.url === 'string' ? req.url : '/');
  }

  /** A request starts: counted, and true when it is not one of the 1 in N followed. */
  passedOver() {
    this.served++;
    if (this.skip > 0) {
      this.skip--;
      return true;
    }
    this.skip = this.every - 1;
    return false;
  }

  /** @param {{stream?: any, headers?: Record<string, unknown>}} m */
  streamStarted(m) {
    if (this.passedOver()) return;
    const h = m.headers;
    if (!m.stream || !h) return;
    this.begin(m.stream, typeof h[':method'] === 'string' ? h[':method'] : 'GET', typeof h[':path'] === 'string' ? h[':path'] : '/');
  }

  /** @param {{stream?: any}} m */
  streamFinished(m) {
    const stream = m.stream;
    if (stream) this.end(stream, Number(stream.sentHeaders?.[':status']) || 0);
  }

  /** @param {object} req the request (HTTP/1) or the stream (HTTP/2) @param {string} method @param {string} path */
  begin(req, method, path) {
    const seq = this.seq++;
    const at = seq & MASK;
    if (this.reqs[at] !== null) this.close(at); // a request that never finished, forgotten
    this.openSeqs[this.open] = seq;
    this.openIndex[at] = this.open++;
    this.seqs[at] = seq;
    this.weights[at] = this.every;
    this.starts[at] = performance.now();
    this.ends[at] = 0;
    this.status[at] = 0;
    this.reqs[at] = req;
    this.methods[at] = method;
    this.paths[at] = path;
    this.keys[at] = null;
  }

  /**
   * The sequence number of an open request, or -1 (not followed, never seen, such as one in flight
   * when the meter started, or forgotten). Looks through the open requests alone, newest first: a
   * request finishes soon after the few that started after it.
   * @param {object} req
   */
  find(req) {
    const reqs = this.reqs;
    const seqs = this.openSeqs;
    for (let i = this.open - 1; i >= 0; i--) {
      const s = seqs[i];
      if (reqs[s & MASK] === req) return s;
    }
    return -1;
  }

  /** An open request's place is no longer open: the last of the list takes its index. @param {number} at */
  close(at) {
    const i = this.openIndex[at];
    const last = this.openSeqs[--this.open];
    this.openSeqs[i] = last;
    this.openIndex[last & MASK] = i;
    this.reqs[at] = null;
  }

  /** @param {{request?: any, response?: any}} m */
  finished(m) {
    if (m.request) this.end(m.request, Number(m.response?.statusCode) || 0);
  }

  /** @param {any} req @param {number} status */
  end(req, status) {
    const seq = this.find(req);
    if (seq < 0) return;
    const at = seq & MASK;
    const end = performance.now();
    this.ends[at] = end;
    this.close(at);
    this.status[at] = status;
    let key = this.keys[at]; // fastify's, set while it ran
    if (key === null) {
      key = this.routeKey(req, /** @type {string} */ (this.methods[at]), /** @type {string} */ (this.paths[at]));
      this.keys[at] = key;
    }
    this.paths[at] = null;
    let r = this.routes.get(key);
    if (r === undefined) {
      if (this.routes.size >= MAX_ROUTES) {
        key = OTHER;
        r = this.routes.get(OTHER);
      }
      if (r === undefined) {
        r = { count: 0, errors: 0, latency: new Histogram() };
        this.routes.set(key, r);
      }
    }
    const w = this.weights[at];
    r.count += w;
    if (status >= 500) r.errors += w;
    r.latency.record(end - this.starts[at]);
  }

  /**
   * "GET /users/:id": express's (and NestJS's) matched route, mounted under its router's base,
   * else the path normalised; each name made once.
   * @param {any} req @param {string} method @param {string} path
   */
  routeKey(req, method, path) {
    const route = req.route;
    if (route && typeof route.path === 'string') {
      const base = typeof req.baseUrl === 'string' ? req.baseUrl : '';
      const known = this.byRoute.get(route);
      if (known !== undefined && known.base === base && known.method === method) return known.key;
      const key = `${method} ${`${base}${route.path}` || '/'}`;
      if (this.byRoute.size >= MAX_ROUTES) this.byRoute.clear();
      this.byRoute.set(route, { base, method, key });
      return key;
    }
    let paths = this.byPath.get(method);
    if (paths === undefined) {
      paths = new Map();
      this.byPath.set(method, paths);
    }
    let key = paths.get(path);
    if (key === undefined) {
      if (this.pathCount >= MAX_PATHS) {
        for (const p of this.byPath.values()) p.clear();
        this.pathCount = 0;
      }
      key = `${method} ${normalisePath(path)}`;
      paths.set(path, key);
      this.pathCount++;
    }
    return key;
  }

  /** fastify 5: the route pattern of the request its handler runs for. @param {{request?: any, route?: {url?: string}}} m */
  fastifyRoute(m) {
    const raw = m.request?.raw;
    const seq = raw ? this.find(raw) : -1;
    if (seq >= 0 && m.route && typeof m.route.url === 'string') {
      const at = seq & MASK;
      this.keys[at] = `${this.methods[at]} ${m.route.url}`;
    }
  }

  /**
   * A block of the loop (reported as it ends): the requests that ran in it or were in flight are
   * taken now (the ring may be overwritten soon on a busy server); those that started right after
   * it, once it has settled.
   * @param {number} start epoch ms @param {number} durationMs
   * @param {boolean} [full] every request followed for a minute after it (false: a stall the machine held)
   */
  block(start, durationMs, full = true) {
    const from = start - performance.timeOrigin;
    const end = from + durationMs;
    // 1 request in how many was followed as the block began (its own may not have been)
    const oneIn = this.changedAt >= start ? Math.max(this.every, this.everyBefore) : this.every;
    if (this.perS > 0 && full) {
      this.fullUntil = start + durationMs + FULL_AFTER_BLOCK_MS;
      this.every = 1;
      this.skip = 0;
    }
    /** @type {{seq: number, start: number}[]} */
    const around = [];
    for (let at = 0; at < RING; at++) {
      const seq = this.seqs[at];
      if (seq < 0) continue;
      const e = this.ends[at];
      if (this.starts[at] > end || (e !== 0 && e < from)) continue;
      around.push({ seq, start: this.starts[at] });
    }
    around.sort((x, y) => x.start - y.start);
    const rows = around.slice(0, MAX_PER_BLOCK).map((x) => this.row(x.seq));
    this.pending.push({ start: from, end, rows, more: Math.max(0, around.length - MAX_PER_BLOCK), open: around.slice(0, MAX_PER_BLOCK).map((x) => x.seq), oneIn });
  }

  /**
   * One request as a block's row: start, end (null: open), method, route or path, status, how many
   * requests it stands for.
   * @param {number} seq @returns {(string | number | null)[]}
   */
  row(seq) {
    const at = seq & MASK;
    const end = this.ends[at];
    return [this.starts[at], end === 0 ? null : end, this.methods[at], this.keys[at], this.status[at], this.paths[at], this.weights[at]];
  }

  /**
   * At each heartbeat, with a rate: 1 request in how many to follow, from the rate since the last
   * beat or the rate of the last second or so, whichever is higher (every one for a minute after a
   * block). Traffic comes in bursts: from the last beat's rate alone, the lull after a burst would set
   * N back to 1 and the next burst's first beat would be followed whole. @param {number} now epoch ms
   */
  tune(now) {
    const dt = now - this.tunedAt;
    if (this.perS <= 0 || dt <= 0) return;
    const n = this.served - this.servedAtTune;
    this.tunedAt = now;
    this.servedAtTune = this.served;
    const rate = (n * 1000) / dt;
    // the rate over about a second: a moving average that forgets as time passes, not per beat
    this.rate += (1 - Math.exp(-dt / RATE_MEMORY_MS)) * (rate - this.rate);
    const every = now < this.fullUntil ? 1 : Math.min(MAX_EVERY, Math.max(1, Math.ceil(Math.max(rate, this.rate) / this.perS)));
    if (every === this.every) return;
    this.everyBefore = this.every;
    this.changedAt = now;
    this.every = every;
    if (this.skip >= every) this.skip = every - 1;
  }

  /** The window starts: the per-route figures restart. */
  reset() {
    this.routes = new Map();
    this.servedAtReset = this.served;
    this.followedAtReset = this.seq;
  }

  /** Requests the app started serving over the window, and how many of them were followed. */
  traffic() {
    return { served: this.served - this.servedAtReset, followed: this.seq - this.followedAtReset };
  }

  /** Per route over the window: requests, errors, latency. */
  summary() {
    /** @type {Record<string, {count: number, errors: number, latency: object}>} */
    const out = {};
    for (const [key, r] of this.routes) out[key] = { count: r.count, errors: r.errors, latency: r.latency.toJSON() };
    return out;
  }

  /** Writes the requests around each block that has settled (all of them with `all`). @param {boolean} [all] */
  flush(all = false) {
    if (this.pending.length === 0) return;
    const now = performance.now();
    const due = all ? this.pending : this.pending.filter((b) => now - b.end >= SETTLE_MS);
    if (!due.length) return;
    this.pending = all ? [] : this.pending.filter((b) => !due.includes(b));
    for (const b of due) {
      // the requests open when the block ended that have finished since (still in the ring)
      b.open.forEach((seq, i) => {
        const at = seq & MASK;
        if (this.seqs[at] === seq && b.rows[i][1] === null) b.rows[i] = this.row(seq);
      });
      // the ones that started right after it: they had waited
      const queued = [];
      for (let at = 0; at < RING; at++) {
        const s = this.starts[at];
        if (this.seqs[at] >= 0 && s > b.end && s <= b.end + QUEUED_MS) queued.push(this.row(this.seqs[at]));
      }
      queued.sort((x, y) => /** @type {number} */ (x[0]) - /** @type {number} */ (y[0]));
      const all2 = [...b.rows, ...queued];
      const kept = all2.slice(0, MAX_PER_BLOCK);
      // a request followed 1 in N says so: [..., status, N]
      const requests = kept.map(([s, e, method, key, status, path, w]) => [
        round(/** @type {number} */ (s) - b.start), e === null ? null : round(/** @type {number} */ (e) - b.start), method,
        key !== null ? String(key).slice(String(method).length + 1) : normalisePath(String(path ?? '/')), status,
        ...(Number(w) > 1 ? [w] : []),
      ]);
      this.push({ type: 'block-requests', t: round(performance.timeOrigin + b.start), durationMs: round(b.end - b.start), requests, more: b.more + Math.max(0, all2.length - MAX_PER_BLOCK), ...(b.oneIn > 1 ? { oneIn: b.oneIn } : {}) });
    }
  }

  stop() {
    this.flush(true);
    for (const [name, fn] of this.channels) dc.unsubscribe(name, fn);
    this.reqs.fill(null);
    this.open = 0;
    this.paths.fill(null);
  }
}

const ID = /^(?:\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|[0-9a-f]{16,}|[A-Za-z0-9_-]{24,})$/i;

/**
 * A path as a route: no query, ids collapsed (`/users/42/orders/9f8c...` -> `/users/:id/orders/:id`),
 * at most 8 segments of at most 40 characters.
 * @param {string} url
 */
function normalisePath(url) {
  const path = url.split('?')[0].split('#')[0];
  const parts = path.split('/').slice(0, 9).map((s) => (ID.test(s) || (/\d/.test(s) && /^[\w.-]{12,}$/.test(s)) ? ':id' : s.slice(0, 40)));
  return parts.join('/') || '/';
}

/** @param {number} v */
const round = (v) => Math.round(v * 100) / 100;

module.exports = { RequestMeter, normalisePath };
