// report.json (schemaVersion 1), the one type of a run's report: `buildReport`
// (src/analyze/build-report.js) returns it complete, report.json is it written out, and every
// renderer in src/report/ reads it. The parts a module computes are that module's own types.

import type { AttributedBlock, Site } from '../src/analyze/attribution.js';
import type { blockTotals } from '../src/analyze/blocks.js';
import type { TimelinePoint } from '../src/analyze/timeline.js';
import type { Work } from '../src/analyze/work.js';
import type { WorkerRow } from '../src/analyze/workers.js';
import type { BudgetResult } from '../src/analyze/budgets.js';
import type { HttpStats } from '../src/load/http-stats.js';
import type { toolSection, machineSection } from '../src/analyze/ownership.js';
import type { BaselineResult } from '../src/analyze/baseline.js';
import type { ThreadPool, PoolCaller } from '../src/analyze/thread-pool.js';
import type { RouteRow, BlockRequestsSummary } from '../src/analyze/requests.js';
import type { RunFailure } from '../src/analyze/run-failure.js';

export type BlockTotals = ReturnType<typeof blockTotals>;
/** a worker thread's row: its loop's figures in short */
export interface ThreadRow {
  threadId: number;
  lag: { p50Ms: number; p99Ms: number; maxMs: number; samples: number };
  elu: { mean: number };
  blocking: BlockTotals;
  lifeMs: number;
}
export type HttpSummary = ReturnType<HttpStats['summary']>;
/** the tool's own work that held the app's loop, and the stalls it caused */
export type ToolStalls = ReturnType<typeof toolSection>;
/** the machine's part: stalls spent waiting for a CPU, the main thread's run-queue wait */
export type MachineStalls = ReturnType<typeof machineSection>;

export type { AttributedBlock, Site, TimelinePoint, Work, WorkerRow, BudgetResult, BaselineResult, ThreadPool, PoolCaller, RouteRow, BlockRequestsSummary, RunFailure };

export interface Report {
  schemaVersion: number;
  tool: { name: string; version: string };
  target: ReportTarget;
  run: ReportRun;
  /** event-loop delay of the measured window (the agent's heartbeat) */
  lag: LagSummary;
  /** event-loop utilisation, 0..1 */
  elu: { mean: number; max: number };
  /** CPU of the app's process; percent of one core */
  cpu: { percent: number; userMs: number; systemMs: number };
  memory: { rssMaxMb: number; heapUsedMaxMb: number };
  /** work the app reported (the scenarios do), inside the window */
  work: Work | null;
  gc: { count: number; totalMs: number; maxMs: number };
  blocking: BlockTotals;
  /** every block over the threshold, times relative to run.startedAt, with the stack that ran */
  blocks: AttributedBlock[];
  /** the call sites that blocked the loop longest */
  topSites: Site[];
  /** per route (method and route pattern, or a normalised path) over every loop: requests,
   *  latency, the blocks it ran in and the time blocked while it ran (older reports lack it) */
  routes?: RouteRow[];
  /** the load before the measured window (--warmup): shown apart, not judged; null without one */
  warmup: WarmupSection | null;
  /** the tool's own work that held the app's loop: never counted as the app's blocks */
  toolStalls: ToolStalls;
  /** stalls that were the machine's (the loop's thread waited for a CPU): never counted as the app's */
  machine: MachineStalls;
  /** libuv's thread pool: how long jobs waited for it, who filled it, whether it was saturated;
   *  null when the agent timed no job (reports before 0.4 lack it) */
  threadPool?: ThreadPool | null;
  /** worker threads (--threads), else null */
  threads: ThreadRow[] | null;
  /** cluster workers (other processes that ran the agent), one row each */
  workers: WorkerRow[];
  /** every event loop of the app, each diagnosed like the main one: the main thread first, then
   *  cluster workers (by pid), then worker threads (--threads). Reports before 0.3 lack it. */
  loops?: LoopSection[];
  /** lost: why the CPU profile the run asked for is missing (absent when it is not) */
  stacks: { mode: StacksMode; source: 'profile' | 'watchdog' | 'none'; lost?: string };
  /** the CPU profile kept beside report.json, or null (--no-profile, or no profile was written) */
  profile: ReportProfile | null;
  http: { probe: HttpSummary | null; load: HttpSummary | null };
  timeline: Timeline;
  /** null when the app failed to start (failure.stage 'start'): there was no window to judge */
  verdict: Verdict | null;
  /** how the app failed (exit code 3), or null: it started, listened when it had to, and ran */
  failure?: RunFailure | null;
  /** libuv loop counters, when the agent measured them */
  loop: LoopCounts | null;
  findings: Finding[];
  notes: string[];
  /** the --fail-on budgets and their results (empty without --fail-on) */
  budgets: BudgetResult[];
  /** this run judged against saved runs (--baseline): deltas, regressions, settings that differ */
  baseline?: BaselineResult;
  /** files of the report folder by kind: json, log, html, flamegraph, md, junit, profile, pprof,
   *  benchmark, benchmarkBigger, 0x, clinic */
  artifacts: Record<string, string>;
}

export type StacksMode = 'running' | 'async-origin' | 'none';
export type RunMode = 'load' | 'observe' | 'script' | 'log';
export type VerdictStatus = 'responsive' | 'degraded' | 'saturated' | 'blocked';

export interface ReportTarget {
  /** the app as given, relative to the working folder */
  script: string;
  args: string[];
  nodeVersion: string;
  pid: number;
  exitCode: number | null;
  signal: string | null;
  port: number | null;
  listenAfterMs: number | null;
  /** `run -- <command>`: the command as given (absent or null in the short form) */
  command?: string[] | null;
  /** the process started (`run -- npm start`) or named (`attach <pid of npm>`) when it is not the one
   *  measured: npm, a shell, a process manager; null when the app is that process */
  launcher?: { pid: number; command: string; exitCode?: number | null; signal?: string | null } | null;
  /** the measured process's command line, when it is not the process started or named */
  commandLine?: string | null;
  /** `attach`: measured in a process that was already running (absent for `run`) */
  attached?: boolean;
  /** `attach`: how long the process had been running, in seconds */
  uptimeAtAttachS?: number;
  /** `attach`: its listening sockets (address:port) before the attach and after the detach (null: it exited) */
  portsBefore?: string[];
  portsAfter?: string[] | null;
}

export interface ReportRun {
  /** start of the measured window, ISO time */
  startedAt: string;
  durationMs: number;
  spawnedAt: string;
  /** the main module's run, from the agent's start to the loop's first turn (not lag, never judged);
   *  null when the agent joined a running loop (attach, a process found by its listen) or in older reports */
  startupMs?: number | null;
  mode: RunMode;
  thresholdMs: number;
  settings: RunSettings;
}

/** The options the run used. Reports of older versions may lack the later fields. */
export interface RunSettings {
  /** a report read from a production log: the log's name */
  log?: string;
  routes: string[];
  probe: string | null;
  probeIntervalMs: number;
  probeTimeoutMs: number;
  connections: number;
  rate: number | null;
  method: string;
  durationS: number;
  /** s of load before the measured window (--warmup) */
  warmupS?: number;
  load: boolean;
  thresholdMs: number;
  resolutionMs: number;
  scenario: { name: string; rounds: number } | null;
  /** how blocks were attributed (--stacks) */
  stacks?: StacksMode;
  /** whether a CPU profile of the window was recorded (--no-profile turns it off) */
  profile?: boolean;
  /** µs between CPU profile samples (--profile-interval) */
  profileIntervalUs?: number;
}

export interface LagFigures {
  minMs: number;
  meanMs: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  samples: number;
}

export interface LagSummary extends LagFigures {
  resolutionMs: number | null;
  /** perf_hooks.monitorEventLoopDelay's figures: in reports of versions before 0.2 only */
  eld?: LagFigures | null;
}

export interface WarmupSection {
  durationMs: number;
  blocking: BlockTotals;
  blocks: AttributedBlock[];
  lagMaxMs: number;
  probe: HttpSummary | null;
  load: HttpSummary | null;
}

export interface ReportProfile {
  file: string;
  startEpochMs: number;
  intervalUs: number;
}

export interface Timeline {
  windowMs: number;
  points: TimelinePoint[];
}

export interface Verdict {
  status: VerdictStatus;
  reasons: string[];
  /** id of the loop the verdict is about (the worst one), when the app has more than one loop */
  loop?: string;
}

export type LoopKind = 'main' | 'cluster-worker' | 'worker-thread';

/** One event loop of the app: what the main loop gets, for every loop. */
export interface LoopSection {
  /** 'main', 'worker:<pid>' (cluster worker), 'thread:<threadId>' or 'worker:<pid>/thread:<threadId>' */
  id: string;
  kind: LoopKind;
  /** for people: "main thread", "cluster worker 4242", "worker thread 3" */
  label: string;
  pid: number;
  threadId: number | null;
  /** delay of this loop inside the window (its own heartbeat) */
  lag: { p50Ms: number; p99Ms: number; maxMs: number; samples: number };
  /** utilisation inside the window; source 'outside' when read from outside the loop
   *  (worker.performance.eventLoopUtilization(), or the loop never turned in the window) */
  elu: { mean: number | null; source: 'loop' | 'outside' | 'none' };
  gc: { count: number; totalMs: number; maxMs: number };
  blocking: BlockTotals;
  blocks: AttributedBlock[];
  topSites: Site[];
  /** a worker thread's stalls spent waiting, nearly without CPU (for work, as a pool waits in
   *  Atomics.wait between tasks, or in a synchronous call): not blocks, not judged */
  waits: { startMs: number; durationMs: number; runMs: number | null; culprit: AttributedBlock['culprit'] | null; ongoing?: boolean }[];
  /** this loop's CPU profile of the window in the report folder (one file per loop), or null */
  profile: { file: string; startEpochMs?: number } | null;
  verdict: Verdict;
  /** when the loop lived, relative to run.startedAt (null: before the window / still running),
   *  and how it ended */
  life: { startMs: number | null; endMs: number | null; exitCode: number | null; signal: string | null };
  /** the loop never wrote its own data inside the window (stuck): its row was measured from outside */
  fromOutside: boolean;
  notes: string[];
}

export interface LoopCounts {
  turns: number;
  turnsPerSec: number;
  ioEventsPerTurn: number;
}

export interface Finding {
  kind: string;
  text: string;
}
