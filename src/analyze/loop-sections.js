// Every event loop of the app, each diagnosed like the main one: its blocks with the stack that
// ran (from its own profile, or the watchdog's capture of a stuck loop), its call sites, delay,
// utilisation, GC and verdict. A loop that never turned inside the window wrote nothing of it:
// what was seen of it from outside (its last heartbeat, the parent's view of its utilisation,
// its end) stands in. The app's verdict is its worst loop's. Pure: no I/O here.

import { Histogram } from '../agent/histogram.cjs';
import { blocksInWindow, ongoingBlock, blockTotals, round } from './blocks.js';
import { attributeBlocks } from './attribution.js';
import { inferInRun, inferredNote } from './same-route.js';
import { splitByOwner } from './ownership.js';
import { verdict } from './verdict.js';

/**
 * @typedef {import('../../types/report.js').LoopSection} LoopSection
 * @typedef {import('../../types/report.js').Verdict} Verdict
 * @typedef {import('../collect/agent-data.js').AgentData} AgentData
 * @typedef {{agent: AgentData, kind: 'cluster-worker' | 'worker-thread', profiles: import('./profiles.js').TimedProfile[],
 *   profileFile: string | null, profileStart?: number}} OtherLoop profileStart: epoch ms of the profile file's start
 */

/** @param {AgentData} agent @param {'cluster-worker' | 'worker-thread'} kind */
export function loopId(agent, kind) {
  return kind === 'worker-thread' ? `thread:${agent.threadId}` : `worker:${agent.pid}`;
}

/** @param {AgentData} agent @param {'cluster-worker' | 'worker-thread'} kind */
function loopLabel(agent, kind) {
  return kind === 'worker-thread' ? `worker thread ${agent.threadId}` : `cluster worker ${agent.pid}`;
}

/**
 * One loop other than the main thread's.
 * @param {OtherLoop} loop
 * @param {{from: number, to: number, thresholdMs: number, cwd: string, sources: import('../sources/app-sources.js').AppSources, outside: any[], stopAnswered: boolean}} run
 *   outside: the main process's view of its threads and cluster workers; stopAnswered: the app's
 *   agent answered the tool's stop (else the app ended or hung before)
 * @returns {LoopSection}
 */
export function otherLoop(loop, run) {
  const { agent, kind } = loop;
  const { from, to } = run;
  const T = run.thresholdMs;
  const id = loopId(agent, kind);
  const label = loopLabel(agent, kind);
  const notes = [];
  const seen = kind === 'worker-thread'
    ? run.outside.filter((e) => e.threadId === agent.threadId)
    : run.outside.filter((e) => e.type === 'cluster-exit' && e.pid === agent.pid);
  const view = seen.findLast((e) => e.type === 'thread-outside') ?? null;
  const end = endOf(agent, seen);
  const summary = agent.summary;
  const until = end ? Math.min(to, end.t) : to;

  // Still stuck when the window closed: from its last heartbeat (seen from outside for a thread)
  // or its last sign of life, to the window's end (or its own).
  const lastSeen = Math.max(agent.lastSeen, view?.lastBeat ?? 0);
  const answered = Boolean(summary?.stopped);
  const ongoing = !answered && !end ? ongoingBlock(lastSeen, from, until, T) : null;
  if (ongoing && typeof view?.runSinceBeatMs === 'number' && view.t > view.lastBeat) {
    const share = ongoing.durationMs / Math.max(1, view.t - view.lastBeat);
    ongoing.runMs = round(Math.min(ongoing.durationMs, view.runSinceBeatMs * share));
    if (typeof view.waitSinceBeatMs === 'number') ongoing.waitMs = round(Math.min(ongoing.durationMs, view.waitSinceBeatMs * share));
  }
  const raw = blocksInWindow(agent.blocks, from, until, T);
  if (ongoing) raw.push(ongoing);
  const context = {
    from, cwd: run.cwd, sources: run.sources, blockRequests: agent.blockRequests, looks: agent.poolCallers, processThread: kind !== 'worker-thread', thresholdMs: T, gcPauses: agent.gcPauses, gcRuns: agent.gcRuns, origins: agent.origins, toolStalls: agent.toolStalls,
  };
  const attributed = attributeBlocks(raw, loop.profiles, context);
  if (kind === 'worker-thread') for (const b of attributed.blocks) if (b.advice) b.advice = threadAdvice(b.advice);
  const owners = splitByOwner(attributed.blocks, T, { processThread: kind !== 'worker-thread' });
  const inferred = inferInRun(owners.app, T);
  if (inferred) notes.push(inferredNote(inferred));
  let sites = attributed.topSites;
  // A worker thread that neither ran nor waited for a CPU while its loop stood still was waiting:
  // for work (a pool such as piscina waits in Atomics.wait between tasks), or in a synchronous call.
  // Its loop had nothing else to do: shown apart, not judged.
  const waits = kind === 'worker-thread' ? owners.app.filter(isIdleWait) : [];
  if (waits.length) {
    owners.app = owners.app.filter((b) => !waits.includes(b));
    const total = waits.reduce((sum, b) => sum + b.durationMs, 0);
    notes.push(`${label} spent ${Math.round(total)} ms waiting with its loop stopped, nearly without CPU (${waitSite(waits)}): a wait for work, not counted as blocked`);
  }
  // the call sites of the blocks that are the app's only (not the tool's, the machine's, or waits)
  if (owners.app.length !== attributed.blocks.length) {
    const kept = new Set(owners.app.map((b) => b.startMs));
    sites = attributeBlocks(raw.filter((b) => kept.has(b.startMs)), loop.profiles, context).topSites;
  }
  if (owners.app.some((b) => b.ongoing)) notes.push(`${label} was still blocked when the window closed (for at least ${Math.round(/** @type {any} */ (ongoing).durationMs)} ms)`);
  if (owners.tool.length) notes.push(`${owners.tool.length} stall(s) of ${label} were the tool's own work: left out (please report it)`);
  if (owners.starved.length) notes.push(`${owners.starved.length} stall(s) of ${label} were spent waiting for a CPU: left out`);

  // its own figures when it closed the window itself; else what was seen from outside
  const lifeFrom = Math.max(from, agent.helloAt ?? from);
  const ownWindow = Boolean(summary && summary.measureStart <= lifeFrom + 1000 && summary.measureEnd >= until - 1000);
  const fromOutside = !ownWindow && Boolean(ongoing || view);
  // its own delay histogram covers the window only if it heard the window's start in time (and
  // holds no wait); else the delay its heartbeat would have seen is rebuilt from its blocks
  const resolutionMs = summary?.resolutionMs ?? 20;
  const ownLag = Boolean(summary && ownWindow && waits.length === 0);
  const lag = ownLag ? Histogram.fromJSON(summary.lag) : new Histogram();
  if (!ownLag) for (const b of owners.app) lag.recordCorrected(b.durationMs, resolutionMs);
  else if (ongoing) lag.recordCorrected(ongoing.durationMs, resolutionMs);
  const measuredMs = Math.max(0, until - lifeFrom);
  const blocking = blockTotals(owners.app, measuredMs);
  const measured = eluOf(ownWindow ? summary : null, view, blocking.fraction, fromOutside);
  // a wait in a synchronous call (Atomics.wait) is no idle time to libuv: the time waited is taken out
  const waited = waits.reduce((sum, b) => sum + b.durationMs, 0);
  const elu = measured.mean !== null && waited > 0 && measuredMs > 0
    ? { ...measured, mean: Math.round(Math.max(0, measured.mean - waited / measuredMs) * 1000) / 1000 } : measured;
  if (fromOutside) notes.push(`${label} never turned its loop in the window: its figures were measured from outside it`);

  const section = {
    id, kind, label, pid: agent.pid, threadId: agent.threadId,
    lag: { p50Ms: round(lag.percentile(50)), p99Ms: round(lag.percentile(99)), maxMs: round(lag.max), samples: lag.count },
    elu,
    gc: summary && ownWindow ? { count: summary.gc.count, totalMs: round(summary.gc.totalMs), maxMs: round(summary.gc.maxMs) } : { count: 0, totalMs: 0, maxMs: 0 },
    blocking,
    blocks: owners.app,
    topSites: sites,
    waits: waits.map(({ startMs, durationMs, runMs, culprit, ongoing: o }) => ({ startMs, durationMs, runMs: runMs ?? null, culprit: culprit ?? null, ...(o ? { ongoing: o } : {}) })),
    profile: loop.profileFile ? { file: loop.profileFile, ...(loop.profileStart ? { startEpochMs: round(loop.profileStart) } : {}) } : null,
    verdict: { status: /** @type {import('../../types/report.js').VerdictStatus} */ ('responsive'), reasons: /** @type {string[]} */ ([]) },
    life: {
      startMs: agent.helloAt !== null && agent.helloAt > from ? round(agent.helloAt - from) : null,
      endMs: end && end.t <= to ? round(end.t - from) : null,
      exitCode: end?.code ?? null,
      signal: end?.signal ?? null,
    },
    fromOutside,
    notes,
  };
  // the lag rule judges the delay less the loop thread's wait for a CPU, as for the main thread
  const withoutWait = ownLag && summary.ownLag ? round(Histogram.fromJSON(summary.ownLag).percentile(99)) : null;
  section.verdict = verdict({ lag: section.lag, blocking, blocks: owners.app, machine: { lagP99WithoutWaitMs: withoutWait }, http: { probe: null } }, T);
  return section;
}

/**
 * Advice for a block of a worker thread's loop: moving the work to a worker thread is where it is
 * already, and its start-up serves no traffic.
 * @param {string} advice
 */
export function threadAdvice(advice) {
  return advice
    .replace(/,? or move (?:it|the work) to a worker thread/g, '')
    .replace(/,? or (?:parse|serialize) it in a worker thread/g, '')
    .replace('load lazily, or do the work before the server accepts traffic', 'split the work and yield with setImmediate, or do it in answer to a message')
    .concat(' (in a worker thread: meanwhile its messages, timers and I/O wait; a thread that only runs tasks, as a CPU pool does, blocks by design)');
}

/** The thread ran on a CPU under a fifth of the stall, and did not wait for one the rest. @param {import('./blocks.js').Block} b */
function isIdleWait(b) {
  return typeof b.runMs === 'number' && b.runMs < 0.2 * b.durationMs && (b.waitMs ?? 0) < 0.5 * b.durationMs;
}

/** @param {import('./attribution.js').AttributedBlock[]} waits */
function waitSite(waits) {
  const c = waits.find((b) => b.culprit)?.culprit;
  return c ? `in ${c.functionName || '(anonymous)'} ${c.url.split('/').pop()}:${c.line}` : 'no stack';
}

/**
 * How the loop ended, if it did: its own exit event, or what its parent saw (a thread's exit code,
 * a cluster worker's code or signal).
 * @param {AgentData} agent @param {any[]} seen
 * @returns {{t: number, code: number | null, signal: string | null} | null}
 */
function endOf(agent, seen) {
  const parent = seen.find((e) => e.type === 'thread-exit' || e.type === 'cluster-exit');
  const own = agent.exits[0];
  if (!parent && !own) return null;
  return {
    t: Math.min(parent?.t ?? Infinity, own?.t ?? Infinity),
    code: parent?.code ?? own?.code ?? null,
    signal: parent?.signal ?? null,
  };
}

/**
 * @param {any | null} summary the loop's own totals of the window
 * @param {any | null} view the parent's view of a worker thread
 * @param {number} blockedFraction
 * @param {boolean} fromOutside
 * @returns {LoopSection['elu']}
 */
function eluOf(summary, view, blockedFraction, fromOutside) {
  const r = (/** @type {number} */ v) => Math.round(v * 1000) / 1000;
  if (view?.elu && (fromOutside || !summary)) return { mean: r(view.elu.utilization), source: 'outside' };
  if (summary) return { mean: r(summary.elu.utilization), source: 'loop' };
  if (view?.elu) return { mean: r(view.elu.utilization), source: 'outside' };
  // a stuck cluster worker: busy at least the time it was blocked
  return fromOutside ? { mean: r(blockedFraction), source: 'outside' } : { mean: null, source: 'none' };
}

/**
 * The main thread's section, from the report's own figures.
 * @param {import('../../types/report.js').Report} report @param {Verdict} mainVerdict its loop-only verdict
 * @returns {LoopSection}
 */
export function mainLoop(report, mainVerdict) {
  return {
    id: 'main', kind: 'main', label: 'main thread', pid: report.target.pid, threadId: null,
    lag: { p50Ms: report.lag.p50Ms, p99Ms: report.lag.p99Ms, maxMs: report.lag.maxMs, samples: report.lag.samples },
    elu: { mean: report.elu.mean, source: 'loop' },
    gc: report.gc,
    blocking: report.blocking,
    blocks: report.blocks,
    topSites: report.topSites,
    waits: [],
    profile: report.profile ? { file: report.profile.file, startEpochMs: report.profile.startEpochMs } : null,
    verdict: mainVerdict,
    life: { startMs: null, endMs: null, exitCode: null, signal: null },
    fromOutside: false,
    notes: [],
  };
}

const RANK = { responsive: 0, degraded: 1, saturated: 2, blocked: 3 };

/**
 * The app's verdict: its worst loop's, naming it. Probe reasons are the app's (the probe reaches
 * whichever loop serves it); every other reason is prefixed with its loop.
 * @param {Verdict} appVerdict the main thread's verdict with the probe
 * @param {LoopSection[]} loops main first
 * @returns {Verdict}
 */
export function worstLoopVerdict(appVerdict, loops) {
  if (loops.length <= 1) return appVerdict;
  const judged = loops.map((l) => ({ loop: l, v: l.kind === 'main' ? appVerdict : l.verdict }));
  // the worst status; among loops of the same, the one blocked the largest share, then the longest block
  // (a loop whose own verdict is that bad before one that is so through the probe only)
  const key = (/** @type {{loop: LoopSection, v: Verdict}} */ j) => [RANK[j.v.status], RANK[j.loop.verdict.status], j.loop.blocking.fraction, j.loop.blocking.longestMs];
  const worse = (/** @type {number[]} */ a, /** @type {number[]} */ b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2] || a[3] - b[3];
  const worst = judged.reduce((a, b) => (worse(key(b), key(a)) > 0 ? b : a));
  if (worst.v.status === 'responsive') {
    return { status: 'responsive', reasons: [...appVerdict.reasons, `${loops.length - 1} other loop(s) responsive`], loop: 'main' };
  }
  const reasons = [];
  for (const { loop, v } of [...judged].sort((a, b) => RANK[b.v.status] - RANK[a.v.status])) {
    if (v.status === 'responsive') continue;
    for (const reason of v.reasons) reasons.push(/probe/.test(reason) ? reason : `${loop.label}: ${reason}`);
  }
  return { status: worst.v.status, reasons: [...new Set(reasons)], loop: worst.loop.id };
}
