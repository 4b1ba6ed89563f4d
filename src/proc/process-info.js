// What we may attach to, checked from the OS before we signal anything: the process exists, is
// ours, runs Node.js 20 or newer, and has no inspector (debugger) of its own open. Each refusal is
// one line with exit code 2.

import fs from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { UsageError } from '../errors.js';

export const MIN_NODE_MAJOR = 20;

/**
 * @typedef {object} ProcessInfo
 * @property {number} pid
 * @property {string[]} argv the process's command line
 * @property {string} exe the executable's path
 * @property {string} nodeVersion e.g. v20.20.2, as the executable told us
 */

/**
 * @param {number} pid
 * @returns {ProcessInfo}
 */
export function inspectProcess(pid) {
  if (process.platform !== 'linux') {
    throw new UsageError(`attach works on Linux only (it reads /proc), not on ${process.platform}`, 'start the app under eventloop-probe run instead');
  }
  const status = readProc(pid, 'status');
  if (status === null || /^State:\s+[ZX]/m.test(status)) {
    throw new UsageError(`no running process with pid ${pid}`, 'give the pid of a running Node.js process, e.g. from pgrep -f server.js');
  }
  const uid = Number(/^Uid:\s+\d+\s+(\d+)/m.exec(status)?.[1]);
  const ourUid = process.getuid ? process.getuid() : uid;
  if (uid !== ourUid) {
    throw new UsageError(`process ${pid} belongs to another user (uid ${uid})`, 'run eventloop-probe as that user, e.g. sudo -u <user> npx eventloop-probe attach <pid>');
  }
  const argv = (readProc(pid, 'cmdline') ?? '').split('\0').filter(Boolean);
  let exe = '';
  try {
    exe = fs.readlinkSync(`/proc/${pid}/exe`).replace(/ \(deleted\)$/, '');
  } catch {
    exe = argv[0] ?? '';
  }
  if (!isNodeExecutable(exe)) {
    throw new UsageError(`process ${pid} is not Node.js (it runs ${exe || 'an unknown program'})`, 'attach to the node process itself; its children or a shell wrapper will not do');
  }
  const nodeVersion = versionOf(pid, exe);
  if (!nodeVersion) {
    // a program named like node that does not answer --version as Node.js does: SIGUSR1 could kill it
    throw new UsageError(`cannot tell which Node.js version process ${pid} runs (${exe} --version did not answer like Node.js)`, 'attach to a node process');
  }
  if (tooOld(nodeVersion)) {
    throw new UsageError(`process ${pid} runs Node.js ${nodeVersion}; attach needs Node.js ${MIN_NODE_MAJOR} or newer`, 'upgrade the app\'s Node.js, or start it under eventloop-probe run');
  }
  const flags = [...argv.slice(1), ...nodeOptions(pid)];
  const inspect = flags.find((f) => /^--inspect(-brk|-wait)?(=|$)/.test(f));
  if (inspect) {
    throw new UsageError(`process ${pid} already has its inspector open (${inspect}); attach will not take over a debugger session`, 'close the debugger (restart the app without --inspect), or measure with eventloop-probe run');
  }
  if (flags.includes('--disable-sigusr1')) {
    throw new UsageError(`process ${pid} was started with --disable-sigusr1, so its inspector cannot be opened from outside`, 'restart it without that flag, or measure with eventloop-probe run');
  }
  return { pid, argv, exe, nodeVersion };
}

/** @param {string} version e.g. v18.20.4 */
export function tooOld(version) {
  return Number(/^v(\d+)\./.exec(version)?.[1] ?? 0) < MIN_NODE_MAJOR;
}

/** @param {string} exe */
export function isNodeExecutable(exe) {
  return /^node(js)?([-_.]?v?\d[\w.]*)?$/i.test(path.basename(exe));
}

/** @param {number} pid @param {string} name @returns {string | null} */
function readProc(pid, name) {
  try {
    return fs.readFileSync(`/proc/${pid}/${name}`, 'utf8');
  } catch {
    return null;
  }
}

/** NODE_OPTIONS of the process's environment (readable for our own processes). @param {number} pid */
function nodeOptions(pid) {
  const env = (readProc(pid, 'environ') ?? '').split('\0');
  const value = env.find((e) => e.startsWith('NODE_OPTIONS='))?.slice('NODE_OPTIONS='.length) ?? '';
  return value.split(/\s+/).filter(Boolean);
}

/**
 * The version of the very executable the process runs (through /proc, so also a binary replaced
 * on disk since, or one inside a container's own file system).
 * @param {number} pid @param {string} exe
 * @returns {string | null}
 */
function versionOf(pid, exe) {
  for (const file of [`/proc/${pid}/exe`, exe]) {
    try {
      const out = execFileSync(file, ['--version'], { encoding: 'utf8', timeout: 5000, stdio: ['ignore', 'pipe', 'ignore'], env: {} }).trim();
      if (/^v\d+\.\d+\.\d+/.test(out)) return out;
    } catch {
      // not readable by us: try the next way
    }
  }
  return null;
}
