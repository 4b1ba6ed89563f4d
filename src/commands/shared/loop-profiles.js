// The CPU profiles kept in the report folder: the measured loop's, and each other loop's.

import fs from 'node:fs';
import path from 'node:path';
import { readProfiles } from '../../collect/profile-files.js';
import { mergeContinuous } from '../../analyze/merge-profiles.js';
import { loopId } from '../../analyze/loop-sections.js';

/**
 * Writes the continuous profile as profile.cpuprofile (opens in Chrome DevTools and speedscope).
 * @param {import('../../analyze/profiles.js').TimedProfile[]} profiles @param {string} outDir
 * @returns {{profile?: string}}
 */
export function keepProfile(profiles, outDir) {
  const continuous = profiles.find((p) => p.kind === 'continuous');
  if (!continuous) return {};
  fs.writeFileSync(path.join(outDir, 'profile.cpuprofile'), JSON.stringify(continuous.profile));
  return { profile: 'profile.cpuprofile' };
}

/**
 * The app's loops other than its main thread (cluster workers, worker threads), each with its
 * profiles for the analysis, and its CPU profile of the window written beside report.json
 * (profile-worker-<pid>.cpuprofile, profile-thread-<threadId>.cpuprofile). A loop stuck for the
 * whole run wrote no profile of its own: the watchdog's captures of it, joined, stand in.
 * @param {import('../../collect/agent-data.js').AgentData[]} agents every agent's data but the main thread's
 * @param {string} dataDir @param {string} outDir
 * @param {{from: number, to: number}} window epoch ms
 * @param {string[]} [unread] receives a note for each profile file that could not be read
 * @returns {import('../../analyze/loop-sections.js').OtherLoop[]}
 */
export function otherLoops(agents, dataDir, outDir, { from, to }, unread = []) {
  return agents
    .sort((a, b) => Number(a.threadId !== null) - Number(b.threadId !== null) || a.pid - b.pid || (a.threadId ?? 0) - (b.threadId ?? 0))
    .map((agent) => {
      const kind = agent.threadId === null ? /** @type {const} */ ('cluster-worker') : /** @type {const} */ ('worker-thread');
      const profiles = mergeContinuous(readProfiles(dataDir, agent.key, unread), from, to);
      const whole = profiles.find((p) => p.kind === 'continuous')
        ?? mergeContinuous(profiles.map((p) => ({ ...p, kind: /** @type {const} */ ('continuous') })), from, to)[0];
      const file = kind === 'worker-thread' ? `profile-thread-${agent.threadId}.cpuprofile` : `profile-worker-${agent.pid}.cpuprofile`;
      if (whole) fs.writeFileSync(path.join(outDir, file), JSON.stringify(whole.profile));
      return { agent, kind, profiles, profileFile: whole ? file : null, ...(whole ? { profileStart: Math.max(from, whole.startEpochMs) } : {}) };
    });
}

/**
 * The artifacts entries of the other loops' profiles: "profile:worker:<pid>", "profile:thread:<threadId>".
 * @param {import('../../analyze/loop-sections.js').OtherLoop[]} loops @returns {Record<string, string>}
 */
export function loopArtifacts(loops) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const l of loops) if (l.profileFile) out[`profile:${loopId(l.agent, l.kind)}`] = l.profileFile;
  return out;
}
