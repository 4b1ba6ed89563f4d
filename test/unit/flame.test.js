// CPU profile -> timed stacks -> flame trees: the whole profile, the blocked-only graph and one
// graph per block, on a synthetic .cpuprofile whose samples fall at known times.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timedStacks, isCpuProfile } from '../../src/analyze/profiles.js';
import { FrameTable, buildTree, pruneTree } from '../../src/report/flame-tree.js';
import { frameKind } from '../../src/analyze/frame-kind.js';
import { flameData, blockAt } from '../../src/report/flame-data.js';
import { sampleReport } from './sample-report.js';

/** @param {number} id @param {string} functionName @param {string} url @param {number[]} [children] */
const node = (id, functionName, url, children = []) => ({ id, callFrame: { functionName, url, lineNumber: id, columnNumber: 0, scriptId: '0' }, children });

/**
 * 1 ms samples (sample i at i+1 ms): 0-99 ms idle, 100-299 ms in hot (a block), 300-399 ms in warm, 400-449 ms idle,
 * 450-549 ms in hot again (a second block), 550-559 ms GC.
 */
function syntheticProfile() {
  const nodes = [
    node(1, '(root)', '', [2, 3, 6, 7]),
    node(2, '(idle)', ''),
    node(3, 'main', 'file:///app/server.js', [4, 5]),
    node(4, 'hot', 'file:///app/server.js'),
    node(5, 'warm', 'file:///app/node_modules/lib/index.js'),
    node(6, '(garbage collector)', ''),
    node(7, '(program)', ''),
  ];
  /** @type {number[]} */
  const samples = [];
  const put = (/** @type {number} */ id, /** @type {number} */ n) => { for (let i = 0; i < n; i++) samples.push(id); };
  put(2, 100); put(4, 200); put(5, 100); put(2, 50); put(4, 100); put(6, 10);
  const startTime = 5_000_000;
  return { nodes, startTime, endTime: startTime + (samples.length + 1) * 1000, samples, timeDeltas: samples.map(() => 1000) };
}

test('timed stacks: root first, without (root), each sample worth the time to the next', () => {
  const stacks = timedStacks(syntheticProfile());
  assert.equal(stacks.length, 560);
  assert.deepEqual(stacks[150].frames.map((f) => f.functionName), ['main', 'hot']);
  assert.equal(stacks[150].frames[1].line, 5, 'lines are 1-based');
  assert.equal(stacks[150].tMs, 151);
  assert.equal(stacks[150].weightMs, 1);
  assert.equal(stacks.at(-1)?.weightMs, 1, 'the last sample lasts until endTime');
  assert.ok(isCpuProfile(syntheticProfile()));
  assert.ok(!isCpuProfile({ nodes: [] }));
});

test('frame kinds: app, node_modules, node internals, native, gc; a recorded kind wins', () => {
  assert.equal(frameKind({ functionName: 'f', url: 'file:///app/a.js' }), 'app');
  assert.equal(frameKind({ functionName: 'f', url: '/app/node_modules/x/y.js' }), 'node_modules');
  assert.equal(frameKind({ functionName: 'emit', url: 'node:events' }), 'node');
  assert.equal(frameKind({ functionName: 'x', url: 'internal/timers.js' }), 'node');
  assert.equal(frameKind({ functionName: 'JSON.parse', url: '' }), 'native');
  assert.equal(frameKind({ functionName: '(garbage collector)', url: '' }), 'gc');
  assert.equal(frameKind({ functionName: 'f', url: 'file:///app/a.js', kind: 'node_modules' }), 'node_modules');
});

test('a tree merges identical paths: totals, self times, and pruning of sub-pixel subtrees', () => {
  const table = new FrameTable();
  const f = (/** @type {string} */ name) => ({ functionName: name, url: 'file:///a.js', line: 1 });
  const tree = buildTree([
    { frames: [f('a'), f('b')], weightMs: 3 },
    { frames: [f('a'), f('b')], weightMs: 2 },
    { frames: [f('a')], weightMs: 1 },
    { frames: [f('a'), f('tiny')], weightMs: 0.001 },
  ], table);
  assert.equal(tree.v, 6.001);
  assert.equal(tree.c.length, 1);
  const a = tree.c[0];
  assert.deepEqual([table.frames[a.f].name, a.v, a.s], ['a', 6.001, 1]);
  assert.deepEqual(a.c.map((c) => [table.frames[c.f].name, c.v, c.s]), [['b', 5, 5], ['tiny', 0.001, 0.001]]);
  const pruned = pruneTree(tree, 0.001, table.frames);
  assert.deepEqual(pruned.c[0].c.map((c) => table.frames[c.f].name), ['b']);
});

test('blocked-only graphs hold exactly the samples inside the blocks, aligned through startEpochMs', () => {
  const report = sampleReport();
  // The run started 1 s before the profile: block times are relative to the run start.
  const runStart = Date.parse(report.run.startedAt);
  report.profile = { file: 'profile.cpuprofile', startEpochMs: runStart + 1000, intervalUs: 1000 };
  report.blocks = [
    { startMs: 1100, durationMs: 200, stack: [], phase: 'poll', cause: '', advice: '' },
    { startMs: 1450, durationMs: 100, stack: [], phase: 'poll', cause: '', advice: '' },
  ];
  const data = flameData(report, syntheticProfile());
  assert.equal(data.source, 'profile');
  assert.equal(data.idleMs, 150);
  const name = (/** @type {any} */ n) => (n.f < 0 ? 'root' : data.frames[n.f].name);
  /** @param {any} tree @returns {Record<string, number>} */
  const totals = (tree) => {
    /** @type {Record<string, number>} */
    const out = {};
    const walk = (/** @type {any} */ n) => { out[name(n)] = (out[name(n)] ?? 0) + n.v; n.c.forEach(walk); };
    walk(tree);
    return out;
  };
  assert.deepEqual(totals(data.full), { root: 410, main: 400, hot: 300, warm: 100, '(garbage collector)': 10 });
  assert.deepEqual(totals(data.blocked), { root: 300, main: 300, hot: 300 }, 'only hot ran inside the blocks');
  assert.deepEqual(data.blocks.map((b) => [b.block, totals(b.tree).hot]), [[0, 200], [1, 100]]);
  assert.equal(data.frames.find((f) => f.name === 'warm')?.kind, 'node_modules');
});

test('without a profile, the blocked graphs come from the stacks sampled in each block', () => {
  const report = sampleReport();
  const data = flameData(report, null);
  assert.equal(data.source, 'block-samples');
  assert.equal(data.full, null);
  assert.equal(data.blocked?.v, 653);
  assert.equal(data.blocks.length, 3);
  const root = data.blocked?.c.map((c) => data.frames[c.f].name).sort();
  assert.deepEqual(root, ['emit', 'parseBody'], 'outermost frames at the top of the tree');
  const older = sampleReport();
  for (const b of older.blocks) { delete (/** @type {any} */ (b)).stack; delete (/** @type {any} */ (b)).samples; }
  const none = flameData(older, null);
  assert.deepEqual([none.source, none.blocked, none.blocks.length], [null, null, 0]);
});

test('blockAt finds the block a time falls in', () => {
  const blocks = [{ startMs: 10, durationMs: 5 }, { startMs: 30, durationMs: 10 }];
  const starts = blocks.map((b) => b.startMs);
  assert.deepEqual([5, 10, 15, 16, 35, 41].map((t) => blockAt(blocks, starts, t)), [-1, 0, 0, -1, 1, -1]);
});
