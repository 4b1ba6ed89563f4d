// 0x (and clinic flame, through it) draws its flame graph from one V8 tick log: the first file
// named isolate-<address>-<pid>-v8.log it finds in its folder. A process with worker threads (the
// agent's watchdog, the app's own) writes one log per thread, listed in whatever order the file
// system keeps: a run's flame graph was then a worker thread's, idle, about one time in two. Once
// the app has exited, and before the profiler looks, the logs of its worker threads are removed:
// the main thread's is the one whose isolate ran Node's main module.

import fs from 'node:fs';
import path from 'node:path';

const MAIN = 'node:internal/main/run_main_module';
const WORKER = 'node:internal/main/worker_thread';
const CHUNK = 1 << 20;
// how far into a log its kind is looked for (Node writes it within the first 2 MB on 20, 22 and 24)
const LOOK_BYTES = 32 << 20;

/**
 * Leaves only the main thread's tick log of `pid` in `dir` (nothing is removed when it is not
 * found). Synchronous: it runs in the app's exit listener, before the profiler's.
 * @param {string} dir @param {number} pid @returns {string[]} the logs removed
 */
export function keepMainIsolateLog(dir, pid) {
  const name = new RegExp(`^isolate-(0x)?[0-9A-Fa-f]{2,16}(-${pid})?-${pid}-v8\\.log$`);
  let logs;
  try {
    logs = fs.readdirSync(dir).filter((f) => name.test(f));
  } catch {
    return [];
  }
  if (logs.length < 2) return [];
  const main = logs.filter((f) => kindOf(path.join(dir, f)) === 'main');
  if (main.length !== 1) return [];
  const others = logs.filter((f) => f !== main[0]);
  for (const f of others) fs.rmSync(path.join(dir, f), { force: true });
  return others;
}

/**
 * Whose log it is: the main thread's, a worker thread's, or unknown (neither seen).
 * @param {string} file @returns {'main' | 'worker' | null}
 */
export function kindOf(file) {
  let fd;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return null;
  }
  try {
    const buffer = Buffer.alloc(CHUNK);
    let carry = '';
    for (let at = 0; at < LOOK_BYTES;) {
      const n = fs.readSync(fd, buffer, 0, CHUNK, at);
      if (n === 0) return null;
      at += n;
      const text = carry + buffer.toString('latin1', 0, n);
      const m = text.indexOf(MAIN);
      const w = text.indexOf(WORKER);
      if (m >= 0 || w >= 0) return m >= 0 && (w < 0 || m < w) ? 'main' : 'worker';
      carry = text.slice(-WORKER.length); // a name cut across two reads
    }
    return null;
  } finally {
    fs.closeSync(fd);
  }
}
