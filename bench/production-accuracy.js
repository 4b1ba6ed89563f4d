// What the production agent still names at each threshold: random blocks (bench/random-blocks.cjs, a
// sync loop, an await loop or a nextTick recursion each) under `node --require eventloop-probe/register`
// with EVENTLOOP_PROBE_THRESHOLD set, their lengths and the idle gaps between them scaled to the
// threshold (lengths 10 ms .. 2.5 thresholds, gaps 1-1.67 thresholds), the log read against the truth.
// The other half of the curve, what each threshold costs, is bench/side-by-side.js's
// (`--variants register~threshold=500`): docs/benchmarks.md puts the two side by side.
//   node bench/production-accuracy.js [--thresholds 100,200,500,1000] [--blocks 40] [--seed 7] [--node 24]
// Per threshold: recall of the blocks of 1.2 thresholds or more, precision of the lines written, and of
// the blocks found how many a capture named (`captured: true`), with the cause and the culprit right. The
// blocks are wall-clock loops: on a crowded machine one that ran under the threshold on a CPU is logged as
// the machine's stall (`heldBy: "machine"`, no culprit), counted apart.

import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { ROOT, tempDir, note, pinned, nodeOf, RANDOM_BLOCK_FUNCTIONS, overlaps } from './lib.js';

const { values } = parseArgs({ options: {
  thresholds: { type: 'string', default: '100,200,500,1000' }, blocks: { type: 'string', default: '40' },
  seed: { type: 'string', default: '7' }, node: { type: 'string' },
} });
const out = tempDir();
const node = values.node ? nodeOf(values.node) : process.execPath;
const REGISTER = path.join(ROOT, 'src', 'register.cjs');
const TARGET = path.join(ROOT, 'bench', 'random-blocks.cjs');
/** @type {Record<string, string[]>} */
const OWN = RANDOM_BLOCK_FUNCTIONS;
const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
console.log(`${note.replace(process.version, version)}; ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`);

/** @param {number} a @param {number} b */
const frac = (a, b) => `${a}/${b}`;
const rows = [];
for (const T of values.thresholds.split(',').map(Number)) {
  const truthFile = path.join(out, `truth-${T}.json`);
  const log = path.join(out, `blocks-${T}.log`);
  const env = { ...process.env, EVENTLOOP_PROBE_THRESHOLD: String(T), EVENTLOOP_PROBE_LOG: log, EVENTLOOP_PROBE_MAX_BLOCKS: '10000', EVENTLOOP_PROBE_STATS: '0' };
  const [cmd, ...args] = pinned(0, [node, '--require', REGISTER, TARGET, truthFile, values.blocks, values.seed, String(Math.round(2.5 * T)), String(T)]);
  const r = spawnSync(cmd, args, { encoding: 'utf8', env });
  if (r.status !== 0) throw new Error(`the target failed at threshold ${T}: ${r.stderr}`);
  const truth = JSON.parse(fs.readFileSync(truthFile, 'utf8'));
  const lines = fs.readFileSync(log, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const start = lines.find((l) => l.event === 'start');
  const found = lines.filter((l) => l.event === 'block').map((l) => ({ ...l, t: Date.parse(l.t) }));
  const big = truth.filter((/** @type {any} */ x) => x.durationMs >= 1.2 * T);
  const hits = big.map((/** @type {any} */ x) => ({ x, b: found.find((b) => overlaps(x, b)) })).filter((m) => m.b);
  const real = found.filter((b) => truth.some((/** @type {any} */ x) => overlaps(x, b)));
  // on a crowded machine a block of wall-clock work may run under the threshold on a CPU: the machine's stall
  const machine = hits.filter((m) => m.b.heldBy === 'machine');
  const named = hits.filter((m) => m.b.captured === true && m.b.heldBy !== 'machine');
  const causeRight = named.filter((m) => m.b.cause === m.x.kind);
  const culpritRight = named.filter((m) => OWN[m.x.kind].includes(m.b.culprit?.function) || OWN[m.x.kind].includes(m.b.culprit?.calledFrom?.function));
  rows.push({
    threshold: `${T} ms`, 'beat every': `${start?.settings?.resolutionMs} ms`,
    'found (>= 1.2 T)': frac(hits.length, big.length), 'lines of real blocks': frac(real.length, found.length),
    "the machine's (ran < T)": machine.length, 'named from a capture': frac(named.length, hits.length - machine.length), 'cause right': frac(causeRight.length, named.length),
    'culprit right': frac(culpritRight.length, named.length),
    'named wrong': named.filter((m) => !culpritRight.includes(m)).map((m) => `${m.x.kind} ${Math.round(m.x.durationMs)} ms: ${m.b.culprit?.label ?? 'none'}`).join('; ') || '-',
    'cause wrong': named.filter((m) => !causeRight.includes(m)).map((m) => `${m.x.kind}->${m.b.cause} (${Math.round(m.x.durationMs)} ms)`).join(', ') || '-',
  });
}
console.log(`${values.blocks} random blocks a threshold (10 ms .. 2.5 T, idle gaps of 1-1.67 T between them), seed ${values.seed}, Node ${version}, node --require eventloop-probe/register`);
console.table(rows);
