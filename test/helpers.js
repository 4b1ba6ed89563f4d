// Test helpers: run the real bin in a temp folder, read its report, check processes.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = path.join(ROOT, 'bin', 'eventloop-probe.js');
export const FIXTURES = path.join(ROOT, 'test', 'fixtures');

/**
 * A temp folder removed when the test ends. A process still writing in it can make one removal
 * fail (a file it creates again after it was deleted: ENOTEMPTY): it is tried again, since a hook
 * that throws skips the test's hooks after it.
 * @param {import('node:test').TestContext} t
 */
export function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 }));
  return dir;
}

/**
 * Runs the bin and resolves when it exits.
 * @param {string[]} args
 * @param {{cwd: string, env?: NodeJS.ProcessEnv, timeoutMs?: number, onSpawn?: (child: import('node:child_process').ChildProcess) => void}} options
 * @returns {Promise<{code: number | null, signal: string | null, stdout: string, stderr: string}>}
 */
export function runBin(args, options) {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, NO_COLOR: '1', CI: '1', ...options.env };
    delete env.FORCE_COLOR;
    const child = spawn(process.execPath, [BIN, ...args], { cwd: options.cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`bin did not finish in time: ${args.join(' ')}\n${stderr}`));
    }, options.timeoutMs ?? 60_000);
    options.onSpawn?.(child);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

/** @param {string} dir */
export function readReport(dir) {
  return JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
}

/**
 * Whether a process still runs. A zombie (exited, not yet reaped by its parent, which in a
 * container may be a PID 1 that never reaps) runs no code and holds nothing but its table entry:
 * not alive.
 * @param {number} pid
 */
export function alive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(fs.readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false; // gone between the two looks
  }
}

/** Waits until `test` holds, up to `ms`. @param {() => boolean} test @param {number} ms */
export async function until(test, ms) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (test()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return test();
}

/** A fixture's helper module it requires beside it: copied along with it. */
export const FIXTURE_HELPER = 'cpu-busy.cjs';

/** Copies a fixture (and the helper it requires, if it does) into `dir` and returns its new path. @param {string} name @param {string} dir */
export function fixture(name, dir) {
  const to = path.join(dir, name);
  fs.copyFileSync(path.join(FIXTURES, name), to);
  if (fs.readFileSync(to, 'utf8').includes(FIXTURE_HELPER)) fs.copyFileSync(path.join(FIXTURES, FIXTURE_HELPER), path.join(dir, FIXTURE_HELPER));
  return to;
}

/**
 * A block of known length (the fixture's work in CPU time, test/fixtures/cpu-busy.cjs), measured on
 * a machine that may be busy: never shorter than the work (less 10% for the heartbeat's
 * granularity), and the time its thread ran on a CPU in it (blocks[].runMs, from the system; where
 * the system gives none, the length less the time it waited for a CPU, blocks[].waitMs) at most 50%
 * longer. On a crowded machine a thread is also held off a CPU without waiting in the run queue (a
 * page read back from disk, a lock): the block is that much longer, truly, and the machine's. Latency
 * thresholds belong in bench/, not here.
 * @param {{durationMs: number, waitMs?: number, runMs?: number}} block as report.json has it @param {number} expected ms of work @param {string} label
 */
export function assertBlockLength(block, expected, label) {
  const own = typeof block.runMs === 'number' ? block.runMs : block.durationMs - (block.waitMs ?? 0);
  assert.ok(block.durationMs >= expected * 0.9 && own <= expected * 1.5 && block.durationMs + 1 >= own,
    `${label}: ${block.durationMs} ms (${block.runMs ?? 'unknown'} ms of it on a CPU, ${block.waitMs ?? 'unknown'} ms waiting for one) for ${expected} ms of work`);
}

/**
 * The main loop's blocks that a worker's or a child's 400 ms blocks (threads-and-children.js) would
 * be, were they counted as its own. Its own start (creating the worker, forking the child) can stall
 * it on a crowded machine, at most a few tens of ms of its own CPU: that is a block of its own.
 * @param {{blocks: {durationMs: number}[]}} report
 */
export const blocksOfOthers = (report) => report.blocks.filter((b) => b.durationMs >= 300);
