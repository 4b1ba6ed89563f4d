// The defaults, in one place: the options of `run`, `attach`, `report` and `compare` and their help
// text, the scenario runs of `compare`, the settings a report records, and the agent's configuration
// (handed to it whole: it holds no defaults of its own) all read them from here.

export const RUN_DEFAULTS = Object.freeze({
  /** ms between probe requests */
  probeInterval: 50,
  /** ms, timeout of one probe request */
  probeTimeout: 5000,
  connections: 10,
  /** s of load (or of observing a script) */
  duration: 10,
  /** s of load before the measured window, not judged */
  warmup: 1,
  method: 'GET',
  /** s, timeout of one load request */
  timeout: 10,
  /** s to wait for the app to listen */
  listenTimeout: 15,
  /** ms: a stall at least this long is a block */
  threshold: 50,
  /** ms, heartbeat of the event-loop delay monitor */
  resolution: 20,
  stacks: /** @type {'running' | 'async-origin' | 'none'} */ ('running'),
  /** ms, sampling interval of the stack capture of a block */
  stackInterval: 5,
  profile: true,
  /** µs, sampling interval of the CPU profile (why 10 ms: docs/benchmarks.md) */
  profileInterval: 10_000,
  /** ms between SIGTERM and SIGKILL */
  killAfter: 5000,
  /** rounds per job of a scenario (run --scenario, compare) */
  rounds: 200_000,
  /** runs of --repeat */
  repeat: 1,
  /** %: a site, the longest block or the time blocked worse than the baseline by this much is a regression */
  baselineThreshold: 10,
});

/** The files written when --format is not given (report.json always is). */
export const DEFAULT_FORMATS = ['json', 'html', 'md', 'junit'];

/** `attach`: the measuring options are run's, but for these. */
export const ATTACH_DEFAULTS = Object.freeze({
  /** s observed: longer than a run, the app's own traffic does the work */
  duration: 30,
  /** s to wait for the app to open its inspector and start the agent */
  attachTimeout: 10,
});

/** What the agent is handed besides the options (agent/config.cjs: AgentConfig). */
export const AGENT_DEFAULTS = Object.freeze({
  /** ms, width of a timeline window (the report's timeline, the load's and probe's series) */
  windowMs: 100,
  /** ms between writes of the agent's data */
  flushMs: 1000,
  /** ms between writes of a cluster worker's data (it may be killed before the stop reaches it) */
  workerFlushMs: 250,
});

/** The scenario replay of `compare`: its own options, the rest of each run from RUN_DEFAULTS. */
export const COMPARE_DEFAULTS = Object.freeze({
  rounds: RUN_DEFAULTS.rounds,
  /** s per scenario run (and the cap of one job) */
  timeBudget: 3,
  repeat: 1,
  /** the probed route of the demo server */
  probe: '/healthcheck',
  connections: 1,
  /** % (compare --runs): a change worse than this is a regression */
  threshold: 10,
});
