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

/** A temp folder removed when the test ends. @param {import('node:test').TestContext} t */
export function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-test-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
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

/** @param {number} pid */
export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
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

/** Copies a fixture into `dir` and returns its new path. @param {string} name @param {string} dir */
export function fixture(name, dir) {
  const to = path.join(dir, name);
  fs.copyFileSync(path.join(FIXTURES, name), to);
  return to;
}

/**
 * A block of known length, measured on a machine that may be busy: never shorter than the work
 * (less 10% for the heartbeat's granularity), and up to 50% longer (other processes can hold the
 * core while it runs). Latency thresholds belong in bench/, not here.
 * @param {number} actual ms measured @param {number} expected ms of work in the fixture @param {string} label
 */
export function assertBlockLength(actual, expected, label) {
  assert.ok(actual >= expected * 0.9 && actual <= expected * 1.5, `${label}: ${actual} ms for a block of ${expected} ms`);
}
