// A production log (lines.js) read back as a report: its blocks with their culprits and advice,
// the loop's figures merged over its stats lines, the routes, the verdict, and a CPU profile made
// of the blocks' stacks (weighted by their time) for the flame graph. So `eventloop-probe report
// <log>` renders what production saw the way `run` renders a run. Pure.

import path from 'node:path';
import { Histogram } from '../agent/histogram.cjs';
import { blockTotals, round } from '../analyze/blocks.js';
import { ownerNotes } from '../analyze/ownership.js';
import { verdict } from '../analyze/verdict.js';
import { kindOf } from '../analyze/frames.js';
import { labelRoute, routeCulprits } from '../analyze/requests.js';
import { inferFromRoute } from '../analyze/same-route.js';

// a stats line's garbage collection observed in less than this share of its interval is not scaled up
const MIN_OBSERVED_SHARE = 0.05;

/**
 * Whether a file's first line is a production log line.
 * @param {string} text
 */
export function isProductionLog(text) {
  const first = text.split('\n', 1)[0]?.trim() ?? '';
  try {
    const line = JSON.parse(first);
    return typeof line?.event === 'string' && ['start', 'listen', 'block', 'stats', 'note'].includes(line.event);
  } catch {
    return false;
  }
}

/**
 * @param {string} text the log @param {{file: string, tool: {name: string, version: string}}} c
 * @returns {{report: import('../../types/report.js').Report, profile: object | null}}
 */
export function logToReport(text, c) {
  /** @type {any[]} */
  const lines = [];
  let unreadable = 0;
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    try {
      lines.push(JSON.parse(raw));
    } catch {
      unreadable++;
    }
  }
  const times = lines.map((l) => Date.parse(l.t)).filter(Number.isFinite);
  const from = times.length ? Math.min(...times) : 0;
  const to = times.length ? Math.max(...times) : 0;
  const start = lines.find((l) => l.event === 'start') ?? null;
  const stats = lines.filter((l) => l.event === 'stats');
  // stalls the machine or the tool held are reported apart, never as the app's blocks (as in a run)
  const stallLines = lines.filter((l) => l.event === 'block');
  // start-up: the app's blocks that began before its loop's first server listened, shown apart and
  // not judged (as a run's warm-up); a process that never listened has no start-up here. Began, not
  // ended: an app listens at the end of the turn that built it (net publishes the listen in that
  // turn), and the block ends at the next beat. A block's start is estimated from the loop's busy time
  // since the beat before it, which counts the listen's own turn: one that began within a beat of the
  // listen may have begun after it (a first request sent as soon as the port is known), and is judged
  const listenAt = new Map(lines.filter((l) => l.event === 'listen').map((l) => [`${l.pid} ${l.loop}`, Date.parse(l.t)]));
  const beatMs = Number(start?.settings?.resolutionMs) || 0;
  const beforeListen = (/** @type {any} */ l) => Date.parse(l.t) < (listenAt.get(`${l.pid} ${l.loop}`) ?? -Infinity) - beatMs;
  const appLines = stallLines.filter((l) => !l.heldBy || l.heldBy === 'app');
  const startupLines = appLines.filter(beforeListen);
  const blockLines = appLines.filter((l) => !beforeListen(l));
  const startedAt = (/** @type {any} */ l) => round(Date.parse(l.t) - from);
  const thresholdMs = Number(start?.settings?.thresholdMs) || 200;
  const pids = new Set(lines.map((l) => l.pid));

  // the loop's delay of the start-up (the stats line the first listen closed, and those before it) is
  // not judged, as its blocks are not
  const startupUntil = new Map(stats.filter((s) => s.startup).map((s) => [`${s.pid} ${s.loop}`, Date.parse(s.t)]));
  const judged = stats.filter((s) => !(Date.parse(s.t) <= (startupUntil.get(`${s.pid} ${s.loop}`) ?? -Infinity)));
  const lag = new Histogram();
  for (const s of judged) if (s.lag?.histogram) lag.merge(Histogram.fromJSON(s.lag.histogram));
  const seconds = stats.reduce((sum, s) => sum + (s.seconds ?? 0), 0);
  const weighed = (/** @type {(s: any) => number} */ f) => (seconds > 0 ? stats.reduce((sum, s) => sum + f(s) * (s.seconds ?? 0), 0) / seconds : 0);
  const blocks = blockLines.map((b) => blockOf(b, from));
  const partial = (/** @type {number} */ i) => blockLines[i].captured === 'partial' || blockLines[i].captured === false;
  const inferred = inferFromRoute(blocks, thresholdMs, { full: (i) => !partial(i), missing: partial, why: (i) => blockLines[i].note, fullAs: 'whose capture was full' });
  const measuredMs = Math.max(1, to - from);

  /** @type {any} */
  const report = {
    schemaVersion: 1,
    tool: c.tool,
    target: {
      script: start?.app ?? path.basename(c.file), args: [], nodeVersion: start?.node ?? '?', pid: start?.pid ?? lines[0]?.pid ?? 0,
      exitCode: null, signal: null, port: null, listenAfterMs: null,
    },
    run: {
      startedAt: new Date(from).toISOString(), durationMs: round(measuredMs), spawnedAt: new Date(from).toISOString(), mode: 'log',
      thresholdMs, settings: { routes: [], probe: null, thresholdMs, log: path.basename(c.file) },
    },
    lag: {
      minMs: round(lag.count ? lag.min : 0), meanMs: round(lag.mean()), p50Ms: round(lag.percentile(50)), p90Ms: round(lag.percentile(90)),
      p99Ms: round(lag.percentile(99)), maxMs: round(lag.max), samples: lag.count, resolutionMs: null,
    },
    elu: { mean: round3(weighed((s) => s.elu ?? 0)), max: round3(Math.max(0, ...stats.map((s) => s.elu ?? 0))) },
    cpu: { percent: round(weighed((s) => s.cpuPercent ?? 0)), userMs: 0, systemMs: 0 },
    memory: { rssMaxMb: Math.max(0, ...stats.map((s) => s.memory?.rssMb ?? 0)), heapUsedMaxMb: Math.max(0, ...stats.map((s) => s.memory?.heapUsedMb ?? 0)) },
    work: null,
    gc: {
      count: Math.round(stats.reduce((sum, s) => sum + gcOf(s).count, 0)), totalMs: round(stats.reduce((sum, s) => sum + gcOf(s).totalMs, 0)),
      maxMs: round(Math.max(0, ...stats.map((s) => s.gc?.maxMs ?? 0))),
    },
    blocking: blockTotals(blocks, measuredMs),
    blocks,
    topSites: topSites(blocks),
    routes: routesOf(stats, blocks),
    warmup: startupOf(startupLines, from, listenAt),
    toolStalls: {
      beforeLoadMs: 0, stallsInWindow: 0, longestStallMs: 0, totalStallMs: 0, captureStarts: { inWindow: 0, longestMs: 0 },
      blocks: stallLines.filter((l) => l.heldBy === 'tool').map((l) => ({ startMs: startedAt(l), durationMs: l.durationMs, toolMs: 0 })),
    },
    machine: {
      ...machineOf(judged),
      starvedBlocks: stallLines.filter((l) => l.heldBy === 'machine').map((l) => ({ startMs: startedAt(l), durationMs: l.durationMs, waitMs: l.waitMs ?? 0 })),
    },
    threadPool: null,
    threads: null,
    workers: [],
    stacks: { mode: 'running', source: blocks.some((b) => b.stack.length) ? 'watchdog' : 'none' },
    profile: null,
    http: { probe: null, load: null },
    timeline: timelineOf(stats, from),
    verdict: { status: 'responsive', reasons: [] },
    loop: null,
    findings: [],
    notes: notesOf(lines, stats, stallLines, pids, unreadable, inferred),
    budgets: [],
    artifacts: {},
  };
  report.notes.push(...ownerNotes([], [], report.machine.runWaitShare));
  report.verdict = verdict(report, thresholdMs);
  // the flame graph: the stacks of the blocks named from a full capture (a partial one's few samples would weigh as much)
  const profile = profileOf(blockLines.filter((l) => l.captured === true || l.captured === undefined), from);
  if (profile) report.profile = { file: 'profile.cpuprofile', startEpochMs: from, intervalUs: 1000 };
  return { report, profile };
}

/**
 * The start-up's blocks (begun before the app listened) as a run's warm-up section: shown apart, not
 * judged. Null when none. @param {any[]} startup block lines @param {number} from
 * @param {Map<string, number>} listenAt each loop's first listen, epoch ms
 */
function startupOf(startup, from, listenAt) {
  if (!startup.length) return null;
  const blocks = startup.map((b) => blockOf(b, from));
  const durationMs = round(Math.max(0, Math.max(...listenAt.values()) - from));
  return { durationMs, blocking: blockTotals(blocks, Math.max(1, durationMs)), blocks, lagMaxMs: round(Math.max(...blocks.map((b) => b.durationMs))), probe: null, load: null };
}

/**
 * How long the loops' threads waited for a CPU, and their delay less that wait, from the stats lines
 * that say (Linux; lines of versions before them do not): the overloaded machine's part, as in a run.
 * @param {any[]} stats the judged stats lines
 */
function machineOf(stats) {
  const said = stats.filter((s) => s.lagOwn?.histogram && typeof s.runWaitMs === 'number');
  if (!said.length || said.length < stats.filter((s) => s.lag?.histogram).length) return { runWaitMs: null, lagP99WithoutWaitMs: null, runWaitShare: null };
  const own = new Histogram();
  for (const s of said) own.merge(Histogram.fromJSON(s.lagOwn.histogram));
  const waitMs = said.reduce((sum, s) => sum + s.runWaitMs, 0);
  const spanMs = said.reduce((sum, s) => sum + (s.seconds ?? 0) * 1000, 0);
  return { runWaitMs: round(waitMs), lagP99WithoutWaitMs: round(own.percentile(99)), runWaitShare: spanMs > 0 ? Math.round((waitMs / spanMs) * 1000) / 1000 : null };
}

/** A log line's culprit back to the report's. @param {any} c */
function culpritOf(c) {
  return c ? {
    functionName: c.function, url: c.file ?? '', line: c.line ?? 0, owner: c.owner ?? undefined, label: c.label,
    calledFrom: c.calledFrom ? { functionName: c.calledFrom.function, url: c.calledFrom.file, line: c.calledFrom.line } : null,
  } : null;
}

/** @param {any} b a block line @param {number} from */
function blockOf(b, from) {
  const ran = Array.isArray(b.routes) ? b.routes.map((/** @type {any} */ r) => ({
    route: r.route, count: r.count, msEach: r.msEach, total: r.count * r.msEach,
    ...(r.culprit ? { culprit: culpritOf(r.culprit), fix: r.fix ?? 'none' } : {}),
  })) : [];
  return {
    startMs: round(Date.parse(b.t) - from), durationMs: b.durationMs, cause: b.cause, phase: b.phase,
    culprit: culpritOf(b.culprit),
    owners: b.owners ?? [], fix: b.fix ?? 'none', advice: b.advice ?? '', gcShare: b.gcShare ?? 0, call: null,
    stack: (b.stack ?? []).map(parseFrame), samples: [], topFrames: [],
    ...(typeof b.waitMs === 'number' ? { waitMs: b.waitMs } : {}),
    ...(typeof b.runMs === 'number' ? { runMs: b.runMs } : {}),
    ...(b.request ? { requests: { ran, waited: b.waited ?? 0, delayedMs: 0, queuedAfter: 0, label: b.request, ...(b.requestsOneIn > 1 ? { oneIn: b.requestsOneIn } : {}) } } : {}),
  };
}

/** "cloneDeep (node_modules/lodash/lodash.js:11186)" back to a frame. @param {string} text */
function parseFrame(text) {
  const m = /^(.*) \((.*?)(?::(\d+))?\)$/.exec(text);
  const functionName = m ? m[1] : text;
  const url = m && m[2] !== 'native' ? m[2] : '';
  return { functionName, url, line: m?.[3] ? Number(m[3]) : 0, column: 0, kind: kindOf(url, functionName) };
}

/** The app lines the blocks were called from, longest total first. @param {any[]} blocks */
function topSites(blocks) {
  /** @type {Map<string, any>} */
  const by = new Map();
  for (const b of blocks) {
    const f = b.culprit?.calledFrom ?? b.culprit;
    if (!f) continue;
    const key = `${f.functionName}\0${f.url}\0${f.line}`;
    const s = by.get(key) ?? { functionName: f.functionName, url: f.url, line: f.line, blockedMs: 0, count: 0 };
    s.blockedMs = round(s.blockedMs + b.durationMs);
    s.count++;
    by.set(key, s);
  }
  return [...by.values()].sort((a, b) => b.blockedMs - a.blockedMs).slice(0, 20);
}

/** Per route over the log: requests summed, latency the worst interval's, the blocks it ran. @param {any[]} stats @param {any[]} blocks */
function routesOf(stats, blocks) {
  /** @type {Map<string, any>} */
  const by = new Map();
  /** @type {Map<string, Histogram | null>} each route's latency over the log; null: an interval gave no histogram */
  const latency = new Map();
  for (const s of stats) {
    for (const r of s.routes ?? []) {
      const x = by.get(r.route) ?? { route: r.route, requests: 0, errors: 0, p50Ms: 0, p90Ms: 0, p99Ms: 0, maxMs: 0, blocks: 0, blockedMs: 0 };
      x.requests += r.requests;
      x.errors += r.errors;
      // without histograms (a log of an earlier version) each figure is the highest interval's: an upper bound
      x.p50Ms = Math.max(x.p50Ms, r.p50Ms);
      x.p90Ms = Math.max(x.p90Ms, r.p99Ms);
      x.p99Ms = Math.max(x.p99Ms, r.p99Ms);
      x.maxMs = Math.max(x.maxMs, r.maxMs);
      by.set(r.route, x);
      const h = latency.has(r.route) ? latency.get(r.route) : new Histogram();
      latency.set(r.route, h && r.histogram ? h.merge(Histogram.fromJSON(r.histogram)) : null);
    }
  }
  for (const [route, h] of latency) {
    const x = by.get(route);
    if (!h || !h.count) continue;
    x.p50Ms = round(h.percentile(50));
    x.p90Ms = round(h.percentile(90));
    x.p99Ms = round(h.percentile(99));
    x.maxMs = round(h.max);
  }
  for (const b of blocks) {
    // a block of several routes (its line's `routes`): each its share of it, as `run`'s table does
    const ran = b.requests?.ran ?? [];
    const total = ran.reduce((/** @type {number} */ sum, /** @type {any} */ r) => sum + r.count * r.msEach, 0);
    const label = labelRoute(b.requests?.label)?.route;
    const shares = ran.length && total > 0 ? ran.map((/** @type {any} */ r) => [r.route, (r.count * r.msEach) / total]) : label ? [[label, 1]] : [];
    for (const [route, share] of shares) {
      const x = by.get(route);
      if (!x) continue;
      x.blocks++;
      x.blockedMs = round(x.blockedMs + b.durationMs * share);
    }
  }
  for (const [route, heldBy] of routeCulprits(blocks)) if (by.has(route)) by.get(route).heldBy = heldBy;
  return [...by.values()].sort((a, b) => b.blockedMs - a.blockedMs || b.requests - a.requests);
}

/** One point per stats line. @param {any[]} stats @param {number} from */
function timelineOf(stats, from) {
  const windowMs = stats.length ? Math.round((stats[0].seconds ?? 60) * 1000) : 60000;
  return {
    windowMs,
    points: stats.map((s) => ({
      tMs: round(Date.parse(s.t) - from - (s.seconds ?? 0) * 1000), lagMaxMs: s.lag?.maxMs ?? null, elu: s.elu ?? null,
      cpuPercent: s.cpuPercent ?? null, gcMs: round(gcOf(s).totalMs), probeMaxMs: null, probes: 0, requests: (s.routes ?? []).reduce((/** @type {number} */ n, /** @type {any} */ r) => n + r.requests, 0),
    })),
  };
}

/**
 * A stats line's garbage collection over its whole interval: when the agent observed collections
 * in part of it only (`observedS`, EVENTLOOP_PROBE_GC=sample: a tenth), scaled from that part; a part
 * a block cut to less than half of that is taken as it is (a few ms would scale to anything).
 * @param {any} s @returns {{count: number, totalMs: number}}
 */
function gcOf(s) {
  const count = s.gc?.count ?? 0;
  const totalMs = s.gc?.totalMs ?? 0;
  const observedS = s.gc?.observedS;
  if (typeof observedS !== 'number' || !(s.seconds > observedS) || observedS < s.seconds * MIN_OBSERVED_SHARE) return { count, totalMs };
  return { count: (count * s.seconds) / observedS, totalMs: (totalMs * s.seconds) / observedS };
}

/**
 * @param {any[]} lines @param {any[]} stats @param {any[]} blocks @param {Set<unknown>} pids @param {number} unreadable
 * @param {number} inferred blocks named after their route's other blocks (same-route.js)
 */
function notesOf(lines, stats, blocks, pids, unreadable, inferred) {
  const notes = [`read from a production log: ${blocks.length} block line(s), ${stats.length} stats line(s)${pids.size > 1 ? `, ${pids.size} processes` : ''}`];
  const dropped = stats.reduce((sum, s) => sum + (s.dropped ?? 0), 0);
  if (dropped) notes.push(`${dropped} block(s) were not written: the log's rate limit (EVENTLOOP_PROBE_MAX_BLOCKS) dropped them`);
  if (unreadable) notes.push(`${unreadable} line(s) of the log could not be read`);
  const machine = blocks.filter((b) => b.heldBy === 'machine').length;
  const tool = blocks.filter((b) => b.heldBy === 'tool').length;
  if (machine) notes.push(`${machine} stall(s) of the loop were the machine's (its thread waited for a CPU, or was held by the system, most of the time): not counted as the app's blocks`);
  if (tool) notes.push(`${tool} stall(s) of the loop were the tool's own work: not counted as the app's blocks; please report it`);
  const partial = blocks.filter((b) => b.captured === 'partial').length;
  if (partial) notes.push(`${partial} block(s) name no culprit: the stack capture started too late or saw too little of them${inferred ? ` (${inferred} named after the other blocks of their route: \`inferred\`)` : ''}`);
  // the stats lines count the captures: the refusals of the budget, the profiler's starts
  const skipped = stats.reduce((sum, s) => sum + (s.captures?.skipped ?? 0), 0);
  if (skipped) notes.push(`${skipped} block(s) had no stack capture: the captures' budget (EVENTLOOP_PROBE_CAPTURE_BUDGET) was spent`);
  const startMs = stats.reduce((sum, s) => sum + (s.captures?.startMs ?? 0), 0);
  if (startMs) notes.push(`the stack captures' starts held the app's thread ${Math.round(startMs)} ms in all (V8's profiler walks the heap when it starts)`);
  // above EVENTLOOP_PROBE_REQUESTS a second the agent followed 1 request in N
  const served = stats.reduce((sum, s) => sum + (s.requests?.served ?? 0), 0);
  const followed = stats.reduce((sum, s) => sum + (s.requests?.followed ?? s.requests?.served ?? 0), 0);
  if (followed < served) notes.push(`${followed} of the ${served} requests served were followed (1 in N above EVENTLOOP_PROBE_REQUESTS a second): the routes' counts are estimates, their latency from the followed ones`);
  const oneIn = blocks.filter((b) => b.requestsOneIn > 1).length;
  if (oneIn) notes.push(`${oneIn} block(s) ran while 1 request in N was followed: their request is named only if it was followed, and how many waited is an estimate`);
  for (const l of lines.filter((x) => x.event === 'note')) notes.push(`pid ${l.pid}: ${l.text}`);
  return notes;
}

/**
 * A CPU profile made of the blocks' stacks, one sample a millisecond of each stack's time: what
 * the flame graph of a production log shows.
 * @param {any[]} blocks @param {number} from
 */
function profileOf(blocks, from) {
  /** @type {{id: number, callFrame: object, children: number[]}[]} */
  const nodes = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: -1, columnNumber: -1, scriptId: '0' }, children: [] }];
  /** @type {Map<string, number>} */
  const byPath = new Map();
  /** @type {number[]} */ const samples = [];
  /** @type {number[]} */ const timeDeltas = [];
  for (const b of blocks) {
    for (const s of b.stacks ?? []) {
      let parent = 1;
      let key = '';
      for (const text of [...s.frames].reverse()) {
        key += `\n${text}`;
        let id = byPath.get(key);
        if (!id) {
          const f = parseFrame(text);
          id = nodes.length + 1;
          nodes.push({ id, callFrame: { functionName: f.functionName, url: f.url, lineNumber: f.line - 1, columnNumber: 0, scriptId: '0' }, children: [] });
          nodes[parent - 1].children.push(id);
          byPath.set(key, id);
        }
        parent = id;
      }
      for (let i = 0; i < Math.max(1, Math.round(s.ms)); i++) {
        samples.push(parent);
        timeDeltas.push(1000);
      }
    }
  }
  if (!samples.length) return null;
  const startTime = from * 1000;
  return { nodes, startTime, endTime: startTime + samples.length * 1000, samples, timeDeltas };
}

/** @param {number} v */
const round3 = (v) => Math.round(v * 1000) / 1000;
