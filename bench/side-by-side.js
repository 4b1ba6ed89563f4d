// What observing costs the app, with bare and the variant running in the same seconds: both pinned
// to core 0 and loaded from core 1, so whatever else the shared machine does meanwhile (another
// tenant, a frequency change, the host's own work) falls on both alike and mostly cancels in their
// ratio. bench/overhead.js measures one process after the other; its ratios spread ±15% on this VM,
// wider than the few percent asked of an agent left on in production.
//
// Figures per round, each the ratio bare/variant (1.000 costs nothing, 0.950 costs 5%), then the
// median over rounds and its spread (p25..p75):
//   saturated       each app's CPU per request (all its threads, /proc/<pid>/task/*/schedstat) while
//                   both are loaded at once at saturation (autocannon -c 20 on each): they share the
//                   core, and an app bound to a core serves 1 / (CPU per request), so this is the
//                   throughput ratio, read from CPU rather than from requests counted in rounds apart
//   CPU at <rate>   each app's CPU per request at --rate req/s (autocannon -R, -c 10), loaded in
//                   turns, A B B A, --seconds each, the other idle meanwhile: a core that sleeps
//                   between requests, where every wake-up costs (two apps loaded at once keep the
//                   core awake and hide that cost), with the machine's drift cancelled by the order
//   idle            with --idle <s>: each app's CPU while neither serves anything, in % of a core,
//                   from --idle-after <s> (5) after the loads above
//
// Both apps first serve --settle <s> (15) at --rate at once, unmeasured: a process's first seconds
// hold V8 compiling the agent's code and its first collections (--settle 0: measured from the start).
//
//   node bench/side-by-side.js --variants register,default --rounds 10
//   node bench/side-by-side.js --servers hello --variants register@22,register@24 --idle 10
//   node bench/side-by-side.js --saturated-only --variants default~requests,default~pool
//   node bench/side-by-side.js --fixed-only --variants register --rounds 20   (CPU at --rate alone)
//   node bench/side-by-side.js --fixed-only --threads --variants register      (and where it goes)
//
// With --threads, the CPU at --rate is also split by thread: what the variant's app thread, its +7
// thread (the agent's worker, usually) and the rest (V8's and libuv's) used a request more than
// bare's, and each one's wake-ups a second (voluntary context switches), medians over the rounds.
//
// Variants: bench/variants.js (`register@24` runs beside `bare@24`). Each round runs every variant,
// in turns (reversed every other round), and the start order alternates every round.

import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { ROOT, autocannonAsync, cpuMsOf, median, percentile, tempDir, note, threadsOf } from './lib.js';
import { parseVariant, runnable, startVariant } from './variants.js';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '10' }, seconds: { type: 'string', default: '4' }, rate: { type: 'string', default: '4000' },
  servers: { type: 'string', default: 'hello,awaits' }, variants: { type: 'string', default: 'register,default' },
  idle: { type: 'string', default: '0' }, 'idle-after': { type: 'string', default: '5' }, 'saturated-only': { type: 'boolean', default: false },
  'fixed-only': { type: 'boolean', default: false }, threads: { type: 'boolean', default: false }, settle: { type: 'string', default: '15' },
} });
const rounds = Number(values.rounds);
const seconds = Number(values.seconds);
const rate = Number(values.rate);
const idleSeconds = Number(values.idle);
const settleSeconds = Number(values.settle);
const out = tempDir();
const { variants, skipped } = runnable(values.variants.split(','));
const measured = variants.filter((name) => parseVariant(name).kind !== 'bare');

/**
 * The two apps' CPU per request while both are loaded at once.
 * @param {{pid: number, port: number}[]} apps @param {{seconds: number, rate?: number, connections: number}} load
 */
async function together(apps, load) {
  await Promise.all(apps.map((a) => autocannonAsync(a.port, { seconds: 1, rate: load.rate, connections: load.connections })));
  const before = apps.map((a) => cpuMsOf(a.pid));
  const results = await Promise.all(apps.map((a) => autocannonAsync(a.port, load)));
  return apps.map((a, i) => ((cpuMsOf(a.pid) - before[i]) * 1000) / Math.max(1, results[i].requests.total));
}

/**
 * The two apps' CPU per request, each loaded in its turn (A B B A) while the other idles.
 * @param {{pid: number, port: number}[]} apps @param {{seconds: number, rate?: number, connections: number}} load
 */
async function inTurns(apps, load) {
  const cpuUs = [0, 0];
  const requests = [0, 0];
  /** @type {Record<string, {us: number, wakes: number}>[]} each app's threads, by group */
  const groups = [{}, {}];
  for (const i of [0, 1, 1, 0]) {
    const a = apps[i];
    await autocannonAsync(a.port, { seconds: 1, rate: load.rate, connections: load.connections });
    const before = threadsOf(a.pid);
    const result = await autocannonAsync(a.port, load);
    const after = threadsOf(a.pid);
    for (const [k, e] of Object.entries(after)) {
      const g = k === 'main' || k === '+7' ? k : 'rest';
      const us = (e.ms - (before[k]?.ms ?? 0)) * 1000;
      const sum = (groups[i][g] ??= { us: 0, wakes: 0 });
      sum.us += us;
      sum.wakes += e.wakes - (before[k]?.wakes ?? 0);
      cpuUs[i] += us;
    }
    requests[i] += result.requests.total;
  }
  const perRequest = cpuUs.map((us, i) => us / Math.max(1, requests[i]));
  const threads = groups.map((g, i) => Object.fromEntries(Object.entries(g).map(([k, e]) => [k, { us: e.us / Math.max(1, requests[i]), wakesPerS: e.wakes / (2 * load.seconds) }])));
  return { perRequest, threads };
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
    // both served at the fixed rate first: what a process does once after its start (V8 compiling
    // the agent's code and collecting its first garbage on its helper threads, the agent's worker
    // loading its analysis: about 2 ms of CPU a second for some 13 s) is not a service's steady cost
    if (settleSeconds > 0) await Promise.all([bare, it].map((a) => autocannonAsync(a.port, { seconds: settleSeconds, rate, connections: 10 })));
    const saturated = !values['fixed-only'] ? await together([bare, it], { seconds, connections: 20 }) : [NaN, NaN];
    const turns = !values['saturated-only'] ? await inTurns([bare, it], { seconds, rate, connections: 10 }) : null;
    const fixed = turns ? turns.perRequest : [NaN, NaN];
    // idle once both have served (their code warm), as a service between bursts: read right after
    // start, the figure held the agent's start-up (V8 compiling its code and collecting its first
    // garbage over some 15 s), about twice its steady cost
    let idle = [NaN, NaN];
    if (idleSeconds > 0) {
      await sleep(Number(values['idle-after']) * 1000);
      const at = [bare, it].map((a) => cpuMsOf(a.pid));
      await sleep(idleSeconds * 1000);
      idle = [bare, it].map((a, i) => ((cpuMsOf(a.pid) - at[i]) / (idleSeconds * 1000)) * 100);
    }
    return { fixed: fixed[0] / fixed[1], fixedUs: fixed, threads: turns?.threads ?? [{}, {}], saturated: saturated[0] / saturated[1], saturatedUs: saturated, idle };
  } finally {
    for (const s of started.reverse()) await s.stop();
  }
}

/**
 * The variant's CPU a request more than bare's, by thread group, and each group's wake-ups a second
 * (variant / bare), medians over the rounds. @param {{threads: Record<string, {us: number, wakesPerS: number}>[]}[]} rows
 */
function threadSplit(rows) {
  return ['main', '+7', 'rest'].map((g) => {
    const of = (/** @type {number} */ i, /** @type {'us' | 'wakesPerS'} */ k) => rows.map((x) => x.threads[i][g]?.[k] ?? 0);
    const extra = median(of(1, 'us').map((us, r) => us - of(0, 'us')[r]));
    return `${g} +${extra.toFixed(2)} µs/req, ${median(of(1, 'wakesPerS')).toFixed(0)} wakes/s (bare ${median(of(0, 'wakesPerS')).toFixed(0)})`;
  }).join(' | ');
}

/** @param {number[]} xs */
const figure = (xs) => (xs.some(Number.isNaN) ? '-' : `${median(xs).toFixed(3)} (${percentile(xs, 25).toFixed(3)}..${percentile(xs, 75).toFixed(3)})`);

console.log(`side by side, ${rounds} rounds: bare and the variant at once on core 0, loaded from core 1, after ${settleSeconds} s of both at ${rate} req/s; saturated: both at once (-c 20 each); CPU at ${rate} req/s (-c 10): in turns A B B A; ${seconds} s each`);
console.log(`${note}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC; load average at start ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`);
for (const server of values.servers.split(',')) {
  const script = path.join(ROOT, 'bench', 'servers', `${server.replace(/\.cjs$/, '')}.cjs`);
  // every variant once a round, in turns: what drifts over the minutes falls on each alike
  /** @type {Map<string, Awaited<ReturnType<typeof round>>[]>} */
  const rowsOf = new Map(measured.map((name) => [name, []]));
  for (let r = 0; r < rounds; r++) {
    for (const name of r % 2 === 0 ? measured : [...measured].reverse()) {
      rowsOf.get(name)?.push(await round(name, script, r % 2 === 0));
    }
    process.stderr.write(`${server}: round ${r + 1}/${rounds} done\n`);
  }
  for (const [name, rows] of rowsOf) {
    const us = (/** @type {number[]} */ xs) => median(xs).toFixed(1);
    console.log([
      `${server.padEnd(7)} ${name.padEnd(22)}`,
      ...(!values['fixed-only'] ? [`saturated: ${figure(rows.map((x) => x.saturated))}, ${us(rows.map((x) => x.saturatedUs[1]))} µs/req (bare ${us(rows.map((x) => x.saturatedUs[0]))})`] : []),
      ...(!values['saturated-only'] ? [`CPU at ${rate}: ${figure(rows.map((x) => x.fixed))}, ${us(rows.map((x) => x.fixedUs[1]))} µs/req (bare ${us(rows.map((x) => x.fixedUs[0]))})`] : []),
      ...(idleSeconds > 0 ? [`idle % of a core: ${median(rows.map((x) => x.idle[1])).toFixed(2)} (bare ${median(rows.map((x) => x.idle[0])).toFixed(2)})`] : []),
    ].join('   '));
    if (values.threads && !values['saturated-only']) console.log(`${''.padEnd(30)}${threadSplit(rows)}`);
  }
}
console.log(`load average at the end ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
