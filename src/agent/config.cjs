'use strict';
// The tool passes one environment variable, EVENTLOOP_PROBE, holding JSON. The agent is active
// only in the process the tool started itself (its parent is the tool): child processes inherit
// NODE_OPTIONS, and with it this preload, but stay untouched.

const ENV_NAME = 'EVENTLOOP_PROBE';

/**
 * @typedef {object} AgentConfig
 * @property {string} dir data folder for event log and summary
 * @property {number} parentPid the tool's pid
 * @property {number} [channelFd] side-channel descriptor
 * @property {number} resolutionMs heartbeat interval
 * @property {number} thresholdMs block threshold
 * @property {number} windowMs timeline window
 * @property {number} flushMs data flush interval
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
    ...config,
  };
}

module.exports = { readConfig, ENV_NAME };
