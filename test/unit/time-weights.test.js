// Blame by time: what each sample stands for, the unsampled time of a block, one-sample noise,
// GC samples standing for the frame around them, the GC share of a block and the agent's runs.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sampleSpans } from '../../src/analyze/sample-spans.js';
import { attributeBlocks, blamedFrame } from '../../src/analyze/attribution.js';
import { timeProfile, timedStacks } from '../../src/analyze/profiles.js';
import { gcInBlock } from '../../src/analyze/gc-share.js';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { GcObserver } = require('../../src/agent/gc-observer.cjs');

test('spans: a sample stands for the time to the next; a long gap goes to the sample that ends it', () => {
  const { from, to } = sampleSpans([0, 1, 2, 100, 101], 1, 102);
  assert.deepEqual([...from], [0, 1, 2, 3, 101]);
  assert.deepEqual([...to], [1, 2, 3, 101, 102]);
  // contiguous, and they cover first sample to the end
  for (let i = 1; i < from.length; i++) assert.equal(from[i], to[i - 1]);
});

/** @param {string} name @param {string} url @param {number} [line] */
const cf = (name, url, line = 0) => ({ functionName: name, url, lineNumber: line, columnNumber: 0, scriptId: '1' });

// root -> parserOnIncoming -> loadBlob (app) -> readFileSync (node:fs) -> read (native) : id 5
// root -> parserOnIncoming -> health (app) -> peek (node:internal) : id 7
// root -> (garbage collector) : id 8 ; root -> (idle) : id 9
const NODES = [
  { id: 1, callFrame: cf('(root)', ''), children: [2, 8, 9] },
  { id: 2, callFrame: cf('parserOnIncoming', 'node:_http_server'), children: [3, 6] },
  { id: 3, callFrame: cf('loadBlob', 'file:///srv/app.js', 15), children: [4] },
  { id: 4, callFrame: cf('readFileSync', 'node:fs', 440), children: [5] },
  { id: 5, callFrame: cf('read', '') },
  { id: 6, callFrame: cf('health', 'file:///srv/app.js', 10), children: [7] },
  { id: 7, callFrame: cf('peek', 'node:internal/streams/readable', 36) },
  { id: 8, callFrame: cf('(garbage collector)', '') },
  { id: 9, callFrame: cf('(idle)', '') },
];

/** @param {number[]} samples @param {number[]} deltasMs */
function profileOf(samples, deltasMs) {
  const startTime = 1_000_000;
  const total = deltasMs.reduce((a, b) => a + b, 0);
  return timeProfile({
    kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000,
    profile: { nodes: NODES, startTime, endTime: startTime + (total + 1) * 1000, samples, timeDeltas: deltasMs.map((d) => d * 1000) },
  }, 'p.json');
}

test('a 200 ms read that suppresses sampling: the read gets the time, the health check one sample\'s worth', () => {
  // window at epoch 6000; block 0-300 ms: 10 read samples 1 ms apart, a health sample,
  // a GC sample, then a 250 ms gap that ends with a read sample, then reads again
  const samples = [...Array(10).fill(5), 7, 8, 5, ...Array(30).fill(5), 9];
  const deltas = [1, ...Array(9).fill(1), 1, 1, 250, ...Array(30).fill(1), 1];
  const p = profileOf(samples, deltas);
  const [block] = attributeBlocks([{ startMs: 0, durationMs: 295 }], [p], { from: 6000, cwd: '/srv' }).blocks;
  // the time is Node's readFileSync, called by the app's loadBlob
  assert.equal(block.culprit?.functionName, 'readFileSync');
  assert.deepEqual(block.culprit?.owner, { kind: 'node', name: 'node:fs' });
  assert.equal(block.culprit?.calledFrom?.functionName, 'loadBlob');
  assert.equal(blamedFrame(block)?.functionName, 'readFileSync');
  assert.equal(block.call?.name, 'fs.readFileSync');
  assert.equal(block.fix, 'async-form');
  const top = block.topFrames ?? [];
  assert.equal(top[0].functionName, 'loadBlob');
  assert.ok(top[0].ms > 280, `loadBlob ${top[0].ms} ms of 295`);
  const health = top.find((t) => t.functionName === 'health');
  // by count it would be 1/44 of the block; by time one interval (and the GC sample after it)
  assert.ok(health && health.ms <= 3, `health ${health?.ms} ms`);
});

test('top sites: by time, and a frame seen in one sample only is noise', () => {
  const samples = [5, 5, 5, 7, 5, 5, 9, 9, 5, 5, 5, 5, 9];
  const deltas = Array(13).fill(10);
  const p = profileOf(samples, deltas);
  // two blocks, both on loadBlob; health appears once
  const { topSites } = attributeBlocks([{ startMs: 0, durationMs: 60 }, { startMs: 80, durationMs: 40 }], [p], { from: 6000, cwd: '/srv' });
  assert.deepEqual(topSites.map((s) => s.functionName), ['loadBlob']);
  assert.equal(topSites[0].count, 2);
  assert.ok(topSites[0].blockedMs >= 85 && topSites[0].blockedMs <= 100, String(topSites[0].blockedMs));
});

test('flame graphs weigh samples with the same spans', () => {
  const p = profileOf([5, 5, 7, 5], [1, 1, 1, 50]);
  const stacks = timedStacks(/** @type {any} */ (p.profile));
  // the 50 ms gap: 1 ms for health (before it), the rest for the read that ends it
  assert.deepEqual(stacks.map((s) => Math.round(s.weightMs)), [1, 1, 1, 50]);
  assert.equal(stacks[2].frames.at(-1)?.functionName, 'peek');
});

test('GC share of a block: long pauses by overlap, runs of short pauses in proportion', () => {
  const pauses = [{ t: 100, durationMs: 20 }, { t: 290, durationMs: 20 }];
  const runs = [{ t: 150, endT: 250, totalMs: 40, count: 10 }];
  assert.equal(gcInBlock(pauses, runs, 100, 300), 20 + 40 + 10);
  assert.equal(gcInBlock(pauses, runs, 200, 300), 20 + 10);
  assert.equal(gcInBlock([], [{ t: 50, endT: 50, totalMs: 3, count: 1 }], 0, 100), 3);
});

test('the agent sums short GC pauses into runs and reports each long one', () => {
  /** @type {any[]} */ const long = [];
  /** @type {any[]} */ const runs = [];
  const gc = new GcObserver(10, (/** @type {number} */ t, /** @type {number} */ d) => { if (d >= 10) long.push({ t, d }); }, (/** @type {any} */ r) => runs.push(r));
  const entry = (/** @type {number} */ startTime, /** @type {number} */ duration) => ({ startTime, duration, detail: { kind: 1 } });
  const origin = performance.timeOrigin;
  for (const [s, d] of [[0, 2], [5, 3], [12, 1], [100, 2], [104, 15], [300, 1]]) gc.add(/** @type {any} */ (entry(s, d)));
  gc.drain();
  assert.equal(long.length, 1);
  assert.deepEqual(runs.map((r) => [Math.round(r.t - origin) + 0, Math.round(r.endT - origin) + 0, r.totalMs, r.count]), [[0, 13, 6, 3], [100, 102, 2, 1], [300, 301, 1, 1]]);
  assert.equal(gc.summary().count, 6);
});

test('a package\'s promise chain: V8\'s samples with no JavaScript between its continuations are the chain\'s machinery (Node 24.22 shows no runMicrotasks frame)', () => {
  // root -> runner (a package's async function resumed by V8, nothing under it) : id 2 ; root -> (program) : id 3
  const nodes = [
    { id: 1, callFrame: cf('(root)', ''), children: [2, 3] },
    { id: 2, callFrame: cf('runner', 'file:///srv/node_modules/steps/index.js', 3) },
    { id: 3, callFrame: cf('(program)', '') },
  ];
  const startTime = 1_000_000;
  /** @param {number[]} samples */
  const blockOf = (samples) => {
    const p = timeProfile({
      kind: 'continuous', epochOffsetMs: 5000, intervalUs: 1000,
      profile: { nodes, startTime, endTime: startTime + (samples.length + 1) * 1000, samples, timeDeltas: samples.map(() => 1000) },
    }, 'p.json');
    return attributeBlocks([{ startMs: 0, durationMs: samples.length }], [p], { from: 6000, cwd: '/srv' }).blocks[0];
  };
  const chain = blockOf(Array.from({ length: 40 }, (_, i) => (i % 3 === 2 ? 3 : 2)));
  assert.equal(chain.cause, 'microtask');
  assert.equal(chain.culprit?.owner?.name, 'steps');
  assert.equal(chain.fix, 'microtask', chain.advice);
  // V8's samples are never the block's shown stacks or top frames
  assert.ok((chain.samples ?? []).every((s) => s.stack.some((f) => f.functionName === 'runner')));
  assert.deepEqual((chain.topFrames ?? []).map((t) => t.functionName), ['runner']);
  // the same continuations with no time of V8's between them: a library call, not a chain
  const alone = blockOf(Array(40).fill(2));
  assert.equal(alone.cause, 'microtask');
  assert.notEqual(alone.fix, 'microtask');
  // V8 alone before the first continuation (an addon's native code building a query's rows, then the
  // package's one long continuation): not a chain's machinery
  const native = blockOf([...Array(12).fill(3), ...Array(28).fill(2)]);
  assert.equal(native.cause, 'microtask');
  assert.notEqual(native.fix, 'microtask');
});
