// Which process `attach <pid>` measures: the pid given when it is the Node.js process that serves;
// when it is npm, a shell or a process manager, the Node.js process below it that listens on a
// TCP port. Several such processes, or none below a launcher: one line naming the candidates, exit
// code 2. Linux (/proc); elsewhere the pid is taken as given.

import fs from 'node:fs';
import path from 'node:path';
import { UsageError } from '../errors.js';
import { listeningSockets } from '../proc/listening.js';
import { isNodeExecutable } from '../proc/process-info.js';
import { descendantsOf, commandLineOf } from '../proc/descendants.js';

// what package managers run as (npm sets its title to "npm start"; its script is npm-cli.js)
const PACKAGE_MANAGER = /^(npm|npx|pnpm|pnpx|yarn|yarnpkg|corepack)$|^(npm|npx)-cli\.js$|^(yarn|pnpm)\.c?js$/;
const MAX_NAMED = 5;

/**
 * @param {number} pid the pid given
 * @param {number} [wantPort] --port: of several listening processes, the one on this port
 * @returns {{pid: number, launcher: {pid: number, command: string} | null, commandLine: string | null}}
 *   launcher: the process given, when another is measured
 */
export function serverBelow(pid, wantPort) {
  if (process.platform !== 'linux') return { pid, launcher: null, commandLine: null };
  const exe = exeOf(pid);
  if (exe === null) return { pid, launcher: null, commandLine: null }; // gone or not ours: inspectProcess says so
  const node = isNodeExecutable(exe);
  const manager = node && isPackageManager(pid);
  if (node && !manager && listeningSockets(pid).length) return { pid, launcher: null, commandLine: null };
  // the tool itself (and what it started) is below the shell it was run from: never a candidate
  const ours = new Set([process.pid, ...descendantsOf(process.pid).map((p) => p.pid)]);
  const below = descendantsOf(pid).filter((p) => !ours.has(p.pid) && isNodeExecutable(exeOf(p.pid) ?? ''));
  const listening = below.map((p) => ({ ...p, ports: [...new Set(listeningSockets(p.pid).map((s) => s.port))] })).filter((p) => p.ports.length);
  // a cluster's workers share their primary's socket: the topmost process of a port stands for it
  const tops = listening.filter((c) => !listening.some((o) => o !== c && isBelow(c.pid, o.pid, below) && o.ports.some((port) => c.ports.includes(port))));
  const picked = wantPort && tops.some((c) => c.ports.includes(wantPort)) ? tops.filter((c) => c.ports.includes(wantPort)) : tops;
  const self = `pid ${pid} (${commandLineOf(pid) ?? path.basename(exe)})`;
  if (picked.length === 1) {
    return { pid: picked[0].pid, launcher: { pid, command: commandLineOf(pid) ?? path.basename(exe) }, commandLine: commandLineOf(picked[0].pid) };
  }
  if (picked.length > 1) {
    throw new UsageError(`${self} does not serve itself, and ${picked.length} Node.js processes below it listen: ${named(picked)}`,
      'give the pid of the one to measure, or --port to pick it by its port');
  }
  // a node process that does not listen is observed as it is; what is neither Node.js nor above it is refused as such
  if ((node && !manager) || (!node && below.length === 0)) return { pid, launcher: null, commandLine: null };
  const what = manager ? 'a package manager' : `not Node.js (${path.basename(exe)})`;
  if (below.length) {
    throw new UsageError(`${self} is ${what}, and none of the Node.js processes below it listens: ${named(below.map((p) => ({ ...p, ports: [] })))}`,
      'give the pid of the one to measure');
  }
  throw new UsageError(`${self} is ${what}, with no Node.js process below it`, 'give the pid of your app\'s node process, e.g. from pgrep -f server.js');
}

/** @param {{pid: number, ports: number[]}[]} list */
function named(list) {
  const shown = list.slice(0, MAX_NAMED).map((p) => `${p.pid} (${commandLineOf(p.pid) ?? '?'}${p.ports.length ? `, port ${p.ports.join(', ')}` : ''})`);
  return `${shown.join(', ')}${list.length > MAX_NAMED ? `, and ${list.length - MAX_NAMED} more` : ''}`;
}

/** @param {number} pid @param {number} ancestor @param {{pid: number, ppid: number}[]} tree */
function isBelow(pid, ancestor, tree) {
  const parent = new Map(tree.map((p) => [p.pid, p.ppid]));
  for (let p = parent.get(pid); p !== undefined; p = parent.get(p)) if (p === ancestor) return true;
  return false;
}

/** @param {number} pid */
function isPackageManager(pid) {
  // npm's title replaces its command line with one string: "npm run dev"
  const argv = readArgv(pid).slice(0, 2).flatMap((a) => a.split(' ').slice(0, 1));
  return argv.some((a) => PACKAGE_MANAGER.test(path.basename(a)));
}

/** @param {number} pid @returns {string[]} */
function readArgv(pid) {
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
  } catch {
    return [];
  }
}

/** @param {number} pid @returns {string | null} */
function exeOf(pid) {
  try {
    return fs.readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, '');
  } catch {
    return null;
  }
}
