// Blocks in the service's own words: which requests ran in each block (method and route), how
// many of them back to back and how long each took, which requests waited behind it and the delay
// it added to them; and per route over the window: requests, latency, blocks and time blocked
// while that route ran. From the agent's request meter (request-meter.cjs). Pure.

import { Histogram } from '../agent/histogram.cjs';

/**
 * @typedef {[number, number | null, string, string, number, number?]} RequestRow start and end (ms from the
 *   block's start; end null: still open when written), method, route, status, and when the agent
 *   followed 1 request in N (a busy production service), N: the requests it stands for
 * @typedef {{t: number, durationMs: number, requests: RequestRow[], more?: number, oneIn?: number}} BlockRequests oneIn: the agent
 *   followed 1 request in this many as the block ran
 * @typedef {{route: string, count: number, msEach: number, culprit?: import('./diagnose-block.js').Culprit | null, fix?: string}} RanRoute
 *   requests of a route that ran in the block, back to back; in a block that ran several routes, the culprit
 *   and fix of this route's own stretches (attribution.js), when enough samples fell in them
 * @typedef {object} BlockRequestsSummary
 * @property {RanRoute[]} ran the routes whose requests started (so ran their handler) inside the block, most time first
 * @property {number} waited requests the block held up: in flight when it began, started in it after
 *   the first, or started right after it (they had arrived meanwhile)
 * @property {number} delayedMs the delay it added to those it can time (in flight, and those that
 *   ran after the first); the ones that started right after it waited up to the block's length each
 * @property {number} queuedAfter of `waited`, the requests that started right after it ended
 * @property {string | null} label "GET /export ×11 (150 ms each)": the route that ran most of it, as every output shows it
 * @property {number} [oneIn] the agent followed 1 request in this many around the block (absent: every request):
 *   `waited` and `delayedMs` count each followed request N times; `ran` names only followed ones
 * @typedef {{route: string, requests: number, errors: number, p50Ms: number, p90Ms: number, p99Ms: number, maxMs: number,
 *   blocks: number, blockedMs: number, heldBy?: RouteCulprit}} RouteRow
 * @typedef {{label: string, fix: string, ms: number}} RouteCulprit what held a route's longest run in a block: its own
 *   culprit where the block named one per route, else the block's when the route ran most of it
 */

/** A request that started this soon after a block ended had waited for it. */
const QUEUED_MS = 20;

/**
 * The requests around a block, matched by its start (epoch ms).
 * @param {number} start @param {BlockRequests[]} all
 * @returns {BlockRequests | null}
 */
export function requestsOfBlock(start, all) {
  let best = null;
  for (const b of all) {
    const d = Math.abs(b.t - start);
    if (d <= 2 && (!best || d < Math.abs(best.t - start))) best = b;
  }
  return best;
}

/**
 * What the requests around a block say: who ran in it, who waited.
 * @param {BlockRequests} b @param {number} durationMs the block's length (clipped to the window)
 * @returns {BlockRequestsSummary}
 */
export function summariseBlockRequests(b, durationMs) {
  const D = b.durationMs ?? durationMs;
  const rows = [...b.requests].sort((x, y) => x[0] - y[0]);
  const times = ranTimes(rows, D);
  // the requests that started in it, and those in flight that ran part of it (their handler went on
  // after an await and answered in it)
  const ranAt = rows.map((r, k) => k).filter((k) => (rows[k][0] >= -1 && rows[k][0] <= D) || times[k] > 0);
  const ran = ranAt.map((k) => rows[k]);
  /** @type {Map<string, number[]>} */
  const each = new Map();
  for (const k of ranAt) {
    const key = `${rows[k][2]} ${rows[k][3]}`;
    const list = each.get(key) ?? [];
    list.push(times[k]);
    each.set(key, list);
  }
  const inFlight = rows.filter((r, k) => r[0] < -1 && (r[1] === null || r[1] > 0) && !(times[k] > 0));
  const queued = rows.filter((r) => r[0] > D && r[0] <= D + QUEUED_MS);
  const w = (/** @type {RequestRow} */ r) => r[5] ?? 1;
  const sum = (/** @type {RequestRow[]} */ list, /** @type {(r: RequestRow) => number} */ f) => list.reduce((n, r) => n + w(r) * f(r), 0);
  const count = (/** @type {RequestRow[]} */ list) => sum(list, () => 1);
  const delayedMs = sum(inFlight, (r) => Math.min(r[1] ?? D, D)) + sum(ran.slice(1), (r) => Math.max(0, r[0]));
  const oneIn = Math.max(b.oneIn ?? 1, ...rows.map(w));
  /** @type {BlockRequestsSummary} */
  const summary = {
    ran: [...each].map(([route, times]) => ({ route, count: times.length, msEach: round(median(times)), total: times.reduce((a, c) => a + c, 0) }))
      .sort((a, b2) => b2.total - a.total).map(({ total: _t, ...r }) => r),
    waited: count(inFlight) + count(ran.slice(1)) + count(queued) + (b.more ?? 0),
    delayedMs: round(delayedMs),
    queuedAfter: count(queued),
    label: null,
    ...(oneIn > 1 ? { oneIn } : {}),
  };
  summary.label = requestLabel(summary);
  return summary;
}

/**
 * How long each request ran of the block. The block is cut at every start and finish of a request
 * in it; a stretch that ends at a request's finish is that request's (its handler answered there),
 * else the last request to start before it, while that one is open. A finish says more than a start:
 * a framework that defers its handlers (restana's setImmediate, a middleware chain of promises)
 * starts several requests at once and runs their handlers after, so the last start does not tell
 * which handler ran. A request in flight when the block began (its handler awaited, then went on in
 * the block) takes the stretch before its finish only when no request that started in the block is
 * open: a response finishes when its last byte is handed to the system, and a large one's finish
 * comes after the block, so a quick request in flight would take the heavy one's stretch.
 * @param {RequestRow[]} rows sorted by start @param {number} D the block's length
 * @returns {number[]} ms per row
 */
function ranTimes(rows, D) {
  return ranStretches(rows, D).map((list) => round(list.reduce((sum, [a, b]) => sum + b - a, 0)));
}

/**
 * Where in a block each route's requests ran: the stretches ranTimes gives them, per route (`GET
 * /export`), in ms from the block's start. A block can run several slow handlers back to back
 * (two connections, two routes): each route's own stretches say which of its stack samples are
 * that route's.
 * @param {BlockRequests} b @param {number} durationMs the block's length (clipped to the window)
 * @returns {Map<string, [number, number][]>}
 */
export function routeStretches(b, durationMs) {
  const D = b.durationMs ?? durationMs;
  const rows = [...b.requests].sort((x, y) => x[0] - y[0]);
  /** @type {Map<string, [number, number][]>} */
  const by = new Map();
  ranStretches(rows, D).forEach((list, k) => {
    if (!list.length) return;
    const key = `${rows[k][2]} ${rows[k][3]}`;
    by.set(key, [...(by.get(key) ?? []), ...list]);
  });
  return by;
}

/**
 * ranTimes' walk: the stretches of the block each request ran.
 * @param {RequestRow[]} rows sorted by start @param {number} D the block's length
 * @returns {[number, number][][]} per row
 */
function ranStretches(rows, D) {
  /** @type {{t: number, k: number, end: boolean}[]} */
  const events = [];
  rows.forEach((r, k) => {
    if (r[0] >= -1 && r[0] <= D) events.push({ t: Math.max(0, r[0]), k, end: false });
    if (r[1] !== null && r[1] >= 0 && r[1] <= D && r[0] <= D) events.push({ t: r[1], k, end: true });
  });
  // at the same time, a finish before a start: the request that answered, then the next one
  events.sort((a, b) => a.t - b.t || Number(b.end) - Number(a.end));
  /** @type {[number, number][][]} */
  const stretches = rows.map(() => []);
  const finished = new Set();
  let last = -1; // the last request that started in the block
  let prev = 0;
  for (const e of [...events, { t: D, k: -1, end: false }]) {
    const span = Math.min(e.t, D) - prev;
    const lastOpen = last >= 0 && !finished.has(last) ? last : -1;
    if (span > 0) {
      const owner = e.end ? (rows[e.k][0] >= -1 || lastOpen < 0 ? e.k : lastOpen) : lastOpen;
      if (owner >= 0) stretches[owner].push([prev, prev + span]);
    }
    if (e.k >= 0 && e.end) finished.add(e.k);
    else if (e.k >= 0) last = e.k;
    prev = Math.max(prev, Math.min(e.t, D));
  }
  return stretches;
}

/**
 * Per route over the window: the agent's counts and latency, and the blocks each route ran in.
 * @param {Record<string, {count: number, errors: number, latency: any}> | null | undefined} routes
 * @param {{durationMs: number, requests?: BlockRequestsSummary | null}[]} blocks
 * @returns {RouteRow[]}
 */
export function routeRows(routes, blocks) {
  /** @type {Map<string, {blocks: number, blockedMs: number}>} */
  const blocked = new Map();
  const held = routeCulprits(blocks);
  for (const b of blocks) {
    const ran = b.requests?.ran ?? [];
    const total = ran.reduce((sum, r) => sum + r.count * r.msEach, 0);
    for (const r of ran) {
      const x = blocked.get(r.route) ?? { blocks: 0, blockedMs: 0 };
      x.blocks++;
      // the block's time in proportion to what this route's requests took of it
      x.blockedMs += total > 0 ? (b.durationMs * r.count * r.msEach) / total : b.durationMs / ran.length;
      blocked.set(r.route, x);
    }
  }
  const rows = Object.entries(routes ?? {}).map(([route, r]) => {
    const h = Histogram.fromJSON(r.latency);
    const x = blocked.get(route) ?? { blocks: 0, blockedMs: 0 };
    return {
      route, requests: r.count, errors: r.errors,
      p50Ms: round(h.percentile(50)), p90Ms: round(h.percentile(90)), p99Ms: round(h.percentile(99)), maxMs: round(h.max),
      blocks: x.blocks, blockedMs: round(x.blockedMs),
      ...(held.has(route) ? { heldBy: held.get(route) } : {}),
    };
  });
  return rows.sort((a, b) => b.blockedMs - a.blockedMs || b.requests - a.requests);
}

/**
 * Per route, what held its longest run in a block: the route's own culprit in a block that ran several
 * routes and named one for each (`ran[].culprit`), else the block's own when the route ran most of it.
 * A production log's block of one route keeps only its label ("GET /x ×2 (234 ms each)"): that route, for the block's length.
 * @param {{durationMs: number, requests?: {ran?: RanRoute[], label?: string | null} | null, culprit?: {label?: string} | null, fix?: string}[]} blocks
 * @returns {Map<string, RouteCulprit>}
 */
export function routeCulprits(blocks) {
  /** @type {Map<string, RouteCulprit>} */
  const held = new Map();
  for (const b of blocks) {
    const one = labelRoute(b.requests?.label);
    const ran = b.requests?.ran?.length ? b.requests.ran : one && !one.several ? [{ route: one.route, count: 1, msEach: b.durationMs }] : [];
    // the block's culprit is the first route's unless it is another route's own
    const another = ran.some((r, i) => i > 0 && r.culprit && r.culprit.label === b.culprit?.label);
    ran.forEach((r, i) => {
      const c = r.culprit ?? (i === 0 && !another ? b.culprit : null);
      const fix = r.culprit ? r.fix : b.fix;
      const msRan = r.count * r.msEach;
      if (!c?.label || !fix || fix === 'none' || (held.get(r.route)?.ms ?? -1) >= msRan) return;
      held.set(r.route, { label: c.label, fix, ms: round(msRan) });
    });
  }
  return held;
}

/**
 * The per-route figures of several loops (a cluster's workers serve the same routes) as one.
 * @param {(Record<string, {count: number, errors: number, latency: any}> | null | undefined)[]} all
 * @returns {Record<string, {count: number, errors: number, latency: any}>}
 */
export function mergeRoutes(all) {
  /** @type {Map<string, {count: number, errors: number, latency: Histogram}>} */
  const by = new Map();
  for (const routes of all) {
    for (const [route, r] of Object.entries(routes ?? {})) {
      const x = by.get(route) ?? { count: 0, errors: 0, latency: new Histogram() };
      x.count += r.count;
      x.errors += r.errors;
      x.latency.merge(Histogram.fromJSON(r.latency));
      by.set(route, x);
    }
  }
  return Object.fromEntries([...by].map(([route, r]) => [route, { count: r.count, errors: r.errors, latency: r.latency.toJSON() }]));
}

/**
 * A requests label read back (a production log keeps only it): the route that ran most, how many of
 * its requests ran back to back and how long each ("GET /export ×11 (150 ms each)"; msEach null when
 * the label does not say), and whether other routes ran too ("... +2 route(s)").
 * @param {string | null | undefined} label
 * @returns {{route: string, count: number, msEach: number | null, several: boolean} | null}
 */
export function labelRoute(label) {
  const m = label ? /^(.*?)(?: ×(\d+) \((\d+) ms each\))?( \+\d+ route\(s\))?$/.exec(label) : null;
  return m ? { route: m[1], count: m[2] ? Number(m[2]) : 1, msEach: m[3] ? Number(m[3]) : null, several: Boolean(m[4]) } : null;
}

/** "GET /export ×11 (150 ms each)": what labelRoute reads. @param {{ran: RanRoute[]} | null | undefined} s */
function requestLabel(s) {
  const top = s?.ran[0];
  if (!top) return null;
  return `${top.route}${top.count > 1 ? ` ×${top.count} (${Math.round(top.msEach)} ms each)` : ''}${s.ran.length > 1 ? ` +${s.ran.length - 1} route(s)` : ''}`;
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}
/** @param {number} v */
const round = (v) => Math.round(v * 100) / 100;
