// The agent's configuration, whole: every field from the options or from defaults.js, handed to
// the agent as one object by `run` (through the environment) and `attach` (through the inspector).

import { createRequire } from 'node:module';
import { AGENT_DEFAULTS } from '../../defaults.js';

const require = createRequire(import.meta.url);

/**
 * @typedef {Omit<import('../../agent/config.cjs').AgentConfig, 'role'>} AgentConfig
 * @typedef {{threshold: number, resolution: number, stacks: 'running' | 'async-origin' | 'none', stackInterval: number,
 *   profile: boolean, profileInterval: number, threads?: boolean}} MeasureOptions
 */

/**
 * @param {MeasureOptions} opts
 * @param {Pick<AgentConfig, 'dir' | 'parentPid' | 'channelFd'> & Partial<AgentConfig>} where the data folder, the
 *   tool's pid and channel, and what the launch adds (loop and claim sockets, a scenario)
 * @returns {AgentConfig}
 */
export function agentConfig(opts, where) {
  return {
    ...where,
    resolutionMs: opts.resolution,
    thresholdMs: opts.threshold,
    windowMs: AGENT_DEFAULTS.windowMs,
    flushMs: AGENT_DEFAULTS.flushMs,
    workerFlushMs: AGENT_DEFAULTS.workerFlushMs,
    threads: Boolean(opts.threads),
    stacks: opts.stacks,
    stackIntervalMs: opts.stackInterval,
    profile: opts.profile,
    profileIntervalUs: opts.profileInterval,
    ...(opts.stacks === 'async-origin' ? { blockedAtPath: require.resolve('blocked-at') } : {}),
  };
}
