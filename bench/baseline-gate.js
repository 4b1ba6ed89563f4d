// The baseline gate on this machine (docs/ci.md has the figures): does it cry wolf, does it catch
// and name a new blocking function, and how many runs does it take to see a slower handler?
//   node bench/baseline-gate.js [--rounds 20] [--seconds 3] [--draws 300]
// One app (bench/servers/gate-app.cjs) in four variants, run in alternating rounds with the real
// bin (no pinning: as a CI job runs it): base, base + a 120 ms block every 25th request, the
// handler 15% and 30% slower. --keep DIR keeps the run folders; --from DIR judges kept runs again
// without running anything. Then:
//   1. base against base, one run a side, `report <run> --baseline <run>` (the bin's exit code):
//      false regressions; and the same pairs with every metric judged (--baseline-metrics all),
//      the gate as it was;
//   2. base + block against base: caught (exit 1) and named (the first regression names
//      renderQuarterlyReport);
//   3. the app that blocks against itself: no false regression on a site that is in both;
//   4. runs a side against detection: random draws of N runs from each variant's runs, judged
//      in-process by the same function the bin uses; base against base from disjoint draws.

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT, BIN, tempDir, note } from './lib.js';
import { judgeAgainstBaseline } from '../src/analyze/baseline.js';

const { values } = parseArgs({ options: {
  rounds: { type: 'string', default: '24' }, seconds: { type: 'string', default: '3' }, draws: { type: 'string', default: '300' },
  keep: { type: 'string' }, from: { type: 'string' },
} });
const ROUNDS = Number(values.rounds);
const DRAWS = Number(values.draws);
const APP = path.join(ROOT, 'bench', 'servers', 'gate-app.cjs');
const out = values.from ? path.resolve(values.from) : values.keep ? path.resolve(values.keep) : tempDir();
fs.mkdirSync(out, { recursive: true });
const env = { ...process.env, CI: '1', NO_COLOR: '1' };
const VARIANTS = { base: {}, block: { BLOCK: '1' }, slow15: { WORK_SCALE: '1.15' }, slow30: { WORK_SCALE: '1.3' } };

console.log(note);
if (!values.from) console.log(`${new Date().toISOString().slice(0, 10)}, ${ROUNDS} rounds of base, block, base, block, slow15 or slow30 (alternating), -d ${values.seconds}, load average at start ${(await import('node:os')).loadavg()[0].toFixed(2)}`);

/** @type {Record<string, string[]>} run folders by variant */
const runs = { base: [], block: [], slow15: [], slow30: [] };
const started = Date.now();
if (values.from) {
  const kept = fs.readdirSync(out).filter((n) => /^[a-z0-9]+-\d+$/.test(n)).sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  for (const name of kept) runs[/** @type {keyof typeof runs} */ (name.split('-')[0])].push(path.join(out, name));
}
for (let round = 0; round < (values.from ? 0 : ROUNDS); round++) {
  const order = ['base', 'block', 'base', 'block', round % 2 ? 'slow15' : 'slow30'];
  for (const name of round % 2 ? order.reverse() : order) {
    const dir = path.join(out, `${name}-${runs[/** @type {keyof typeof runs} */ (name)].length}`);
    const r = spawnSync(process.execPath, [BIN, 'run', APP, '--route', '/', '-d', values.seconds, '--format', 'json', '--out', dir], {
      cwd: out, encoding: 'utf8', env: { ...env, .../** @type {Record<string, Record<string, string>>} */ (VARIANTS)[name] },
    });
    if (r.status !== 0) throw new Error(`${name} run failed (${r.status}): ${r.stderr}`);
    runs[/** @type {keyof typeof runs} */ (name)].push(dir);
  }
  process.stderr.write(`round ${round + 1}/${ROUNDS} (${Math.round((Date.now() - started) / 1000)} s)\n`);
}
const report = (/** @type {string} */ dir) => JSON.parse(fs.readFileSync(path.join(dir, 'report.json'), 'utf8'));
const judgedDir = fs.mkdtempSync(path.join(out, '.judged-'));
process.on('exit', () => fs.rmSync(judgedDir, { recursive: true, force: true }));

/** `report <candidate> --baseline <baseline>` with the bin: its exit code and first regression line. @param {string} cand @param {string} base @param {string[]} [extra] */
function gate(cand, base, extra = []) {
  const copy = path.join(judgedDir, `${path.basename(cand)}-vs-${path.basename(base)}${extra.length ? '-all' : ''}`);
  const r = spawnSync(process.execPath, [BIN, 'report', cand, '--baseline', base, '--format', 'json', '--out', copy, ...extra], { cwd: out, encoding: 'utf8', env });
  const judged = report(copy).baseline;
  return { code: r.status, first: judged.regressions[0]?.text ?? '', regressions: judged.regressions };
}

const pairs = Array.from({ length: Math.floor(runs.base.length / 2) }, (_, i) => [runs.base[2 * i + 1], runs.base[2 * i]]);
const same = pairs.map(([cand, base]) => gate(cand, base));
const sameAll = pairs.map(([cand, base]) => gate(cand, base, ['--baseline-metrics', 'all']));
const caught = runs.block.slice(0, ROUNDS).map((cand, i) => gate(cand, runs.base[i]));
const blockPairs = Array.from({ length: Math.floor(runs.block.length / 2) }, (_, i) => gate(runs.block[2 * i + 1], runs.block[2 * i]));

const count = (/** @type {{code: number | null}[]} */ list, /** @type {number} */ code) => list.filter((x) => x.code === code).length;
const named = caught.filter((x) => x.code === 1 && /^new blocking function renderQuarterlyReport \((?:.*\/)?gate-app\.cjs:\d+\), /.test(x.first)).length;
console.log('\n| check | pairs | result |');
console.log('|---|---|---|');
console.log(`| same app against its own baseline, one run a side | ${same.length} | ${count(same, 1)} false regressions (runs that exited 1) |`);
console.log(`| the same pairs with every metric judged at 10% (\`--baseline-metrics all\`, the gate before) | ${sameAll.length} | ${count(sameAll, 1)} false regressions |`);
console.log(`| + a 120 ms block every 25th request, one run a side | ${caught.length} | caught ${count(caught, 1)}, named first ${named} |`);
console.log(`| the app with that block against itself | ${blockPairs.length} | ${count(blockPairs, 1)} false regressions |`);
const falseTexts = [...same, ...blockPairs].filter((x) => x.code === 1).map((x) => x.first);
if (falseTexts.length) console.log(`false regressions: ${falseTexts.join(' | ')}`);
const oldReasons = new Map();
for (const x of sameAll) for (const r of x.regressions) oldReasons.set(r.metric, (oldReasons.get(r.metric) ?? 0) + 1);
console.log(`metrics that failed the old gate: ${[...oldReasons].map(([m, n]) => `${m} ${n}`).join(', ') || 'none'}`);
console.log(`example: ${caught.find((x) => x.code === 1)?.first ?? '-'}`);

// 4. runs a side: N runs drawn at random from a variant's runs, judged against N base runs
let seed = 7;
const random = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
/** @template T @param {T[]} list @param {number} n */
const draw = (list, n) => [...list].map((x) => [random(), x]).sort((a, b) => /** @type {number} */ (a[0]) - /** @type {number} */ (b[0])).slice(0, n).map((x) => /** @type {T} */ (x[1]));
const reports = Object.fromEntries(Object.entries(runs).map(([k, dirs]) => [k, dirs.map(report)]));
/** @param {string} variant @param {number} n */
function detection(variant, n) {
  let hits = 0;
  /** @type {Map<string, number>} */
  const by = new Map();
  for (let i = 0; i < DRAWS; i++) {
    const picked = draw(reports.base, variant === 'base' ? 2 * n : n);
    const base = picked.slice(0, n);
    const cand = variant === 'base' ? picked.slice(n) : draw(reports[variant], n);
    const judged = judgeAgainstBaseline(cand, { label: 'base', runs: base.map((r, k) => ({ path: `base-${k}`, report: r })) }, { regressionPct: 10, cwd: out });
    if (judged.regressions.length) hits++;
    for (const r of judged.regressions) by.set(r.metric, (by.get(r.metric) ?? 0) + 1);
  }
  const top = [...by].sort((a, b) => b[1] - a[1])[0];
  return `${Math.round((hits / DRAWS) * 100)}%${top ? ` (${top[0]})` : ''}`;
}
const sizes = [1, 3, 5, 6, 8].filter((n) => 2 * n <= reports.base.length && n <= reports.slow30.length);
console.log(`\n| runs a side | same app (false regression) | handler 15% slower | handler 30% slower |`);
console.log('|---|---|---|---|');
for (const n of sizes) console.log(`| ${n} | ${detection('base', n)} | ${detection('slow15', n)} | ${detection('slow30', n)} |`);
console.log(`(${DRAWS} random draws per cell from ${reports.base.length} base, ${reports.slow15.length} and ${reports.slow30.length} slower runs; judged by default, with no metric named)`);

/** @param {string} variant @param {(r: any) => number} f */
const spread = (variant, f) => {
  const v = reports[variant].map(f).sort((a, b) => a - b);
  const mid = v[Math.floor(v.length / 2)];
  return `${mid.toFixed(1)} (${Math.round(((v[0] - mid) / mid) * 100)}% to +${Math.round(((v.at(-1) - mid) / mid) * 100)}%)`;
};
console.log('\n| variant | load req/s: median (spread) | load p50 ms | probe p99 ms |');
console.log('|---|---|---|---|');
for (const v of ['base', 'slow15', 'slow30']) console.log(`| ${v} | ${spread(v, (r) => r.http.load.rps)} | ${spread(v, (r) => r.http.load.p50Ms)} | ${spread(v, (r) => r.http.probe.p99Ms)} |`);
console.log(`\ntook ${Math.round((Date.now() - started) / 60000)} min`);
