'use strict';
// The HTTP requests the app served, in its own words: method and route. Node publishes each
// server request's start and its response's finish on diagnostics channels; express (and NestJS
// on it) leaves the matched route on the request, fastify 5 publishes it on its handler channel;
// otherwise the path is normalised (ids, uuids and long tokens collapsed). No body, header or
// query value is kept. Per route: requests, errors and latency over the window. Around each block
// of the loop: the requests that ran in it, were in flight, or started right after it (they had
// waited), written once the block is a second old. Memory is bounded: the last RING requests, at
// most MAX_ROUTES routes.

const dc = require('node:diagnostics_channel');
const { Histogram } = require('./histogram.cjs');
const { epochNow } = require('./clock.cjs');

const RING = 4096;
const MAX_ROUTES = 200;
const MAX_PER_BLOCK = 300;
// a request that started this soon after a block ended had waited for it
const QUEUED_MS = 20;
// how long after a block its requests are written (the ones that ran in it have finished by then)
const SETTLE_MS = 1000;
const OTHER = '(other routes)';
const MAX_PATHS = 2000;

/** @typedef {{start: number, end: number, method: string, path: string, route: string | null, status: number, req: object | null}} Rec */

class RequestMeter {
  /** @param {(event: object) => void} push */
  constructor(push) {
    this.push = push;
    // the open requests (a Map: a WeakMap of short-lived keys makes every GC slower); a request
    // that never finishes leaves it when the ring overwrites its record
    /** @type {Map<object, Rec>} */
    this.byRequest = new Map();
    /** @type {Map<string, string>} paths already normalised */
    this.paths = new Map();
    /** @type {(Rec | undefined)[]} */
    this.ring = new Array(RING);
    this.next = 0;
    /** @type {Map<string, {count: number, errors: number, latency: Histogram}>} */
    this.routes = new Map();
    /** @type {{start: number, end: number}[]} */
    this.pending = [];
    this.onStart = (/** @type {any} */ m) => this.started(m);
    this.onFinish = (/** @type {any} */ m) => this.finished(m);
    this.onFastify = (/** @type {any} */ m) => this.fastifyRoute(m);
    this.channels = /** @type {[string, (m: any) => void][]} */ ([
      ['http.server.request.start', this.onStart],
      ['http.server.response.finish', this.onFinish],
      ['tracing:fastify.request.handler:start', this.onFastify],
    ]);
    for (const [name, fn] of this.channels) dc.subscribe(name, fn);
  }

  /** @param {{request?: any}} m */
  started(m) {
    const req = m.request;
    if (!req) return;
    /** @type {Rec} */
    const rec = { start: epochNow(), end: 0, method: String(req.method || 'GET'), path: String(req.url || '/'), route: null, status: 0, req };
    const old = this.ring[this.next];
    if (old?.req) this.byRequest.delete(old.req);
    this.byRequest.set(req, rec);
    this.ring[this.next] = rec;
    this.next = (this.next + 1) % RING;
  }

  /** @param {{request?: any, response?: any}} m */
  finished(m) {
    const req = m.request;
    const rec = req ? this.byRequest.get(req) : undefined;
    if (!rec) return;
    this.byRequest.delete(req);
    rec.req = null;
    rec.end = epochNow();
    rec.status = Number(m.response?.statusCode) || 0;
    if (rec.route === null) rec.route = expressRoute(req) ?? this.normalised(rec.path);
    const named = `${rec.method} ${rec.route}`;
    const key = this.routes.size < MAX_ROUTES || this.routes.has(named) ? named : OTHER;
    let r = this.routes.get(key);
    if (!r) {
      r = { count: 0, errors: 0, latency: new Histogram() };
      this.routes.set(key, r);
    }
    r.count++;
    if (rec.status >= 500) r.errors++;
    r.latency.record(rec.end - rec.start);
  }

  /** A path as a route, remembered (a service sees the same paths again and again). @param {string} path */
  normalised(path) {
    let route = this.paths.get(path);
    if (route === undefined) {
      if (this.paths.size >= MAX_PATHS) this.paths.clear();
      route = normalisePath(path);
      this.paths.set(path, route);
    }
    return route;
  }

  /** fastify 5: the route pattern of the request its handler runs for. @param {{request?: any, route?: {url?: string}}} m */
  fastifyRoute(m) {
    const raw = m.request?.raw;
    const rec = raw ? this.byRequest.get(raw) : undefined;
    if (rec && m.route && typeof m.route.url === 'string') rec.route = m.route.url;
  }

  /** A block of the loop: its requests are written once it has settled. @param {number} start @param {number} durationMs */
  block(start, durationMs) {
    this.pending.push({ start, end: start + durationMs });
  }

  /** The window starts: the per-route figures restart. */
  reset() {
    this.routes = new Map();
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
    if (!this.pending.length) return;
    const now = epochNow();
    const due = all ? this.pending : this.pending.filter((b) => now - b.end >= SETTLE_MS);
    if (!due.length) return;
    this.pending = all ? [] : this.pending.filter((b) => !due.includes(b));
    for (const b of due) {
      /** @type {any[]} */
      const around = [];
      for (const rec of this.ring) {
        if (!rec || rec.start > b.end + QUEUED_MS || (rec.end !== 0 && rec.end < b.start)) continue;
        around.push(rec);
      }
      around.sort((x, y) => x.start - y.start);
      const requests = around.slice(0, MAX_PER_BLOCK).map((rec) => [
        round(rec.start - b.start), rec.end ? round(rec.end - b.start) : null, rec.method, rec.route ?? this.normalised(rec.path), rec.status,
      ]);
      this.push({ type: 'block-requests', t: b.start, durationMs: round(b.end - b.start), requests, more: Math.max(0, around.length - MAX_PER_BLOCK) });
    }
  }

  stop() {
    this.flush(true);
    for (const [name, fn] of this.channels) dc.unsubscribe(name, fn);
    this.byRequest.clear();
    this.ring.fill(undefined);
  }
}

/** express (and NestJS on it): the matched route, mounted under its router's base. @param {any} req */
function expressRoute(req) {
  const path = req.route && req.route.path;
  if (typeof path !== 'string') return null;
  return `${typeof req.baseUrl === 'string' ? req.baseUrl : ''}${path}` || '/';
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
