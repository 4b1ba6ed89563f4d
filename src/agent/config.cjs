'use strict';
// The tool passes one environment variable, EVENTLOOP_PROBE, holding JSON. The agent is active
// only in the process the tool started itself (its parent is the tool): child processes inherit
// NODE_OPTIONS, and with it this preload, but stay untouched.

const ENV_NAME = 'EVENTLOOP_PROBE';

/**
 * @typedef {object} AgentConfig
 * @property {string} dir data folder for event log and summary
 * @property {number} parentPid pid of the app's parent: the tool, or its profiler runner (--profiler, --clinic)
 * @property {number | string} [channelFd] side-channel descriptor, or a Unix socket path (under a profiler)
 * @property {number} resolutionMs heartbeat interval
 * @property {number} thresholdMs block threshold
 * @property {number} windowMs timeline window
 * @property {number} flushMs data flush interval
 * @property {'running' | 'async-origin' | 'none'} stacks how blocks are attributed
 * @property {boolean} profile record a CPU profile of the measured window
 * @property {number} profileIntervalUs sampling interval of that profile
 * @property {number} stackIntervalMs sampling interval of the watchdog's captures
 * @property {string} [blockedAtPath] blocked-at, for stacks 'async-origin'
 * @property {boolean} [threads] also measure the loops of worker threads
 * @property {{path: string, name: string, rounds: number}} [scenario] run --scenario: the job to repeat in this process
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
  if (!config || typeof config.dir !== 'string' || config.parentPid !== ppid) return null;
  return {
    resolutionMs: 10,
    thresholdMs: 50,
    windowMs: 100,
    flushMs: 1000,
    stacks: 'running',
    profile: true,
    profileIntervalUs: 1000,
    stackIntervalMs: 5,
    ...config,
  };
}

module.exports = { readConfig, ENV_NAME };
