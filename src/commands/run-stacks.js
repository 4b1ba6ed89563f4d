// The stacks and profile part of a run: what the agent is asked to capture, and the CPU profile
// kept in the report folder.

import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** @param {{stacks: 'running' | 'async-origin' | 'none', stackInterval: number, profile: boolean, profileInterval: number, threads?: boolean}} opts */
export function stacksConfig(opts) {
  return {
    threads: Boolean(opts.threads),
    stacks: opts.stacks,
    stackIntervalMs: opts.stackInterval,
    profile: opts.profile,
    profileIntervalUs: opts.profileInterval,
    ...(opts.stacks === 'async-origin' ? { blockedAtPath: require.resolve('blocked-at') } : {}),
  };
}

/**
 * Writes the continuous profile as profile.cpuprofile (opens in Chrome DevTools and speedscope).
 * @param {import('../analyze/profiles.js').TimedProfile[]} profiles @param {string} outDir
 * @returns {{profile?: string}}
 */
export function keepProfile(profiles, outDir) {
  const continuous = profiles.find((p) => p.kind === 'continuous');
  if (!continuous) return {};
  fs.writeFileSync(path.join(outDir, 'profile.cpuprofile'), JSON.stringify(continuous.profile));
  return { profile: 'profile.cpuprofile' };
}
