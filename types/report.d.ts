// report.json (schemaVersion 1), written as the schema: every field a report holds, the one
// type of a run's report. `buildReport` (src/analyze/build-report.js) is checked against it, so
// the analysis produces what is written here, not the other way round; report.json is it written
// out, and every renderer in src/report/ reads it. Fields marked optional are missing from reports
// of older versions, or present only where they apply. docs/report-json.md says what each means.

/** Which kind of code a stack frame belongs to. */
export type FrameKind = 'app' | 'node_modules' | 'node' | 'native' | 'gc';

/** A stack frame; line and column 1-based, the url a path where the code has a file. */
export interface Frame {
  functionName: string;
  url: string;
  line: number;
  column: number;
  kind: FrameKind;
}

/** A function at a place. */
export interface FramePlace {
  functionName: string;
  url: string;
  line: number;
}

export type OwnerKind = 'app' | 'package' | 'node' | 'native' | 'json' | 'gc';

/** Who the time is: the app, a package (with its version), Node.js, a native addon, JSON, the GC. */
export interface Owner {
  kind: OwnerKind;
  name: string;
  version?: string | null;
}

/** The function a block is blamed on, the owner that held most of it, and the app line that called it. */
export interface Culprit extends FramePlace {
  owner?: Owner;
  calledFrom?: FramePlace | null;
  /** how the calling line is known: the profile's line ticks, the function's source, or not at all */
  lineFrom?: 'profile' | 'source' | 'function' | 'run' | null;
  /** the lines the profile's tick can stand for, when it cannot say which */
  lineCandidates?: number[];
  /** for people, as every output shows it: "bcryptjs@2.4.3 bcrypt.hashSync ← app.js:19" */
  label?: string;
}

/** A block's time by owner. */
export interface OwnerShare {
  kind: OwnerKind;
  name: string;
  version?: string | null;
  ms: number;
  share: number;
}

export type CallKind = 'regex' | 'json' | 'fs-sync' | 'zlib-sync' | 'crypto-sync' | 'child-process-sync' | 'sync-wait' | 'sync-library';

/** A known blocking call on the stack: Node's sync APIs, JSON, a regular expression. */
export interface KnownCall {
  id: string;
  kind: CallKind;
  name: string;
  frame: FramePlace;
  pattern?: string;
}

/** The kind of fix the advice proposes. */
export type Fix = 'async-form' | 'cache-bound-offload' | 'compile-once' | 'regex-dependency' | 'regex-app' | 'native-sync'
  | 'allocation' | 'payload' | 'own-loop' | 'microtask' | 'nextTick' | 'startup';

/** The requests of a route that ran in a block, back to back. */
export interface RanRoute {
  route: string;
  count: number;
  msEach: number;
}

/** The requests around a block: those that ran in it and those it held up. */
export interface BlockRequestsSummary {
  /** the routes whose requests started (so ran their handler) inside the block, most time first */
  ran: RanRoute[];
  /** requests the block held up */
  waited: number;
  /** the delay it added to those it can time */
  delayedMs: number;
  /** of `waited`, the requests that started right after it ended */
  queuedAfter: number;
  /** "GET /export ×11 (150 ms each)": the route that ran most of it */
  label: string | null;
}

/** A stall of the loop over the threshold, times relative to run.startedAt, with what was running. */
export interface Block {
  startMs: number;
  durationMs: number;
  /** still blocked when the run ended */
  ongoing?: boolean;
  /** cut at the window's edge: fullDurationMs is its whole length */
  clipped?: boolean;
  fullDurationMs?: number;
  /** how long the loop's thread waited for a CPU meanwhile, and ran on one (Linux) */
  waitMs?: number;
  runMs?: number;
  stack?: Frame[];
  samples?: { tMs: number; stack: Frame[] }[];
  phase?: string | null;
  cause?: string | null;
  advice?: string;
  fix?: Fix | 'none';
  topFrames?: { functionName: string; url: string; line: number; ms: number; share: number }[];
  /** where the blocking callback was scheduled (--stacks async-origin) */
  origin?: Frame[];
  /** null: no stack sample fell inside the block; absent: blocks were not attributed */
  culprit?: Culprit | null;
  owners?: OwnerShare[];
  call?: KnownCall | null;
  gcMs?: number;
  gcShare?: number;
  /** the tool's own work inside the block, and the watchdog's capture start (an upper bound) */
  toolMs?: number;
  captureMs?: number;
  tool?: boolean;
  requests?: BlockRequestsSummary;
}
/** A block with its attribution (the name older code used). */
export type AttributedBlock = Block;

/** A call site that blocked the loop. */
export interface Site extends FramePlace {
  blockedMs: number;
  count: number;
}

export interface BlockTotals {
  count: number;
  totalMs: number;
  longestMs: number;
  /** of the window, 0..1 */
  fraction: number;
}

/** A worker thread's row: its loop's figures in short. */
export interface ThreadRow {
  threadId: number;
  lag: { p50Ms: number; p99Ms: number; maxMs: number; samples: number };
  elu: { mean: number };
  blocking: BlockTotals;
  lifeMs: number;
}

/** A cluster worker's row. */
export interface WorkerRow {
  pid: number;
  lag: { p50Ms: number; p99Ms: number; maxMs: number; windows: number };
  elu: number | null;
  blocking: BlockTotals;
}

/** One window of the timeline, tMs from run.startedAt. */
export interface TimelinePoint {
  tMs: number;
  lagMaxMs: number | null;
  elu: number | null;
  cpuPercent: number | null;
  gcMs: number;
  probeMaxMs: number | null;
  probes: number;
  requests: number;
}

/** Work the app reported (the scenarios do), inside the window. */
export interface Work {
  scenario: string | null;
  rounds: number;
  roundsPerSec: number;
}

export interface HttpSummary {
  requests: number;
  rps: number;
  /** errors and non-2xx responses */
  errors: number;
  non2xx: number;
  timeouts: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  meanMs: number;
  /** the probe: requests at least the block threshold long */
  slow?: number;
  statusCodes: Record<string, number>;
  errorCodes: Record<string, number>;
}

/** The tool's own work that held the app's loop, and the stalls it caused. */
export interface ToolStalls {
  beforeLoadMs: number;
  stallsInWindow: number;
  longestStallMs: number;
  totalStallMs: number;
  blocks: { startMs: number; durationMs: number; toolMs: number }[];
}

/** The machine's part: stalls spent waiting for a CPU, the main thread's run-queue wait. */
export interface MachineStalls {
  runWaitMs: number | null;
  lagP99WithoutWaitMs: number | null;
  runWaitShare: number | null;
  /** runMs: how long the loop's thread ran on a CPU in it, where the platform tells (Linux) */
  starvedBlocks: { startMs: number; durationMs: number; waitMs: number; runMs?: number }[];
}

/** Who made the thread pool's requests. */
export interface PoolCaller {
  api: string;
  type: string;
  functionName: string | null;
  url: string | null;
  line: number | null;
  package: string | null;
  count: number;
  medianMs?: number | null;
  /** how long its requests held a thread, estimated */
  poolMs: number;
  share: number;
  /** an addon's own async work (N-API's runs on the pool), made by `package`, not one of Node's APIs */
  native?: true;
  /**
   * 'source': no frame of the app was on its requests' stacks (the package made them from a callback of its
   * own); `url`/`line` are the app's use of `package`, read from the app's source
   */
  lineFrom?: 'source';
}

/** libuv's thread pool: how long jobs waited for it, who filled it, whether it was saturated. */
export interface ThreadPool {
  size: number;
  cores: number | null;
  canaries: number;
  waitP50Ms: number;
  waitP90Ms: number;
  waitP99Ms: number;
  waitMaxMs: number;
  waitingShare: number;
  /** the share of canaries that found every thread busy (absent in older reports) */
  queuedShare?: number;
  otherThreadsCores: number | null;
  saturated: boolean;
  callers: PoolCaller[];
  advice: string | null;
}

/** Per route over every loop. */
export interface RouteRow {
  route: string;
  requests: number;
  errors: number;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  blocks: number;
  blockedMs: number;
  /** what held the route's longest run in a block: the route's own culprit where a block of several
   *  routes named one for it, else the block's when the route ran most of it (absent: none named) */
  heldBy?: { label: string; fix: string; ms: number };
}

export type BudgetOp = '>' | '>=' | '<' | '<=';

/** A --fail-on budget and its result. */
export interface BudgetResult {
  expr: string;
  path: string;
  op: BudgetOp;
  limit: number;
  actual: number | null;
  ok: boolean;
  /** an any-loop budget: the loop the actual value is from */
  loop?: string;
  /** a route budget: the route it is from */
  route?: string;
}

/** The app's error line and its top frame in the app's code. */
export interface AppError {
  line: string;
  frame: string | null;
}

/** How the app failed (exit code 3). */
export interface RunFailure {
  /** start: before the measured window (nothing to judge); run: inside it */
  stage: 'start' | 'run';
  reason: 'spawn-error' | 'exited' | 'killed' | 'port-in-use' | 'never-listened' | 'unreachable' | 'exited-early';
  message: string;
  error: AppError | null;
  log: string | null;
}

/** A metric of the baseline gate. */
export interface BaselineMetric {
  key: string;
  label: string;
  unit: string;
  better: 'lower' | 'higher';
  baseline: number | null;
  value: number | null;
  delta: number | null;
  pct: number | null;
  p: number | null;
  beyondNoise: boolean | null;
  judged: 'blocking' | 'named' | 'noise test' | null;
  mark: 'regression' | 'improvement' | 'changed' | 'within noise' | null;
}

/** A blocking site's figures on one side: medians over its runs. */
export interface SideFigures {
  runs: number;
  count: number;
  heldMs: number;
  longestMs: number;
  typicalMs: number;
}

/** A blocking call site, compared with the baseline. */
export interface SiteChange {
  status: 'new' | 'longer' | 'more often' | 'same' | 'shrank' | 'gone';
  label: string;
  where: string;
  loop: LoopKind;
  owner: Owner;
  functionName: string;
  calledFrom: FramePlace | null;
  baseline: SideFigures | null;
  value: SideFigures | null;
  pct: number | null;
  p: number | null;
  regression: boolean;
  text: string;
}

export interface Regression {
  kind: 'site' | 'metric';
  metric: string;
  key: string;
  pct: number | null;
  text: string;
}

/** This run judged against saved runs (--baseline). */
export interface BaselineResult {
  source: string;
  reports: string[];
  runs: number;
  candidateRuns: number;
  regressionPct: number;
  thresholdMs: number;
  alpha: number;
  noiseTest: boolean;
  named: string[];
  metrics: BaselineMetric[];
  sites: SiteChange[];
  sitesNote: string | null;
  regressions: Regression[];
  settingsDiffer: string[];
}

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
  /** the load before the measured window (--warmup): shown apart, not judged; null without one.
   *  In a report of a production log (`run.mode` "log"): the app's start-up, the blocks that began
   *  before its first server listened */
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
