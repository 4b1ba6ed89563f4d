// What observing costs the app, measured with bare and the variant running at the same time: both
// pinned to core 0, loaded at once from core 1, so whatever else the shared machine does in those
// seconds (another tenant, a frequency change, the host's own work) falls on both alike and mostly
// cancels in their ratio. bench/overhead.js measures one process after the other; its ratios spread
// ±15% on this VM, wider than the few percent asked of an agent left on in production.
//
// Three figures per round, each the ratio bare/variant of the same seconds (1.000 costs nothing,
// 0.950 costs 5%), then the median over rounds and its spread (p25..p75):
//   CPU at <rate>   each app's CPU per request (all its threads, /proc/<pid>/task/*/schedstat) while
//                   each gets --rate req/s (autocannon -R, -c 10)
//   saturated       the same at saturation (autocannon -c 20 on each): the core is shared by the two,
//                   and an app bound to one core serves 1 / (CPU per request): this is the
//                   throughput ratio, read from CPU rather than from requests counted in rounds apart
//   idle            with --idle <s>: each app's CPU while neither serves anything, in % of a core
//
//   node bench/side-by-side.js --variants register,default --rounds 10
//   node bench/side-by-side.js --servers hello --variants register@22,register@24 --idle 10
//
// Variants: bench/variants.js (`register@24` runs beside `bare@24`). The start order alternates
// every round.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, autocannonAsync, cpuMsOf, median, percentile, tempDir, note } from './lib.js';
import { parseVariant, runnable, startVariant } from './variants.js';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '10' }, seconds: { type: 'string', default: '4' }, rate: { type: 'string', default: '4000' },
  servers: { type: 'string', default: 'hello,awaits' }, variants: { type: 'string', default: 'register,default' },
  idle: { type: 'string', default: '0' }, 'idle-after': { type: 'string', default: '5' }, saturated: { type: 'boolean', default: true },
} });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const idleSeconds = Number(values.idle);
const out = tempDir();
const { variants, skipped } = runnable(values.variants.split(','));
const measured = variants.filter((name) => parseVariant(name).kind !== 'bare');

/**
 * The two apps' CPU per request while both are loaded at once.
 * @param {{pid: number, port: number}[]} apps @param {{seconds: number, rate?: number, connections: number}} load
 */
async function cpuPerRequest(apps, load) {
  await Promise.all(apps.map((a) => autocannonAsync(a.port, { seconds: 1, rate: load.rate, connections: load.connections })));
  const before = apps.map((a) => cpuMsOf(a.pid));
  const results = await Promise.all(apps.map((a) => autocannonAsync(a.port, load)));
  return apps.map((a, i) => ((cpuMsOf(a.pid) - before[i]) * 1000) / Math.max(1, results[i].requests.total));
}

/**
 * One round: bare and the variant started (in the given order), measured together, stopped.
 * @param {string} name @param {string} script @param {boolean} bareFirst
 */
async function round(name, script, bareFirst) {
  const v = parseVariant(name);
  const order = bareFirst ? [parseVariant(v.bare), v] : [v, parseVariant(v.bare)];
  const started = [];
  try {
    for (const o of order) started.push(await startVariant(o, script, out));
    const [bare, it] = bareFirst ? started : [started[1], started[0]];
    let idle = [NaN, NaN];
    if (idleSeconds > 0) {
      await sleep(Number(values['idle-after']) * 1000);
      const at = [bare, it].map((a) => cpuMsOf(a.pid));
      await sleep(idleSeconds * 1000);
      idle = [bare, it].map((a, i) => ((cpuMsOf(a.pid) - at[i]) / (idleSeconds * 1000)) * 100);
    }
    const fixed = await cpuPerRequest([bare, it], { seconds, rate, connections: 10 });
    const saturated = values.saturated ? await cpuPerRequest([bare, it], { seconds, connections: 20 }) : [NaN, NaN];
    return { fixed: fixed[0] / fixed[1], fixedUs: fixed, saturated: saturated[0] / saturated[1], saturatedUs: saturated, idle };
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}

/** @param {number[]} xs */
const figure = (xs) => (xs.some(Number.isNaN) ? '-' : `${median(xs).toFixed(3)} (${percentile(xs, 25).toFixed(3)}..${percentile(xs, 75).toFixed(3)})`);

console.log(`side by side, ${rounds} rounds: bare and the variant at once on core 0, each loaded from core 1; CPU at ${rate} req/s each (-c 10), then saturated (-c 20 each); ${seconds} s each`);
console.log(`${note}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`);
for (const server of values.servers.split(',')) {
  const script = path.join(ROOT, 'bench', 'servers', `${server.replace(/\.cjs$/, '')}.cjs`);
  for (const name of measured) {
    const rows = [];
    for (let r = 0; r < rounds; r++) {
      rows.push(await round(name, script, r % 2 === 0));
      process.stderr.write(`${server} ${name}: round ${r + 1}/${rounds} done\n`);
    }
    const us = (/** @type {number[]} */ xs) => median(xs).toFixed(1);
    console.log([
      `${server.padEnd(7)} ${name.padEnd(22)}`,
      `CPU at ${rate}: ${figure(rows.map((x) => x.fixed))}, ${us(rows.map((x) => x.fixedUs[1]))} µs/req (bare ${us(rows.map((x) => x.fixedUs[0]))})`,
      ...(values.saturated ? [`saturated: ${figure(rows.map((x) => x.saturated))}, ${us(rows.map((x) => x.saturatedUs[1]))} µs/req (bare ${us(rows.map((x) => x.saturatedUs[0]))})`] : []),
      ...(idleSeconds > 0 ? [`idle % of a core: ${median(rows.map((x) => x.idle[1])).toFixed(2)} (bare ${median(rows.map((x) => x.idle[0])).toFixed(2)})`] : []),
    ].join('   '));
  }
}
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
