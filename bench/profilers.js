// Throughput of a server bare, under `eventloop-probe run` with its built-in CPU profile (the
// default) and without it, under `node --cpu-prof`, under 0x (its CLI, collect only) and under
// `eventloop-probe run --profiler 0x` (no load of ours), driven by an outside autocannon,
// alternating rounds, median req/s and the ratio to bare. Target for the built-in profile: >= 0.95.
//   node bench/profilers.js [--rounds 3] [--seconds 5] [--server hello.cjs|awaits.cjs]

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, BIN, pinned, freePort, waitForPort, requestsPerSecond, alternate, median, tempDir, note } from './lib.js';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' }, server: { type: 'string', default: 'hello.cjs' } } });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const out = tempDir();
const HELLO = path.join(ROOT, 'bench', 'servers', values.server);
const ZERO_X = path.join(ROOT, 'node_modules', '0x', 'cmd.js');

/** @type {Record<string, (port: number, dir: string) => string[]>} */
const COMMANDS = {
  bare: () => [process.execPath, HELLO],
  'eventloop-probe (built-in profile)': (port, dir) => [process.execPath, BIN, 'run', HELLO, '--no-load', '--no-probe', '--port', String(port), '-d', '600', '--out', path.join(dir, 'report')],
  'eventloop-probe --no-profile': (port, dir) => [process.execPath, BIN, 'run', HELLO, '--no-profile', '--no-load', '--no-probe', '--port', String(port), '-d', '600', '--out', path.join(dir, 'report')],
  'node --cpu-prof': (port, dir) => [process.execPath, '--cpu-prof', '--cpu-prof-dir', dir, HELLO],
  '0x (collect only)': (port, dir) => [process.execPath, ZERO_X, '--collect-only', '--output-dir', path.join(dir, '{pid}.0x'), '--', process.execPath, HELLO],
  'eventloop-probe --profiler 0x': (port, dir) => [process.execPath, BIN, 'run', HELLO, '--profiler', '0x', '--no-load', '--no-probe', '--port', String(port), '-d', '600', '--out', path.join(dir, 'report')],
};

/** @param {string} name */
async function measure(name) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(out, 'run-'));
  const [cmd, ...args] = pinned(0, COMMANDS[name](port, dir));
  // Its own process group, stopped like a Ctrl-C on a terminal: SIGINT to the group (0x relies on it).
  const child = spawn(cmd, args, { cwd: dir, detached: true, stdio: 'ignore', env: { ...process.env, PORT: String(port), NO_INSIGHT: '1' } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForPort(port, 30_000);
    return await requestsPerSecond(port, { seconds });
  } finally {
    signalGroup(child.pid, 'SIGINT');
    const done = await Promise.race([exited, sleep(60_000, 'timeout')]);
    if (done === 'timeout') signalGroup(child.pid, 'SIGKILL');
    await sleep(200);
    signalGroup(child.pid, 'SIGKILL'); // anything left in the group
  }
}

/** @param {number | undefined} pid @param {NodeJS.Signals} signal */
function signalGroup(pid, signal) {
  try {
    if (pid) process.kill(-pid, signal);
  } catch {
    // gone
  }
}

console.log(`throughput under profilers, ${values.server}, ${rounds} alternating rounds of ${seconds} s, autocannon -c 20`);
console.log(note);
const r = await alternate(rounds, Object.fromEntries(Object.keys(COMMANDS).map((name) => [name, () => measure(name)])));
const bare = median(r.bare);
console.table(Object.entries(r).map(([name, rps]) => ({
  variant: name, 'req/s (median)': Math.round(median(rps)), 'ratio to bare': (median(rps) / bare).toFixed(3), rounds: rps.map(Math.round).join(' / '),
})));
