// The processes an app started, found through /proc (Linux; elsewhere nothing is known and only
// the app's process group is ended). Children that left the app's process group (detached, setsid)
// are not reached by a signal to the group, and once the app exits they belong to init: so the
// tree is sampled while the app runs, and what is still alive of it at the end is ended by pid.

import fs from 'node:fs';

/**
 * Identity of a process: pid plus its start time, so a pid reused by an unrelated process later
 * is never signalled.
 * @typedef {{pid: number, ppid: number, pgrp: number, start: string}} ProcInfo
 */

/** @param {number} pid @returns {ProcInfo | null} */
export function procInfo(pid) {
  let stat;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  // pid (comm) state ppid ... ; comm may hold spaces and parentheses: split after the last ')'
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  if (fields[0] === 'Z') return null; // exited, waiting to be reaped: nothing to end
  return { pid, ppid: Number(fields[1]), pgrp: Number(fields[2]), start: fields[19] };
}

/** @param {number} root @returns {ProcInfo[]} every living descendant of `root` */
export function descendantsOf(root) {
  let names;
  try {
    names = fs.readdirSync('/proc');
  } catch {
    return [];
  }
  /** @type {Map<number, ProcInfo[]>} */
  const byParent = new Map();
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const info = procInfo(Number(name));
    if (!info) continue;
    const siblings = byParent.get(info.ppid) ?? [];
    siblings.push(info);
    byParent.set(info.ppid, siblings);
  }
  /** @type {ProcInfo[]} */
  const found = [];
  const queue = [root];
  while (queue.length) {
    for (const child of byParent.get(/** @type {number} */ (queue.shift())) ?? []) {
      found.push(child);
      queue.push(child.pid);
    }
  }
  return found;
}

/** Remembers every descendant seen of one process. */
export class DescendantTracker {
  /** @param {number} root */
  constructor(root) {
    this.root = root;
    /** @type {Map<number, ProcInfo>} */
    this.seen = new Map();
  }

  sample() {
    for (const info of descendantsOf(this.root)) this.seen.set(info.pid, info);
  }

  /** @returns {number[]} pids seen earlier that still run as the same process */
  alive() {
    return [...this.seen.values()]
      .filter((known) => procInfo(known.pid)?.start === known.start)
      .map((known) => known.pid);
  }
}

/**
 * A process's command line as a shell would show it (Linux), or null.
 * @param {number} pid
 */
export function commandLineOf(pid) {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    if (argv.length && /^node(js)?$/.test(argv[0].split('/').pop() ?? '')) argv[0] = 'node';
    // one string when the process set its title (npm: "npm run dev")
    if (argv.length === 1) return argv[0];
    return argv.length ? argv.map((a) => (/[\s"']/.test(a) ? JSON.stringify(a) : a)).join(' ') : null;
  } catch {
    return null;
  }
}
