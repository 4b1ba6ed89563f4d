// The production log's lines, one JSON object each (`event`: start, listen, block, stats, note): what a
// log pipeline keeps and `eventloop-probe report <log>` reads back (log-report.js). Pure.

import path from 'node:path';
import { Histogram } from '../agent/histogram.cjs';
import { PROFILER_WALK } from './capture-budget.js';

const MAX_STACK = 10;
const MAX_STACKS = 3;
const MAX_ROUTES = 20;

/**
 * @param {{t: number, pid: number, loop: string, nodeVersion: string, argv: string[], settings: object, tool: {name: string, version: string}}} s
 */
export function startLine(s) {
  return {
    event: 'start', t: new Date(s.t).toISOString(), pid: s.pid, loop: s.loop, node: s.nodeVersion,
    app: s.argv.map((a) => (path.isAbsolute(a) ? path.basename(a) : a)).join(' '), settings: s.settings, tool: `${s.tool.name}@${s.tool.version}`,
  };
}

/**
 * The first server of the loop's thread listens: the app's start-up is over. Blocks that began
 * before it are start-up, which `report <log>` shows apart and does not judge.
 * @param {{t: number, pid: number, loop: string}} m
 */
export function listenLine(m) {
  return { event: 'listen', t: new Date(m.t).toISOString(), pid: m.pid, loop: m.loop };
}

/**
 * A block as the log says it: when, how long, the culprit (owner, function, the line that called
 * it), the fix and the advice, the request it ran, and the stacks its time went through. A stall
 * that was not the app's (its thread waited for a CPU most of it: `heldBy` "machine"; the tool's
 * own work: "tool"), and a block the capture saw too little of (`captured` "partial"), name no
 * culprit: their `note` says why.
 * @param {any} b an attributed block with its epoch start `t`
 * @param {{pid: number, loop: string, cwd: string, captured: boolean | 'partial', heldBy?: 'app' | 'machine' | 'tool',
 *   seen?: {samples: number, firstMs: number | null} | null, skipped?: {spentMs: number, budgetMs: number} | null}} m seen: the
 *   capture's samples of the app's code in the block; skipped: no capture started for it, the captures' budget was spent
 */
export function blockLine(b, m) {
  const rel = (/** @type {string} */ url) => (url && path.isAbsolute(url) && !path.relative(m.cwd, url).startsWith('..') ? path.relative(m.cwd, url) : url);
  const heldBy = m.heldBy ?? 'app';
  const named = heldBy === 'app' && m.captured === true;
  const c = named ? b.culprit ?? null : null;
  /** @type {Map<string, {frames: string[], ms: number}>} */
  const byStack = new Map();
  const samples = Array.isArray(b.samples) ? b.samples : [];
  const each = samples.length ? b.durationMs / samples.length : 0;
  for (const s of samples) {
    const frames = s.stack.slice(0, MAX_STACK).map((/** @type {any} */ f) => frameText(f, rel));
    const key = frames.join('\n');
    const x = byStack.get(key) ?? { frames, ms: 0 };
    x.ms += each;
    byStack.set(key, x);
  }
  const ran = Array.isArray(b.requests?.ran) ? b.requests.ran.slice(0, MAX_ROUTES) : [];
  const note = m.skipped && heldBy === 'app' && m.captured === false ? skippedNote(m.skipped)
    : heldBy !== 'app' || m.captured === 'partial' ? noteOf(b, heldBy, m.seen ?? null) : null;
  return {
    event: 'block', t: new Date(b.t).toISOString(), pid: m.pid, loop: m.loop,
    durationMs: round(b.durationMs), cause: named ? b.cause ?? null : null, phase: named ? b.phase ?? null : null,
    culprit: c ? culpritLine(c, rel) : null,
    fix: named ? b.fix ?? null : null, advice: named || (heldBy === 'app' && m.captured === false) ? b.advice ?? null : null, gcShare: b.gcShare ?? null,
    request: b.requests?.label ?? null, waited: b.requests?.waited ?? null,
    // a busy service's requests followed 1 in N: `request` names a followed one, `waited` is an estimate
    ...(b.requests?.oneIn ? { requestsOneIn: b.requests.oneIn } : {}),
    // a block that ran several routes' handlers back to back: each route's time, and its own culprit where one was named
    ...(ran.length >= 2 ? {
      routes: ran.map((/** @type {any} */ r) => ({
        route: r.route, count: r.count, msEach: r.msEach,
        ...(named && r.culprit ? { culprit: culpritLine(r.culprit, rel), fix: r.fix ?? null } : {}),
      })),
    } : {}),
    owners: named ? (b.owners ?? []).slice(0, 4) : [],
    stack: named ? (b.stack ?? []).slice(0, MAX_STACK).map((/** @type {any} */ f) => frameText(f, rel)) : [],
    // what a partial capture saw is kept as it was seen: stacks with the time they stood for
    stacks: [...byStack.values()].sort((x, y) => y.ms - x.ms).slice(0, MAX_STACKS).map((x) => ({ ms: round(x.ms), frames: x.frames })),
    captured: m.captured,
    ...(typeof b.waitMs === 'number' ? { waitMs: round(b.waitMs) } : {}),
    ...(typeof b.runMs === 'number' ? { runMs: round(b.runMs) } : {}),
    ...(heldBy !== 'app' ? { heldBy } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * A culprit as a log line says it: its label, function, file and line, owner and the app's calling line.
 * @param {any} c an attributed culprit @param {(url: string) => string} rel
 */
function culpritLine(c, rel) {
  return {
    label: c.label ?? c.functionName, function: c.functionName, file: rel(c.url), line: c.line,
    owner: c.owner ?? null,
    calledFrom: c.calledFrom ? { function: c.calledFrom.functionName, file: rel(c.calledFrom.url), line: c.calledFrom.line } : null,
  };
}

/**
 * Why a block line names no culprit. @param {any} b @param {'app' | 'machine' | 'tool'} heldBy
 * @param {{samples: number, firstMs: number | null} | null} seen
 */
function noteOf(b, heldBy, seen) {
  const ms = Math.round(b.durationMs);
  const wait = typeof b.waitMs === 'number' ? Math.round(b.waitMs) : null;
  const run = typeof b.runMs === 'number' ? Math.round(b.runMs) : null;
  if (heldBy === 'machine') {
    if (wait !== null && wait > 0 && run !== null && run + wait >= 0.5 * b.durationMs) {
      return `the loop's thread waited for a CPU ${wait} ms of this ${ms} ms stall and ran ${run} ms: the machine was overloaded, the app's code did not hold the loop past the threshold`;
    }
    return `the loop's thread neither ran nor waited for a CPU most of this ${ms} ms stall, in no call that waits: the system held it (page faults, a paused VM), not the app's code`;
  }
  if (heldBy === 'tool' && b.toolBy === PROFILER_WALK) {
    return `this ${ms} ms stall was mostly the stack capture's start that it set off (V8's profiler walked the heap ${Math.round(b.toolMs ?? 0)} ms of it, on the app's thread): what the app held was shorter than the threshold, not the app's block`;
  }
  if (heldBy === 'tool') return `this ${ms} ms stall was the tool's own work${b.toolMs ? ` (${Math.round(b.toolMs)} ms of it)` : ''}: not the app's; please report it`;
  const n = seen?.samples ?? 0;
  const from = n && seen?.firstMs !== null && seen?.firstMs !== undefined ? `, from ${Math.round(seen.firstMs)} ms into it` : '';
  return `the stack capture started too late or saw too little of this ${ms} ms block (${n ? `${n} stack sample(s) of the app's code${from}` : 'no stack sample of the app\'s code'}${wait ? `; its thread waited for a CPU ${wait} ms of it` : ''}): too little to name what held the loop`;
}

/** Why a block had no capture: the budget. @param {{spentMs: number, budgetMs: number}} s */
function skippedNote(s) {
  return s.budgetMs > 0
    ? `no stack capture: the captures' starts held the app's thread ${s.spentMs} ms in the last minute, against a budget of ${s.budgetMs} ms (EVENTLOOP_PROBE_CAPTURE_BUDGET)`
    : 'no stack capture: EVENTLOOP_PROBE_CAPTURE_BUDGET is 0';
}

/**
 * The figures of the last interval: lag, utilisation, CPU, GC, memory, blocks, and what the rate
 * limit dropped; the lag histogram kept compact, so a report can merge intervals.
 * @param {{t: number, loop: string, summary: any, startup?: boolean}} m @param {number} pid @param {number} dropped
 * @param {{count: number, sampled: number, startMs: number, skipped: number}} [captures] the stack captures of the interval: how many,
 *   of them sampled without the profiler, how long the profiler's starts held the app's thread, and how many the budget refused
 */
export function statsLine(m, pid, dropped, captures) {
  const s = m.summary;
  const lag = Histogram.fromJSON(s.lag);
  const seconds = Math.max(0.001, (s.measureEnd - s.measureStart) / 1000);
  const routes = Object.entries(s.routes ?? {}).sort((a, b) => b[1].count - a[1].count).slice(0, MAX_ROUTES).map(([route, r]) => {
    const h = Histogram.fromJSON(r.latency);
    // the histogram too: a report over many intervals merges them (a percentile of percentiles is none)
    return { route, requests: r.count, errors: r.errors, p50Ms: round(h.percentile(50)), p99Ms: round(h.percentile(99)), maxMs: round(h.max), histogram: r.latency };
  });
  return {
    event: 'stats', t: new Date(m.t).toISOString(), pid, loop: m.loop, seconds: round(seconds),
    lag: { p50Ms: round(lag.percentile(50)), p90Ms: round(lag.percentile(90)), p99Ms: round(lag.percentile(99)), maxMs: round(lag.max), histogram: s.lag },
    // the same delay less each beat's wait for a CPU, and that wait (Linux): an overloaded machine's share
    ...(s.ownLag ? { lagOwn: { p99Ms: round(Histogram.fromJSON(s.ownLag).percentile(99)), histogram: s.ownLag } } : {}),
    ...(typeof s.runWaitMs === 'number' ? { runWaitMs: round(s.runWaitMs) } : {}),
    elu: round3(s.elu?.utilization ?? 0),
    // a sampling profiler ran on the loop's thread: elu is capped by the thread's time, libuv's own figure beside it
    ...(typeof s.elu?.libuv === 'number' ? { eluLibuv: round3(s.elu.libuv) } : {}),
    cpuPercent: round(((s.cpu?.userMs ?? 0) + (s.cpu?.systemMs ?? 0)) / (seconds * 10)),
    gc: { count: s.gc?.count ?? 0, totalMs: round(s.gc?.totalMs ?? 0), maxMs: round(s.gc?.maxMs ?? 0), ...(s.gc?.observedS != null ? { observedS: s.gc.observedS } : {}) },
    memory: { rssMb: mb(s.memory?.rss ?? 0), heapUsedMb: mb(s.memory?.heapUsed ?? 0) },
    blocks: s.blocks ?? 0, dropped, routes,
    // requests served and followed: above the rate followed in full, each followed one counts for N in `routes`
    ...(s.requests ? { requests: s.requests } : {}),
    ...(captures ? { captures } : {}),
    // the interval the app's first listen closed: it and the ones before it were the start-up
    ...(m.startup ? { startup: true } : {}),
  };
}

/** "cloneDeep (node_modules/lodash/lodash.js:11186)". @param {any} f @param {(url: string) => string} rel */
function frameText(f, rel) {
  return `${f.functionName || '(anonymous)'} (${f.url ? `${rel(f.url)}:${f.line}` : 'native'})`;
}

/** @param {number} v */
const round = (v) => Math.round(v * 100) / 100;
/** @param {number} v */
const round3 = (v) => Math.round(v * 1000) / 1000;
/** @param {number} bytes */
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
