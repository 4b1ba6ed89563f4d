// The CPU profiles the agent left in the run's data folder (named as agent/wire.cjs says), read
// back and placed on the wall clock (analyze/profiles.js) for the analysis.

import fs from 'node:fs';
import path from 'node:path';
import wire from '../agent/wire.cjs';
import { isCpuProfile, timeProfile } from '../analyze/profiles.js';

/** @typedef {import('../analyze/profiles.js').TimedProfile} TimedProfile */

/**
 * The agent's profile files of one loop, oldest first. The agent writes each by rename, so a file
 * under its final name is whole: one that cannot be read or parsed is said in `unread` (a note for
 * the report: what was lost and why), never skipped silently.
 * @param {string} dir @param {number | string} key the loop's: its pid (a process's main thread) or `<pid>-t<threadId>`
 * @param {string[]} [unread] receives a note for each profile file left out
 * @returns {TimedProfile[]}
 */
export function readProfiles(dir, key, unread = []) {
  let names;
  try {
    names = fs.readdirSync(dir);
  } catch {
    return []; // no data folder: the agent wrote nothing (the report says why from its events)
  }
  /** @type {TimedProfile[]} */
  const out = [];
  const mine = wire.profileFiles(key);
  for (const name of names) {
    if (!mine.test(name)) continue;
    let data;
    try {
      data = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8'));
    } catch (error) {
      unread.push(`the CPU profile file ${name} could not be read (${/** @type {Error} */ (error).message}): its samples are missing`);
      continue;
    }
    // a bug in reading one is not hidden: timeProfile's errors go up
    if (data && isCpuProfile(data.profile)) out.push(timeProfile(data, name));
    else unread.push(`the CPU profile file ${name} holds no CPU profile: its samples are missing`);
  }
  return out.sort((a, b) => a.startEpochMs - b.startEpochMs);
}
