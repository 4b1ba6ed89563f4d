// Cost of `attach` to a running server, and whether it leaves the server as fast as it was.
// Each round starts two fresh copies of the same server on core 0: A is attached (default mode:
// observe only, stacks and CPU profile on) and then detached; B is never touched. Measured with
// an outside autocannon on core 1, in alternating order:
//   bare   B, never attached
//   during A, while attached
//   after  A, after the detach
// plus the app's CPU time per 1000 requests (/proc/<pid>/stat), the quieter figure.
//   node bench/attach.js [--rounds 5] [--seconds 5] [--server hello.cjs]
// Targets: after/bare >= 0.99; during/bare as for `run` with the default profile.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, BIN, pinned, freePort, startPinned, stop, requestsPerSecond, median, tempDir, note } from './lib.js';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '5' }, seconds: { type: 'string', default: '5' }, server: { type: 'string', default: 'hello.cjs' },
} });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const script = path.join(ROOT, 'bench', 'servers', values.server);
const out = tempDir();
const TICKS_PER_S = 100; // USER_HZ on Linux

/** utime + stime of a process, in ms. @param {number} pid */
function cpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
}

/** Requests per second and CPU ms per 1000 requests. @param {number} pid @param {number} port */
async function measure(pid, port) {
  const cpu = cpuMs(pid);
  const rps = await requestsPerSecond(port, { seconds, warmup: 0 });
  return { rps, cpuPer1k: ((cpuMs(pid) - cpu) / (rps * seconds)) * 1000 };
}

/** Starts a copy of the server on core 0 and warms it up. */
async function server() {
  const port = await freePort();
  const child = await startPinned([process.execPath, script], port);
  await requestsPerSecond(port, { seconds: 2, warmup: 0 });
  return { child, port, pid: /** @type {number} */ (child.pid) };
}

/** `eventloop-probe attach` on core 1; resolves once it says it is attached. @param {number} pid @param {number} round */
async function attachTo(pid, round) {
  const [cmd, ...args] = pinned(1, [process.execPath, BIN, 'attach', String(pid), '-d', '600', '--out', path.join(out, `attach-${round}`), '--no-progress']);
  const tool = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  tool.stderr.on('data', (d) => { stderr += d; });
  for (let i = 0; i < 300 && !stderr.includes('attached to pid'); i++) await sleep(100);
  if (!stderr.includes('attached to pid')) throw new Error(`attach failed: ${stderr}`);
  await sleep(500); // the profiler's start-up stall is behind us
  return { tool, stderr: () => stderr };
}

console.log(`attach to a running ${values.server}: ${rounds} rounds of ${seconds} s, autocannon -c 20, alternating order`);
console.log(note);
/** @type {Record<'bare' | 'during' | 'after', {rps: number, cpuPer1k: number}[]>} */
const results = { bare: [], during: [], after: [] };
for (let round = 0; round < rounds; round++) {
  const a = await server();
  const b = await server();
  try {
    if (round % 2) results.bare.push(await measure(b.pid, b.port));
    const attached = await attachTo(a.pid, round);
    results.during.push(await measure(a.pid, a.port));
    await stop(attached.tool, 'SIGINT');
    if (attached.tool.exitCode !== 130) throw new Error(`attach exited ${attached.tool.exitCode}: ${attached.stderr()}`);
    await sleep(500);
    results.after.push(await measure(a.pid, a.port));
    if (!(round % 2)) results.bare.push(await measure(b.pid, b.port));
  } finally {
    await stop(a.child, 'SIGKILL');
    await stop(b.child, 'SIGKILL');
  }
}

const bare = median(results.bare.map((r) => r.rps));
const bareCpu = median(results.bare.map((r) => r.cpuPer1k));
console.table(Object.entries(results).map(([name, list]) => ({
  variant: name,
  'req/s (median)': Math.round(median(list.map((r) => r.rps))),
  'vs bare': (median(list.map((r) => r.rps)) / bare).toFixed(3),
  'CPU ms / 1k req': median(list.map((r) => r.cpuPer1k)).toFixed(1),
  'CPU vs bare': (median(list.map((r) => r.cpuPer1k)) / bareCpu).toFixed(3),
  rounds: list.map((r) => Math.round(r.rps)).join('/'),
})));
