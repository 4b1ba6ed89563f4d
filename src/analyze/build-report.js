// Everything a run observed, turned into report.json (schemaVersion 1). Pure: no I/O here.

import path from 'node:path';
import { Histogram } from '../agent/histogram.cjs';
import { blocksInWindow, ongoingBlock, blockTotals, round } from './blocks.js';
import { buildTimeline } from './timeline.js';
import { verdict } from './verdict.js';
import { attributeBlocks } from './attribution.js';
import { inferInRun, inferredNote } from './same-route.js';
import { loopFindings } from './findings.js';
import { workInWindow } from './work.js';
import { splitByOwner, toolSection, machineSection, ownerNotes } from './ownership.js';
import { capTimeline } from './cap-timeline.js';
import { workerRows } from './workers.js';
import { evaluateBudgets } from './budgets.js';
import { otherLoop, mainLoop, worstLoopVerdict } from './loop-sections.js';
import { AppSources } from '../sources/app-sources.js';
import { threadPoolSection } from './thread-pool.js';
import { appFilesOf } from './profiles.js';
import { windowFigures } from './window-figures.js';
import { probeWithoutWait } from './probe-wait.js';
import { routeRows, mergeRoutes } from './requests.js';

export const SCHEMA_VERSION = 1;

/**
 * @typedef {import('../../types/report.js').Report} Report
 * @typedef {object} RunRecord
 * @property {{name: string, version: string}} tool
 * @property {import('../../types/report.js').ReportTarget} target
 * @property {'load' | 'observe' | 'script'} mode
 * @property {number} spawnedAt epoch ms
 * @property {number | null} [startupMs] the main module's run before the loop's first turn (not measured as lag)
 * @property {number} measureStart epoch ms
 * @property {number} measureEnd epoch ms
 * @property {{from: number, to: number} | null} [warmup] load before the window: shown apart, not judged
 * @property {boolean} stillRunningAtEnd the target was alive when the measured window ended
 * @property {boolean} flushed the agent answered the stop request
 * @property {string | null} [stopError] what the agent said went wrong handling the stop request
 * @property {import('../../types/report.js').RunSettings} settings the options the run used
 * @property {number} thresholdMs
 * @property {number} windowMs
 * @property {import('../load/http-stats.js').HttpStats | null} probe
 * @property {import('../load/http-stats.js').HttpStats | null} load
 * @property {import('../collect/agent-data.js').AgentData | null} agent
 * @property {import('../collect/agent-data.js').AgentData[]} [workerAgents] the other processes that ran the agent (cluster workers)
 * @property {import('./profiles.js').TimedProfile[]} [profiles] CPU profiles the agent wrote
 * @property {{mode: import('../../types/report.js').StacksMode, profile: boolean}} [stacks] how blocks were attributed
 * @property {string} [cwd] for file names relative to the app's folder
 * @property {import('../sources/app-sources.js').AppSources} [sources] the app's files, read for the diagnosis
 * @property {null} [threads] null without --threads; left out, the rows come from the worker-thread loops
 * @property {import('./loop-sections.js').OtherLoop[]} [loops] the app's other event loops: cluster workers and
 *   worker threads, each with its agent's data and profiles
 * @property {string[]} notes
 * @property {Record<string, string>} artifacts every file the report folder will hold, by kind
 * @property {import('./budgets.js').Budget[]} [failOn] budgets to evaluate (--fail-on)
 * @property {import('./run-failure.js').RunFailure | null} [failure] how the app failed; a failed start
 *   (before the window) gets no verdict
 */

/** @param {RunRecord} record @returns {Report} */
export function buildReport(record) {
  const from = record.measureStart;
  const to = Math.max(from, record.measureEnd);
  const measuredMs = to - from;
  const agent = record.agent;
  const summary = agent?.summary ?? null;
  const notes = [...record.notes];
  if (!agent) notes.push('the agent sent no data: the target may have exited before it loaded');
  else if (!summary) notes.push('the agent wrote no summary: lag, CPU and GC figures are missing');

  const T = record.thresholdMs;
  const windowBlocks = blocksInWindow(agent?.blocks ?? [], from, to, T);
  const ongoing = agent && !record.flushed && record.stillRunningAtEnd
    ? ongoingBlock(agent.lastSeen, from, to, T) : null;
  if (ongoing) {
    windowBlocks.push(ongoing);
    notes.push(`the loop was still blocked when the run ended (for at least ${Math.round(ongoing.durationMs)} ms)`);
  }
  const warm = record.warmup && record.warmup.to > record.warmup.from ? record.warmup : null;
  const warmBlocks = warm ? blocksInWindow(agent?.blocks ?? [], warm.from, warm.to, T, from) : [];

  const stacksMode = record.stacks?.mode ?? 'none';
  const cwd = record.cwd ?? process.cwd();
  // the app's entry script: a package's block with no app frame, or a pool job, finds its app line there too
  const script = record.target?.script ? [path.resolve(cwd, record.target.script)] : [];
  const context = {
    from, cwd, sources: record.sources ?? new AppSources(), thresholdMs: T, gcPauses: agent?.gcPauses ?? [], gcRuns: agent?.gcRuns ?? [], origins: agent?.origins ?? [],
    toolStalls: agent?.toolStalls ?? [], blockRequests: agent?.blockRequests ?? [], looks: agent?.poolCallers ?? [], processThread: true, appFiles: script,
  };
  const attributed = attributeBlocks(windowBlocks, record.profiles ?? [], context);
  const warmAttributed = attributeBlocks(warmBlocks, record.profiles ?? [], context);
  // The tool's own stalls and the machine's are reported as such, never as the app's blocks.
  const owners = splitByOwner(attributed.blocks, T, { processThread: true });
  // a block no stack sample fell in, named after its route's blocks that were sampled
  const inferred = inferInRun(owners.app, T);
  if (inferred) notes.push(inferredNote(inferred));
  const warmOwners = splitByOwner(warmAttributed.blocks, T, { processThread: true });
  const toolBlocks = [...warmOwners.tool, ...owners.tool];
  const blocks = stacksMode === 'none' && !(record.profiles ?? []).some((p) => p.kind === 'continuous')
    ? owners.app.map(({ startMs, durationMs, ongoing: o, clipped, fullDurationMs, waitMs }) => ({ startMs, durationMs, ...(o ? { ongoing: o } : {}), ...(clipped ? { clipped, fullDurationMs } : {}), ...(waitMs !== undefined ? { waitMs } : {}) }))
    : owners.app;
  const figures = windowFigures(summary, agent?.windows ?? [], agent?.gcPauses ?? [], agent?.gcRuns ?? [], { from, to, windowMs: record.windowMs });
  if (figures.fromTimeline) notes.push('the loop was busy when the window opened or closed, so the agent took its own readings late: lag, CPU, ELU and GC come from its timeline (100 ms windows) and GC events instead');
  const ownLag = figures.ownLag;
  if (ownLag && ongoing) ownLag.recordCorrected(ongoing.durationMs, summary?.resolutionMs ?? 10);
  const machine = machineSection(owners.starved, figures.runWaitMs, measuredMs, ownLag ? round(ownLag.percentile(99)) : null);
  const lagHistogram = figures.lag;
  if (ongoing && !figures.fromTimeline) lagHistogram.recordCorrected(ongoing.durationMs, summary?.resolutionMs ?? 10);
  const probeOwn = record.probe ? probeWithoutWait(record.probe.kept, agent?.windows ?? [], record.windowMs, T) : null;
  const probeSummary = record.probe
    ? { ...record.probe.summary(measuredMs / 1000, T), ...(probeOwn ? { p99WithoutWaitMs: probeOwn.p99Ms, slowWithoutWait: probeOwn.slow } : {}) }
    : null;
  const pool = agent ? threadPoolSection(agent, {
    from, to, thresholdMs: T, cwd: context.cwd, sources: context.sources, cpuMs: figures.cpuMs, lagP99Ms: machine.lagP99WithoutWaitMs ?? round(lagHistogram.percentile(99)),
    probeP99Ms: probeSummary?.requests ? probeSummary.p99Ms : null, runWaitShare: machine.runWaitShare,
    // the app's files that ran, and its entry script (a cheap handler may not be sampled)
    appFiles: [...appFilesOf(record.profiles ?? []), ...script], probeRoute: probeOwnRoute(record.settings), loadRoutes: loadRoutesOf(record.settings),
  }) : null;
  notes.push(...ownerNotes(toolBlocks, owners.starved, machine.runWaitShare, pool ? { otherThreadsCores: pool.otherThreadsCores, cores: pool.cores } : null));
  if (agent) notes.push(...agent.notes);
  const continuous = (record.profiles ?? []).find((p) => p.kind === 'continuous');
  // a profile that was asked for and is missing: why, as far as the run knows it
  const lostProfile = record.stacks?.profile && !continuous ? missingProfile(record, agent) : null;
  if (lostProfile) notes.push(`no CPU profile of the window: ${lostProfile}; blocks are named from the watchdog's captures where there are some`);

  const timeline = buildTimeline({
    windowMs: record.windowMs, from, to,
    windows: (agent?.windows ?? []).filter((w) => w.t + record.windowMs > from && w.t < to),
    probe: record.probe?.series ?? null,
    load: record.load?.series ?? null,
    ongoing,
  });
  const seconds = measuredMs / 1000;
  const cpuMs = figures.cpuMs;
  const elu = eluOfWindows(timeline.points, record.windowMs, measuredMs, figures.eluMean === null ? 0 : round3(figures.eluMean));
  const eluMean = elu.mean;
  const cpuPercent = measuredMs > 0 ? Math.round((cpuMs / measuredMs) * 1000) / 10 : 0;
  const found = loopFindings({
    blocks: blocks.length, seconds, elu: eluMean, cpuPercent,
    resolutionMs: summary?.resolutionMs ?? null, uv: summary?.uv ?? null, runWaitShare: machine.runWaitShare,
  });

  /** @type {Report} */
  const report = {
    schemaVersion: SCHEMA_VERSION,
    tool: record.tool,
    target: record.target,
    run: {
      startedAt: new Date(from).toISOString(),
      durationMs: round(measuredMs),
      spawnedAt: new Date(record.spawnedAt).toISOString(),
      startupMs: record.startupMs === undefined || record.startupMs === null ? null : round(record.startupMs),
      mode: record.mode,
      thresholdMs: record.thresholdMs,
      settings: record.settings,
    },
    lag: {
      minMs: round(lagHistogram.count ? lagHistogram.min : 0),
      meanMs: round(lagHistogram.mean()),
      p50Ms: round(lagHistogram.percentile(50)),
      p90Ms: round(lagHistogram.percentile(90)),
      p99Ms: round(lagHistogram.percentile(99)),
      maxMs: round(lagHistogram.max),
      samples: lagHistogram.count,
      resolutionMs: summary?.resolutionMs ?? null,
    },
    elu,
    cpu: {
      percent: cpuPercent,
      userMs: round(figures.fromTimeline ? cpuMs : summary?.cpu.userMs ?? 0),
      systemMs: round(figures.fromTimeline ? 0 : summary?.cpu.systemMs ?? 0),
    },
    memory: {
      rssMaxMb: mb(summary?.memory.rssMaxBytes ?? 0),
      heapUsedMaxMb: mb(summary?.memory.heapUsedMaxBytes ?? 0),
    },
    work: workInWindow(summary?.work ?? null, from, to),
    gc: roundAll(figures.gc),
    blocking: blockTotals(blocks, measuredMs),
    blocks,
    topSites: attributed.topSites,
    warmup: warm ? warmupSection(warm, warmOwners.app, agent?.windows ?? [], record, record.windowMs) : null,
    toolStalls: toolSection(agent?.toolStalls ?? [], toolBlocks, from, to),
    machine,
    threadPool: pool,
    threads: record.threads ?? null,
    workers: workerRows(record.workerAgents ?? [], { from, to, windowMs: record.windowMs }),
    stacks: {
      mode: stacksMode,
      source: continuous ? 'profile' : (record.profiles ?? []).length ? 'watchdog' : 'none',
      ...(lostProfile ? { lost: lostProfile } : {}),
    },
    profile: continuous ? { file: 'profile.cpuprofile', startEpochMs: round(Math.max(from, continuous.startEpochMs)), intervalUs: continuous.intervalUs } : null,
    http: {
      probe: probeSummary,
      load: record.load ? record.load.summary(seconds) : null,
    },
    timeline: capTimeline(timeline),
    verdict: { status: 'responsive', reasons: [] },
    loop: found.loop,
    findings: found.findings,
    notes,
    budgets: [],
    artifacts: record.artifacts,
  };
  report.verdict = verdict(report, record.thresholdMs);
  const others = (record.loops ?? []).map((loop) => otherLoop(loop, {
    from, to, thresholdMs: T, cwd: context.cwd, sources: context.sources, outside: agent?.outside ?? [], stopAnswered: record.flushed,
  }));
  const main = mainLoop(report, others.length ? verdict({ ...report, http: { probe: null } }, T) : report.verdict);
  report.loops = [main, ...others];
  // a cluster's workers serve the app's routes: per route over every loop
  report.routes = routeRows(
    mergeRoutes([figures.routes, ...(record.loops ?? []).map((l) => l.agent.summary?.routes)]),
    [...blocks, ...others.flatMap((l) => l.blocks)],
  );
  report.verdict = worstLoopVerdict(report.verdict, report.loops);
  for (const loop of others) report.notes.push(...loop.notes);
  if (record.threads === undefined) report.threads = threadRows(others, to - from);
  if (record.failOn) report.budgets = evaluateBudgets(report, record.failOn);
  report.failure = record.failure ?? null;
  if (report.failure?.stage === 'start') {
    // nothing ran that could be judged: no verdict, and no loop diagnosed
    report.verdict = null;
    report.loops = [];
  }
  return report;
}

/**
 * Why the CPU profile the run asked for is missing.
 * @param {RunRecord} record @param {import('../collect/agent-data.js').AgentData | null} agent
 */
function missingProfile(record, agent) {
  if (!agent) return 'the agent sent no data';
  if (record.stopError) return `the agent failed handling the stop request (${record.stopError})`;
  if (!record.flushed && record.stillRunningAtEnd) return 'the agent did not confirm it had written its data (no answer to the stop request in time: its loop was busy)';
  if (!record.stillRunningAtEnd) return 'the app ended before the agent could write it';
  const said = agent.notes.find((n) => /profil/i.test(n));
  return said ?? 'the agent answered the stop request but wrote no profile';
}

/**
 * The --threads rows (report.threads) from the worker-thread loops.
 * @param {import('../../types/report.js').LoopSection[]} loops @param {number} measuredMs
 * @returns {import('../../types/report.js').ThreadRow[]}
 */
function threadRows(loops, measuredMs) {
  return loops.filter((l) => l.kind === 'worker-thread').map((l) => ({
    threadId: /** @type {number} */ (l.threadId),
    lag: l.lag,
    elu: { mean: l.elu.mean ?? 0 },
    blocking: l.blocking,
    lifeMs: round((l.life.endMs ?? measuredMs) - (l.life.startMs ?? 0)),
  }));
}

/**
 * What the warm-up saw, apart from the window: its blocks, worst lag, probe and load.
 * @param {{from: number, to: number}} warm @param {any[]} blocks @param {{t: number, lagMaxMs: number}[]} windows
 * @param {RunRecord} record @param {number} windowMs
 */
function warmupSection(warm, blocks, windows, record, windowMs) {
  const seconds = (warm.to - warm.from) / 1000;
  const lags = windows.filter((w) => w.t + windowMs > warm.from && w.t < warm.to).map((w) => w.lagMaxMs);
  const warmProbe = record.probe?.warmup ?? null;
  const warmLoad = record.load?.warmup ?? null;
  return {
    durationMs: round(warm.to - warm.from),
    blocking: blockTotals(blocks, warm.to - warm.from),
    blocks,
    lagMaxMs: round(lags.length ? Math.max(...lags) : 0),
    probe: warmProbe ? warmProbe.summary(seconds, record.thresholdMs) : null,
    load: warmLoad ? warmLoad.summary(seconds) : null,
  };
}

/**
 * Utilisation over the window, mean and max from the same heartbeat windows (each weighed by the
 * part of it inside the measured window), so the mean is never above the max. Without a window
 * (a process that lived a few ms), both are the loop's own reading.
 * @param {import('./timeline.js').TimelinePoint[]} points @param {number} windowMs @param {number} measuredMs
 * @param {number} fallback
 */
function eluOfWindows(points, windowMs, measuredMs, fallback) {
  let weighted = 0;
  let span = 0;
  let max = 0;
  for (const p of points) {
    if (p.elu === null) continue;
    const part = Math.max(0, Math.min(p.tMs + windowMs, measuredMs) - Math.max(p.tMs, 0));
    weighted += p.elu * part;
    span += part;
    max = Math.max(max, p.elu);
  }
  if (!(span > 0)) return { mean: fallback, max: fallback };
  return { mean: Math.min(max, round3(weighted / span)), max };
}

/** @param {number} bytes */
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
/** @param {number} v */
const round3 = (v) => Math.round(v * 1000) / 1000;
/** @template {Record<string, number>} T @param {T} o @returns {T} */
function roundAll(o) {
  return /** @type {T} */ (Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)])));
}

/**
 * The paths the load was sent to (not the probe's). @param {import('../../types/report.js').RunSettings | undefined} settings
 * @returns {string[]}
 */
function loadRoutesOf(settings) {
  const probe = settings?.probe ? settings.probe.split('?')[0] : null;
  return [...new Set((settings?.routes ?? []).map((/** @type {string} */ r) => r.split('?')[0]))].filter((r) => r !== probe);
}

/**
 * The probe's path when it is a route of its own (no load is sent to it): its pool jobs are a victim's.
 * @param {import('../../types/report.js').RunSettings | undefined} settings @returns {string | null}
 */
function probeOwnRoute(settings) {
  // --route and --probe are paths (options.js), with a query at most
  const pathOf = (/** @type {string} */ r) => r.split('?')[0];
  if (!settings?.probe) return null;
  const probe = pathOf(settings.probe);
  return (settings.routes ?? []).some((r) => pathOf(r) === probe) ? null : probe;
}
