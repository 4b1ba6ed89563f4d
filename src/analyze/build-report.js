// Everything a run observed, turned into report.json (schemaVersion 1). Pure: no I/O here.

import { Histogram } from '../agent/histogram.cjs';
import { blocksInWindow, ongoingBlock, blockTotals, round } from './blocks.js';
import { buildTimeline } from './timeline.js';
import { verdict } from './verdict.js';
import { attributeBlocks } from './attribution.js';
import { loopFindings } from './findings.js';
import { workInWindow } from './work.js';

export const SCHEMA_VERSION = 1;

/**
 * @typedef {object} RunRecord
 * @property {{name: string, version: string}} tool
 * @property {{script: string, args: string[], nodeVersion: string, pid: number,
 *   exitCode: number | null, signal: string | null, port: number | null, listenAfterMs: number | null,
 *   attached?: boolean, uptimeAtAttachS?: number, portsBefore?: string[], portsAfter?: string[] | null}} target
 *   attached: measured by `attach` in a process that was already running
 * @property {'load' | 'observe' | 'script'} mode
 * @property {number} spawnedAt epoch ms
 * @property {number} measureStart epoch ms
 * @property {number} measureEnd epoch ms
 * @property {boolean} stillRunningAtEnd the target was alive when the measured window ended
 * @property {boolean} flushed the agent answered the stop request
 * @property {Record<string, unknown>} settings the options the run used
 * @property {number} thresholdMs
 * @property {number} windowMs
 * @property {import('../load/http-stats.js').HttpStats | null} probe
 * @property {import('../load/http-stats.js').HttpStats | null} load
 * @property {import('./agent-data.js').AgentData | null} agent
 * @property {import('./profiles.js').TimedProfile[]} [profiles] CPU profiles the agent wrote
 * @property {{mode: string, profile: boolean}} [stacks] how blocks were attributed
 * @property {string} [cwd] for file names relative to the app's folder
 * @property {ReturnType<typeof import('./threads.js').readThreads> | null} [threads] worker threads (--threads)
 * @property {string[]} notes
 * @property {Record<string, string>} artifacts
 */

/** @param {RunRecord} record */
export function buildReport(record) {
  const from = record.measureStart;
  const to = Math.max(from, record.measureEnd);
  const measuredMs = to - from;
  const agent = record.agent;
  const summary = agent?.summary ?? null;
  const notes = [...record.notes];
  if (!agent) notes.push('the agent sent no data: the target may have exited before it loaded');
  else if (!summary) notes.push('the agent wrote no summary: lag, CPU and GC figures are missing');

  const blocks = blocksInWindow(agent?.blocks ?? [], from, to);
  const ongoing = agent && !record.flushed && record.stillRunningAtEnd
    ? ongoingBlock(agent.lastSeen, from, to, record.thresholdMs) : null;
  if (ongoing) {
    blocks.push(ongoing);
    notes.push(`the loop was still blocked when the run ended (for at least ${Math.round(ongoing.durationMs)} ms)`);
  }

  const stacksMode = record.stacks?.mode ?? 'none';
  const attributed = attributeBlocks(blocks, record.profiles ?? [], {
    from, cwd: record.cwd ?? process.cwd(), gcPauses: agent?.gcPauses ?? [], origins: agent?.origins ?? [],
  });
  if (agent) notes.push(...agent.notes);
  const continuous = (record.profiles ?? []).find((p) => p.kind === 'continuous');

  const lagHistogram = summary ? Histogram.fromJSON(summary.lag) : new Histogram();
  if (ongoing) lagHistogram.recordCorrected(ongoing.durationMs, summary?.resolutionMs ?? 10);
  const timeline = buildTimeline({
    windowMs: record.windowMs, from, to,
    windows: (agent?.windows ?? []).filter((w) => w.t + record.windowMs > from && w.t < to),
    probe: record.probe?.series ?? null,
    load: record.load?.series ?? null,
    ongoing,
  });
  const seconds = measuredMs / 1000;
  const cpuMs = summary ? summary.cpu.userMs + summary.cpu.systemMs : 0;
  const eluValues = timeline.points.map((p) => p.elu).filter((v) => v !== null);

  const report = {
    schemaVersion: SCHEMA_VERSION,
    tool: record.tool,
    target: record.target,
    run: {
      startedAt: new Date(from).toISOString(),
      durationMs: round(measuredMs),
      spawnedAt: new Date(record.spawnedAt).toISOString(),
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
      eld: summary ? roundAll(summary.eld) : null,
    },
    elu: {
      mean: summary ? round3(summary.elu.utilization) : 0,
      max: eluValues.length ? Math.max(...eluValues) : 0,
    },
    cpu: {
      percent: measuredMs > 0 ? Math.round((cpuMs / measuredMs) * 1000) / 10 : 0,
      userMs: round(summary?.cpu.userMs ?? 0),
      systemMs: round(summary?.cpu.systemMs ?? 0),
    },
    memory: {
      rssMaxMb: mb(summary?.memory.rssMaxBytes ?? 0),
      heapUsedMaxMb: mb(summary?.memory.heapUsedMaxBytes ?? 0),
    },
    work: workInWindow(summary?.work ?? null, from, to),
    gc: summary ? roundAll({ count: summary.gc.count, totalMs: summary.gc.totalMs, maxMs: summary.gc.maxMs }) : { count: 0, totalMs: 0, maxMs: 0 },
    blocking: blockTotals(blocks, measuredMs),
    blocks: stacksMode === 'none' && !continuous ? blocks : attributed.blocks,
    topSites: attributed.topSites,
    threads: record.threads ?? null,
    stacks: {
      mode: stacksMode,
      source: continuous ? 'profile' : (record.profiles ?? []).length ? 'watchdog' : 'none',
    },
    profile: continuous ? { file: 'profile.cpuprofile', startEpochMs: round(continuous.startEpochMs), intervalUs: continuous.intervalUs } : null,
    http: {
      probe: record.probe ? record.probe.summary(seconds) : null,
      load: record.load ? record.load.summary(seconds) : null,
    },
    timeline,
    verdict: { status: 'responsive', reasons: /** @type {string[]} */ ([]) },
    notes,
    artifacts: record.artifacts,
  };
  const found = loopFindings({
    blocks: blocks.length, seconds, elu: report.elu.mean, cpuPercent: report.cpu.percent,
    resolutionMs: summary?.resolutionMs ?? null, uv: summary?.uv ?? null,
  });
  Object.assign(report, { loop: found.loop, findings: found.findings });
  report.verdict = verdict(report, record.thresholdMs);
  return report;
}

/** @param {number} bytes */
const mb = (bytes) => Math.round((bytes / 1048576) * 10) / 10;
/** @param {number} v */
const round3 = (v) => Math.round(v * 1000) / 1000;
/** @template {Record<string, number>} T @param {T} o @returns {T} */
function roundAll(o) {
  return /** @type {T} */ (Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)])));
}
