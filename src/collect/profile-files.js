// The CPU profiles the agent left in the run's data folder (named as agent/wire.cjs says), read
// back and placed on the wall clock (analyze/profiles.js) for the analysis.

import fs from 'node:fs';
import path from 'node:path';
import wire from '../agent/wire.cjs';
import { isCpuProfile, timeProfile } from '../analyze/profiles.js';

/** @typedef {import('../analyze/profiles.js').TimedProfile} TimedProfile */

/**
 * The agent's profile files of one loop, oldest first.
 * @param {string} dir @param {number | string} key the loop's: its pid (a process's main thread) or `<pid>-t<threadId>`
 * @returns {TimedProfile[]}
 */
export function readProfiles(dir, key) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return [];
  }
  /** @type {TimedProfile[]} */
  const out = [];
  const mine = wire.profileFiles(key);
  for (const name of names) {
    if (!mine.test(name)) continue;
    let data;
    try {
      data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch {
      continue; // a capture cut short by a kill (the agent writes by rename, so only a kill cuts one)
    }
    // a file that parsed but is no profile of ours is skipped; a bug in reading one is not hidden
    if (data && isCpuProfile(data.profile)) out.push(timeProfile(data, name));
  }
  return out.sort((a, b) => a.startEpochMs - b.startEpochMs);
}
