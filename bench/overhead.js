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
// Variants: bench/variants.js.
// --idle <s>: also the app's CPU while it serves nothing (from --idle-after s after it listens, 3 by
// default), in % of one core, and over bare.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, autocannon, cpuMsOf, median, percentile, tempDir, note } from './lib.js';
import { parseVariant, runnable, startVariant } from './variants.js';

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
const { variants, skipped } = runnable([...values.variants.split(','), ...(values.intervals ?? '').split(',').filter(Boolean).map((us) => `profile=${us}`)]);

/**
 * One variant, one round: saturation throughput, then the app's CPU per request at a fixed rate.
 * @param {string} name @param {string} script
 * @returns {Promise<{rps: number, cpuUsPerReq: number, idleCpu: number}>}
 */
async function measure(name, script) {
  const server = await startVariant(parseVariant(name), script, out);
  try {
    const { pid, port } = server;
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
    await server.stop();
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
