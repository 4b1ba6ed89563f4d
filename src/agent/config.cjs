'use strict';
// The tool passes one environment variable, EVENTLOOP_PROBE, holding JSON. The agent is active
// in the process the tool started itself (its parent is the tool) and in the cluster workers that
// process forks (their parent is it, and cluster says they are workers): other child
// processes inherit NODE_OPTIONS, and with it this preload, but stay untouched.

const { ENV_NAME } = require('./wire.cjs');

/**
 * @typedef {object} AgentConfig
 * @property {string} dir data folder for event log and summary
 * @property {number} parentPid pid of the app's parent: the tool, or its profiler runner (--profiler, --clinic)
 * @property {number | string} [channelFd] side-channel descriptor, or a Unix socket path (under a profiler)
 * @property {number} resolutionMs heartbeat interval
 * @property {number} thresholdMs block threshold
 * @property {number} windowMs timeline window
 * @property {number} flushMs data flush interval
 * @property {number} workerFlushMs data flush interval of a cluster worker
 * @property {'running' | 'async-origin' | 'none'} stacks how blocks are attributed
 * @property {boolean} profile record a CPU profile of the measured window
 * @property {number} profileIntervalUs sampling interval of that profile
 * @property {number} [profileChunkMs] how often the profile is written out (default: from the interval)
 * @property {boolean} [ownInspector] the open inspector is the tool's own (attach): profile anyway
 * @property {number} stackIntervalMs sampling interval of the watchdog's captures
 * @property {'profiler' | 'samples'} [captureWith] how the watchdog captures a block: V8's profiler (default), or
 *   stack samples the thread evaluates (stack-sampler.cjs; under 0x and clinic flame, whose tick log the profiler stops)
 * @property {string} [blockedAtPath] blocked-at, for stacks 'async-origin'
 * @property {boolean} [threads] also measure the loops of worker threads
 * @property {{path: string, name: string, rounds: number}} [scenario] run --scenario: the job to repeat in this process
 * @property {'main' | 'cluster-worker' | 'candidate'} role
 * @property {number} [primaryPid] pid of the process the tool started, once it runs an agent
 * @property {string} [loopSocket] the tool's Unix socket for the cluster workers' channels
 * @property {boolean} [threadsProfiled] set by the main thread's agent: its watchdog profiles the worker threads
 * @property {string} [claim] `run -- <command>`: the tool's Unix socket where the command's Node.js processes
 *   offer themselves when they listen (candidate.cjs)
 * @property {boolean} [launcher] the process the tool started is not the app (npm, a shell, npx): no process
 *   runs the agent from its start, the one that listens is measured
 * @property {number} [measuredPid] set by a candidate the tool chose: its worker threads know it is measured
 */

/**
 * @param {NodeJS.ProcessEnv} env
 * @param {number} ppid
 * @returns {AgentConfig | null}
 */
function readConfig(env, ppid) {
  const raw = env[ENV_NAME];
  if (!raw) return null;
  let config;
  try {
    config = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!config || typeof config.dir !== 'string') return null;
  // the configuration comes whole from the tool (src/commands/shared/agent-config.js): no defaults here
  // the worker threads of a process found by its listen (`run -- <command>`)
  if (config.measuredPid === process.pid) return { ...config, role: 'main' };
  if (config.parentPid === ppid && !config.launcher) return { ...config, role: 'main' };
  // (cluster consumes NODE_UNIQUE_ID before preloads run; its isWorker keeps what it said)
  if (config.primaryPid === ppid && /** @type {{isWorker: boolean}} */ (/** @type {unknown} */ (require('node:cluster'))).isWorker) {
    // A cluster worker: its fd 3 is cluster's IPC, so its channel is the tool's Unix socket for
    // workers (the same commands as the main process's); it flushes more often, in case it is
    // killed before the tool's stop reaches it.
    return { ...config, channelFd: config.loopSocket, flushMs: config.workerFlushMs, role: 'cluster-worker' };
  }
  // any other Node.js process of the command's tree: it waits, and offers itself if it listens
  if (typeof config.claim === 'string') return { ...config, role: 'candidate' };
  return null;
}

/**
 * Lets the cluster workers of this process recognise it as their primary: the agent's own
 * variable gains this pid (children inherit process.env).
 * @param {NodeJS.ProcessEnv} env
 * @param {AgentConfig} config
 */
function markPrimary(env, config) {
  if (config.role !== 'main') return;
  try {
    env[ENV_NAME] = JSON.stringify({ ...JSON.parse(env[ENV_NAME] || '{}'), primaryPid: process.pid });
  } catch {
    // leave it: workers then stay inert
  }
}

/**
 * Tells the worker threads this process starts from now on that it is the measured process.
 * @param {NodeJS.ProcessEnv} env
 */
function markMeasured(env) {
  try {
    env[ENV_NAME] = JSON.stringify({ ...JSON.parse(env[ENV_NAME] || '{}'), measuredPid: process.pid });
  } catch {
    // leave it: its threads then stay inert
  }
}

/**
 * Tells the worker threads started from now on (they get a copy of process.env) that the main
 * thread's watchdog profiles them from outside.
 * @param {NodeJS.ProcessEnv} env
 */
function markThreadsProfiled(env) {
  try {
    env[ENV_NAME] = JSON.stringify({ ...JSON.parse(env[ENV_NAME] || '{}'), threadsProfiled: true });
  } catch {
    // leave it: threads then profile themselves
  }
}

module.exports = { readConfig, markPrimary, markMeasured, markThreadsProfiled, ENV_NAME };
