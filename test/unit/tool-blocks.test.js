// The tool never blames the app for its own work: blocks made of the agent's timed work or
// running the agent's frames are the tool's; profile chunks merge back into one profile.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { attributeBlocks, isToolBlock } from '../../src/analyze/attribution.js';
import { timeProfile } from '../../src/analyze/profiles.js';
import { mergeContinuous } from '../../src/analyze/merge-profiles.js';
import { AGENT_DIR } from '../../src/analyze/frames.js';
import { buildReport } from '../../src/analyze/build-report.js';
import { ownerOf } from '../../src/analyze/ownership.js';
import { blockLine } from '../../src/production/lines.js';
import { PROFILER_WALK } from '../../src/production/capture-budget.js';

const cf = (/** @type {string} */ functionName, /** @type {string} */ url) => ({ functionName, url, lineNumber: 0, columnNumber: 0 });
const AGENT_URL = `file://${path.join(AGENT_DIR, 'profile-chunks.cjs')}`;

/**
 * A profile with two leaves under the root: the app's handler (id 2) and the agent (id 3, over
 * node:inspector's post), sampled every ms from epoch `start` in the given order.
 * @param {number} start epoch ms @param {number[]} leaves
 */
function profileOf(start, leaves) {
  const profile = {
    nodes: [
      { id: 1, callFrame: cf('(root)', ''), children: [2, 4] },
      { id: 2, callFrame: cf('handler', 'file:///app/server.js'), children: [] },
      { id: 4, callFrame: cf('switchChunk', AGENT_URL), children: [5] },
      { id: 5, callFrame: cf('post', 'node:inspector'), children: [3] },
      { id: 3, callFrame: cf('dispatch', ''), children: [] },
    ],
    startTime: 0, endTime: leaves.length * 1000, samples: leaves, timeDeltas: leaves.map(() => 1000),
  };
  return timeProfile({ kind: 'continuous', epochOffsetMs: start, intervalUs: 1000, profile }, 'p.json');
}

test('the rule: the tool\'s own timed work or frames make a block the tool\'s', () => {
  assert.equal(isToolBlock(200, 190, 0, 50), true, '190 of 200 ms were our profiler: 10 ms left is no block');
  assert.equal(isToolBlock(200, 40, 0, 50), false, 'the app held the loop 160 ms besides our 40');
  assert.equal(isToolBlock(200, 0, 0.9, 50), true, 'most samples in our frames');
  assert.equal(isToolBlock(200, 0, 0.2, 50), false);
});

test('a block running the agent\'s frames is flagged, its frames are no call site', () => {
  const from = 1_000_000;
  // 0..99 ms: the agent (dispatch under switchChunk); 100..199 ms: the app's handler
  const profile = profileOf(from, [...Array(100).fill(3), ...Array(100).fill(2)]);
  const { blocks, topSites } = attributeBlocks(
    [{ startMs: 0, durationMs: 90 }, { startMs: 110, durationMs: 80 }], [profile], { from, cwd: '/app', thresholdMs: 50 });
  assert.equal(blocks[0].tool, true);
  assert.equal(blocks[0].toolBy, 'switchChunk (profile-chunks.cjs:1)', 'the agent\'s function most sampled in it');
  assert.equal(blocks[1].tool, undefined);
  assert.equal(blocks[1].stack?.[0].functionName, 'handler');
  assert.deepEqual(topSites.map((s) => s.functionName), ['handler'], 'the agent never shows as a call site');
});

test('a block covered by the agent\'s timed work is the tool\'s in the report, out of the verdict', () => {
  const from = 2_000_000;
  const agent = {
    pid: 1, summary: null, windows: [], gcPauses: [], memory: [], listens: [], marks: [], origins: [], notes: [], lastSeen: from + 2000,
    blocks: [{ t: from + 500, durationMs: 120 }, { t: from + 1500, durationMs: 80 }],
    toolStalls: [{ t: from + 502, durationMs: 115, what: 'profile chunk' }, { t: from + 1510, durationMs: 60, what: 'block capture start' }],
  };
  const report = buildReport({
    tool: { name: 'eventloop-probe', version: '0' },
    target: { script: 'a.js', args: [], nodeVersion: process.version, pid: 1, exitCode: 0, signal: null, port: null, listenAfterMs: null },
    mode: 'observe', spawnedAt: from - 1000, measureStart: from, measureEnd: from + 2000, stillRunningAtEnd: true, flushed: true,
    settings: {}, thresholdMs: 50, windowMs: 100, probe: null, load: null, agent, profiles: [], stacks: { mode: 'running', profile: false },
    cwd: '/app', notes: [], artifacts: {},
  });
  assert.deepEqual(report.blocks.map((b) => b.startMs), [1500], 'only the app\'s own block remains');
  // a watchdog capture's start is timed from its worker (an upper bound): shown, never used to disown
  assert.equal(report.blocks[0].captureMs, 60);
  assert.equal(report.blocking.count, 1);
  assert.equal(report.blocking.longestMs, 80);
  assert.equal(report.toolStalls.blocks.length, 1);
  assert.equal(report.toolStalls.blocks[0].toolMs, 115);
  assert.equal(report.toolStalls.blocks[0].by, 'profile chunk', 'its timed step');
  assert.equal(report.verdict.status, 'degraded', 'judged on the 80 ms block alone (below 2x the threshold)');
  assert.ok(report.notes.some((n) => /tool's own work \(120 ms at 500 ms; in profile chunk\)/.test(n)), JSON.stringify(report.notes));
});

test('profile chunks merge into one profile cut to the window, same paths sharing nodes', () => {
  const a = profileOf(5000, [2, 2, 3, 2]); // samples at 5001..5004
  const b = profileOf(5004, [2, 3, 3, 2]); // samples at 5005..5008
  const [merged] = mergeContinuous([a, b], 5002, 5007);
  assert.equal(merged.kind, 'continuous');
  assert.deepEqual([...merged.times].map((t) => Math.round(t)), [5002, 5003, 5004, 5005, 5006, 5007]);
  const names = merged.leaves.map((id) => merged.byId.get(id)?.callFrame.functionName);
  assert.deepEqual(names, ['handler', 'dispatch', 'handler', 'handler', 'dispatch', 'dispatch']);
  const handlers = merged.profile.nodes.filter((n) => n.callFrame.functionName === 'handler');
  assert.equal(handlers.length, 1, 'one node per call path across chunks');
  const deltas = merged.profile.timeDeltas ?? [];
  assert.equal(deltas.slice(1).every((d) => d === 1000), true);
});

test('a stall spent waiting for a CPU is the machine\'s, not the app\'s', async () => {
  const { splitByOwner, isStarved } = await import('../../src/analyze/ownership.js');
  assert.equal(isStarved(61, 55, 50), true, 'the loop ran 6 ms of a 61 ms stall');
  assert.equal(isStarved(200, 60, 50), false, 'the app ran 140 ms of it');
  assert.equal(isStarved(200, 0, 50), false);
  const split = splitByOwner([
    { startMs: 0, durationMs: 61, waitMs: 55 }, { startMs: 100, durationMs: 200, waitMs: 10 }, { startMs: 400, durationMs: 90, tool: true },
    // the samples taken while the thread waited fell on the first code it ran after: the tool's beat
    { startMs: 600, durationMs: 120, waitMs: 100, tool: true },
  ], 50);
  assert.deepEqual(split.app.map((b) => b.startMs), [100]);
  assert.deepEqual(split.starved.map((b) => b.startMs), [0, 600]);
  assert.deepEqual(split.tool.map((b) => b.startMs), [400]);
});

test('a collection on a crowded machine: the helpers\' wait for a CPU is the machine\'s, in the share the loop\'s thread waited', async () => {
  const { ownerOf, machineMs } = await import('../../src/analyze/ownership.js');
  const { verdict } = await import('../../src/analyze/verdict.js');
  // a control's stall on a loaded 2-core VM: a 62 ms collection in it, the thread ran 22 ms and waited 19
  const crowded = { startMs: 2267, durationMs: 84.55, waitMs: 18.85, runMs: 22.02, gcMs: 61.58, gcShare: 0.73, fix: 'allocation' };
  const helpers = (84.55 - 22.02 - 18.85) * (18.85 / (18.85 + 22.02));
  assert.ok(Math.abs(machineMs(crowded) - (18.85 + helpers)) < 1e-9);
  assert.equal(ownerOf(crowded, 50, { processThread: true }), 'starved');
  // a pause on a machine where the thread never waited: all of it the app's allocations
  const quiet = { ...crowded, waitMs: 0, runMs: 70 };
  assert.equal(machineMs(quiet), 0);
  assert.equal(ownerOf(quiet, 50, { processThread: true }), 'app');
  // no collection in it: the time the thread slept is no helper's (a synchronous wait stays the app's)
  const sleep = { ...crowded, gcMs: 0, gcShare: 0, fix: 'async-form', call: { kind: 'fs-sync' } };
  assert.equal(machineMs(sleep), 18.85);
  assert.equal(ownerOf(sleep, 50, { processThread: true }), 'app');
  // the verdict measures a block the same way (a clipped block: its share of the estimate)
  const report = {
    lag: { p99Ms: 10 }, blocking: { count: 1, longestMs: 120, fraction: 0.02 }, http: { probe: null },
    blocks: [{ durationMs: 120, waitMs: 30, runMs: 30, gcMs: 100, gcShare: 0.8 }],
  };
  const v = verdict(report, 50);
  assert.equal(v.status, 'degraded', v.reasons.join('; '));
  assert.match(v.reasons[0], /the longest 120 ms, 60 ms of it without the wait for a CPU/);
});

test('a sample is the tool\'s when its innermost code is the agent\'s, not when the agent is only below', async () => {
  const { isToolSample } = await import('../../src/analyze/attribution.js');
  const { kindOf } = await import('../../src/analyze/frames.js');
  const fr = (/** @type {string} */ name, /** @type {string} */ url) => ({ functionName: name, url, line: 1, column: 1, kind: kindOf(url, name) });
  const agent = path.join(AGENT_DIR, 'profile-chunks.cjs');
  assert.equal(isToolSample([fr('dispatch', ''), fr('post', 'node:inspector'), fr('switchChunk', agent)]), true);
  // run --scenario: the scenario's job runs under the agent's runner; the job is the work shown
  assert.equal(isToolSample([fr('update', ''), fr('work', '/p/scenarios/lib/job.cjs'), fr('next', path.join(AGENT_DIR, 'scenario-runner.cjs'))]), false);
  assert.equal(isToolSample([fr('handler', '/p/app.js')]), false);
});

test('a CPU profile asked for and missing says why, never a guess', async () => {
  const { buildReport } = await import('../../src/analyze/build-report.js');
  const base = (/** @type {object} */ over) => buildReport(/** @type {any} */ ({
    tool: { name: 'eventloop-probe', version: '0' }, target: { script: 'a.js', args: [], nodeVersion: 'v20', pid: 1, exitCode: null, signal: null, port: null, listenAfterMs: null },
    mode: 'observe', spawnedAt: 0, measureStart: 1000, measureEnd: 2000, stillRunningAtEnd: true, flushed: true,
    settings: {}, thresholdMs: 50, windowMs: 100, probe: null, load: null, notes: [], artifacts: {}, profiles: [],
    stacks: { mode: 'running', profile: true },
    agent: { key: '1', pid: 1, threadId: null, helloAt: 0, exits: [], outside: [], summary: null, blocks: [], windows: [], gcPauses: [], gcRuns: [], memory: [], listens: [], marks: [], origins: [], toolStalls: [], pool: [], poolCallers: [], blockRequests: [], notes: [], lastSeen: 2000 },
    ...over,
  }));
  const unanswered = base({ flushed: false });
  assert.match(unanswered.stacks.lost ?? '', /did not confirm it had written its data/);
  assert.ok(unanswered.notes.some((n) => n.startsWith('no CPU profile of the window: the agent did not confirm')));
  assert.match(base({ stillRunningAtEnd: false }).stacks.lost ?? '', /the app ended before/);
  assert.equal(base({ stacks: { mode: 'running', profile: false } }).stacks.lost, undefined, '--no-profile: nothing lost');
});

/**
 * A capture (profile of kind 'block') from epoch `from`: samples at the given ms, of the handler
 * (leaf 2) or of the agent (leaf 3, under its frames and node:inspector's post).
 * @param {number} from @param {number[]} times @param {number[]} leaves
 */
function captureOf(from, times, leaves) {
  return timeProfile({
    kind: 'block', epochOffsetMs: from, intervalUs: 1000,
    profile: {
      nodes: [
        { id: 1, callFrame: cf('(root)', ''), children: [2, 4] },
        { id: 2, callFrame: cf('handler', 'file:///app/server.js'), children: [] },
        { id: 4, callFrame: cf('beat', AGENT_URL), children: [5] },
        { id: 5, callFrame: cf('post', 'node:inspector'), children: [3] },
        { id: 3, callFrame: cf('dispatch', ''), children: [] },
      ],
      startTime: 0, endTime: 110_000, samples: leaves, timeDeltas: times.map((t, i) => (t - (times[i - 1] ?? 0)) * 1000),
    },
  }, 'capture');
}

test('on a crowded machine\'s sparse samples, the tool\'s own are never an owner or the culprit', () => {
  const from = 3_000_000;
  // a 100 ms block: the handler sampled at 5 and 20 ms; the agent's heartbeat (its frames over
  // node:inspector's post) at 90 ms, ending a 70 ms gap; and again at 104 ms, after the block ended
  const profile = captureOf(from, [5, 20, 90, 104], [2, 2, 3, 3]);
  // the production agent: its work on the app's thread is brief steps only
  const { blocks, coverage } = attributeBlocks([{ startMs: 0, durationMs: 100 }], [profile], { from, cwd: '/app', thresholdMs: 50, briefTool: true });
  const [b] = blocks;
  assert.equal(b.tool, undefined, 'the app\'s block');
  assert.equal(b.culprit?.functionName, 'handler');
  assert.deepEqual(b.owners?.map((o) => o.kind), ['app'], JSON.stringify(b.owners));
  assert.ok(b.samples?.every((s) => s.stack[0].functionName === 'handler'));
  assert.deepEqual(coverage, [{ samples: 2, firstMs: 5, lastMs: 20 }], 'the app\'s samples inside the block');
});

test('a late capture that caught one sample of the app and two of the agent: still the app\'s block', () => {
  const from = 4_000_000;
  const profile = captureOf(from, [95, 97, 99], [2, 3, 3]);
  const { blocks, coverage } = attributeBlocks([{ startMs: 0, durationMs: 100 }], [profile], { from, cwd: '/app', thresholdMs: 50, briefTool: true });
  assert.equal(blocks[0].tool, undefined, 'two samples of the agent stand for 2 ms of a 100 ms block');
  assert.deepEqual(coverage, [{ samples: 1, firstMs: 95, lastMs: 95 }]);
});

test('a production capture\'s heap walk, timed on the app\'s thread by its profile: a stall it made longer than the threshold is the tool\'s; a block that is long without it stays the app\'s', () => {
  const from = 3_000_000;
  // the handler's samples after the walk: the capture began 15 ms into the stall, walked the heap 167 ms
  const profile = profileOf(from + 182, Array(5).fill(2));
  const context = { from, cwd: '/app', thresholdMs: 50, briefTool: true, toolStalls: [{ t: from + 15, durationMs: 167, what: PROFILER_WALK }] };
  // a crowded machine's stall (131 ms of waiting for a CPU, 52 ms run, most of it the walk's)
  const { blocks: [walked] } = attributeBlocks([{ startMs: 0, durationMs: 182, waitMs: 131, runMs: 52 }], [profile], context);
  assert.equal(walked.tool, true);
  assert.equal(walked.toolBy, PROFILER_WALK);
  assert.equal(ownerOf(walked, 50, { processThread: true }), 'tool');
  const line = blockLine({ ...walked, t: from }, { pid: 1, loop: 'main', cwd: '/app', captured: 'partial', heldBy: 'tool' });
  assert.match(line.note, /^this 182 ms stall was mostly the stack capture's start that it set off \(V8's profiler walked the heap 167 ms of it, on the app's thread\)/);
  assert.equal(line.culprit, null);
  // the app's 400 ms block with the same walk in it: 233 ms are the app's, its block
  const { blocks: [long] } = attributeBlocks([{ startMs: 0, durationMs: 400 }], [profileOf(from + 182, Array(218).fill(2))], context);
  assert.equal(long.tool, undefined);
  assert.equal(long.toolMs, 167);
  assert.equal(ownerOf(long, 50, { processThread: true }), 'app');
});
