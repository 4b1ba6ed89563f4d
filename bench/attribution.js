// Attribution of blocks: detection recall and precision, duration error and cause accuracy over
// randomised blocks; and the throughput cost of stack capture beside blocked-at's, in one run.
//   node bench/attribution.js [--blocks 60] [--rounds 3] [--seconds 5] [--only detection|throughput]
// Targets: recall and precision 100% for blocks >= 1.2x threshold, duration error <= 5%,
// throughput >= 0.97 of bare.

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT, BIN, serverRps, alternate, median, tempDir, note, pinned, RANDOM_BLOCK_FUNCTIONS, overlaps } from './lib.js';

const { values } = parseArgs({ options: {
  blocks: { type: 'string', default: '60' }, only: { type: 'string' }, rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' },
  intervals: { type: 'string', default: '' },
} });
const out = tempDir();
const THRESHOLD = 50;
console.log(note);

// 1. Detection and attribution against known blocks, with the profile (default) and without.
// --intervals 1000,10000: the default mode at each profile sampling interval (µs) as well.
const detectionVariants = [
  { name: 'default (profile + watchdog)', args: [] },
  ...values.intervals.split(',').filter(Boolean).map((us) => ({ name: `--profile-interval ${us}`, args: ['--profile-interval', us] })),
  { name: '--no-profile (watchdog only)', args: ['--no-profile'] },
];
for (const [index, variant] of (values.only === 'throughput' ? [] : detectionVariants).entries()) {
  const truthFile = path.join(out, `truth-${index}.json`);
  const dir = path.join(out, `attr-${index}`);
  const [cmd, ...args] = pinned(0, [process.execPath, BIN, 'run', path.join(ROOT, 'bench', 'random-blocks.cjs'), '--out', dir, '-d', '600', ...variant.args, '--', truthFile, values.blocks, '7']);
  const r = spawnSync(cmd, args, { encoding: 'utf8', env: { ...process.env, CI: '1', NO_COLOR: '1' } });
  if (r.status !== 0) throw new Error(`run failed: ${r.stderr}`);
  const report = JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
  const truth = JSON.parse(fs.readFileSync(truthFile, 'utf8'));
  const from = Date.parse(report.run.startedAt);
  const found = report.blocks.map((/** @type {any} */ b) => ({ ...b, t: from + b.startMs }));
  const big = truth.filter((/** @type {any} */ x) => x.durationMs >= 1.2 * THRESHOLD);
  const matched = big.map((/** @type {any} */ x) => ({ x, b: found.find((/** @type {any} */ b) => overlaps(x, b)) }));
  const hits = matched.filter((/** @type {any} */ m) => m.b);
  const errors = hits.map((/** @type {any} */ m) => Math.abs(m.b.durationMs - m.x.durationMs) / m.x.durationMs).sort((a, b) => a - b);
  const truePositive = found.filter((/** @type {any} */ b) => truth.some((/** @type {any} */ x) => overlaps(x, b)));
  const causeRight = hits.filter((/** @type {any} */ m) => m.b.cause === m.x.kind);
  // the culprit: the block's own functions in bench/random-blocks.cjs (work is called by all three)
  const OWN = RANDOM_BLOCK_FUNCTIONS;
  const culpritRight = hits.filter((/** @type {any} */ m) => (m.b.stack ?? []).find((/** @type {any} */ f) => f.kind === 'app')
    && /** @type {Record<string, string[]>} */ (OWN)[m.x.kind].includes(m.b.stack.find((/** @type {any} */ f) => f.kind === 'app').functionName));
  const pct = (/** @type {number} */ a, /** @type {number} */ b) => `${((100 * a) / Math.max(1, b)).toFixed(1)}%`;
  console.log(`\n${variant.name}: ${truth.length} blocks of 10-500 ms, ${big.length} of them >= ${1.2 * THRESHOLD} ms, threshold ${THRESHOLD} ms`);
  console.table({
    'recall (>= 1.2x threshold)': `${hits.length}/${big.length} = ${pct(hits.length, big.length)}`,
    'precision (all detected)': `${truePositive.length}/${found.length} = ${pct(truePositive.length, found.length)}`,
    'duration error median': pct(errors[Math.floor(errors.length / 2)] ?? 0, 1),
    'duration error p95': pct(errors[Math.floor(errors.length * 0.95)] ?? 0, 1),
    'duration error max': pct(errors[errors.length - 1] ?? 0, 1),
    'cause right': `${causeRight.length}/${hits.length} = ${pct(causeRight.length, hits.length)}`,
    'culprit function right': `${culpritRight.length}/${hits.length} = ${pct(culpritRight.length, hits.length)}`,
    'culprit wrong': hits.filter((/** @type {any} */ m) => !culpritRight.includes(m)).map((/** @type {any} */ m) => `${m.x.kind} (${Math.round(m.x.durationMs)} ms): ${(m.b.stack ?? []).slice(0, 3).map((/** @type {any} */ f) => f.functionName || '(anonymous)').join(' < ') || 'no stack'}`).join(', ') || '-',
    'cause wrong': hits.filter((/** @type {any} */ m) => m.b.cause !== m.x.kind).map((/** @type {any} */ m) => `${m.x.kind}->${m.b.cause} (${Math.round(m.x.durationMs)} ms)`).join(', ') || '-',
  });
}

// 2. Throughput: bare vs the agent with each way of capturing stacks, alternating rounds.
const seconds = Number(values.seconds);
/** @param {string} server @param {string[] | null} flags */
const measure = (server, flags) => serverRps(server, flags, { out, seconds });
const variants = {
  bare: null,
  'stacks running (default, with profile)': [],
  'stacks running --no-profile': ['--no-profile'],
  'stacks none --no-profile': ['--stacks', 'none', '--no-profile'],
  'async-origin (blocked-at)': ['--stacks', 'async-origin', '--no-profile'],
};
console.log(`\nthroughput, ${values.rounds} alternating rounds of ${seconds} s, autocannon -c 20 on the other core; ratio to bare`);
for (const server of values.only === 'detection' ? [] : ['hello.cjs', 'awaits.cjs']) {
  const r = await alternate(Number(values.rounds), Object.fromEntries(Object.entries(variants).map(([k, v]) => [k, () => measure(server, v)])));
  const bare = median(r.bare);
  console.log(server);
  console.table(Object.fromEntries(Object.keys(variants).map((k) => [k, { 'req/s (median)': Math.round(median(r[k])), ratio: (median(r[k]) / bare).toFixed(3), rounds: r[k].map(Math.round).join('/') }])));
}
