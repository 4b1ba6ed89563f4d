// Samples that end in the app's function, with nothing under it (V8's profiler left out Node's
// processTicksAndRejections, compiled before the capture began): the block's witnesses give back
// what ran under that function, and the block reads as the nextTick recursion it was. A continuation
// V8 resumed (the witnesses show nothing under it either), one witness, or witnesses that had the
// app's async callers under it: nothing is added.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rooted } from '../../src/analyze/rootless-samples.js';
import { blameBlock } from '../../src/analyze/attribution.js';

const APP = '/srv/app.js';
/** @param {string} functionName @param {string} url @param {number} line */
const f = (functionName, url, line) => ({ functionName, url, line, column: 1, kind: /** @type {const} */ (url.startsWith('node:') ? 'node' : 'app') });
const work = f('work', APP, 14);
const step = f('step', APP, 31);
const ticks = f('processTicksAndRejections', 'node:internal/process/task_queues', 77);
const again = f('awaitKind', APP, 22);
/** @param {import('../../src/analyze/frames.js').Frame[][]} stacks */
const samplesOf = (stacks) => stacks.map((frames, i) => ({ t: i, weightMs: 1, frames }));
const cause = (/** @type {any[]} */ samples) => [...blameBlock(samples, samples.length).causes.entries()].sort((a, b) => b[1] - a[1])[0][0];

test('a nextTick recursion whose samples end in the app\'s function: the witnesses give back Node\'s queue under it, and the cause is nextTick', () => {
  const samples = samplesOf([...Array(8).fill([work, f('step', APP, 31)]), ...Array(4).fill([f('step', APP, 30)])]);
  assert.equal(cause(samples), 'microtask', 'what the profile alone says');
  const witnesses = samplesOf([[work, step, ticks], [f('now', 'node:internal/perf/performance', 137), step, ticks], [step, ticks]]);
  const out = rooted(samples, witnesses);
  assert.ok(out.every((s) => s.frames[s.frames.length - 1] === ticks), JSON.stringify(out.map((s) => s.frames.map((x) => x.functionName))));
  assert.equal(out[0].frames[0], work, 'the frames above are the sample\'s own');
  assert.equal(cause(out), 'nextTick');
});

test('a continuation V8 resumed, a single witness, or witnesses with only the app\'s async callers under it: the samples stay as they are', () => {
  const samples = samplesOf(Array(6).fill([work, again]));
  // the witnesses show nothing under it either
  const resumed = samplesOf([[work, again], [again], [work, again, ticks]]);
  assert.deepEqual(rooted(samples, resumed).map((s) => s.frames.length), Array(6).fill(2));
  // one witness does not decide
  assert.deepEqual(rooted(samples, samplesOf([[work, again, ticks]])).map((s) => s.frames.length), Array(6).fill(2));
  // the app's async callers under it, no frame of Node's: nothing to give back
  const callers = samplesOf([[work, again, f('handle', APP, 40)], [again, f('handle', APP, 40)]]);
  assert.deepEqual(rooted(samples, callers).map((s) => s.frames.length), Array(6).fill(2));
  // samples with Node's frames under them already are never touched
  const whole = samplesOf(Array(3).fill([work, step, ticks]));
  assert.equal(rooted(whole, samplesOf([[step, ticks], [step, ticks]])), whole);
});

test('a function the witnesses never caught (a clock read between two turns of the hot loop): Node\'s frames three witnesses agree on under the app\'s code, and none if one had nothing under it', () => {
  const clock = f('cpuNowMs', '/srv/cpu-busy.cjs', 7);
  const samples = samplesOf(Array(5).fill([f('readFileSync', 'node:fs', 441), clock]));
  const spin = f('spin', APP, 19);
  const witnesses = samplesOf([[spin, step, ticks], [spin, step, ticks], [step, ticks]]);
  const out = rooted(samples, witnesses);
  assert.ok(out.every((s) => s.frames.length === 3 && s.frames[2] === ticks), JSON.stringify(out.map((s) => s.frames.map((x) => x.functionName))));
  assert.equal(cause(out), 'nextTick');
  // two witnesses do not make it
  assert.deepEqual(rooted(samples, witnesses.slice(0, 2)).map((s) => s.frames.length), Array(5).fill(2));
  // one witness with the app's code and nothing under it: V8 resumed continuations in this block
  assert.deepEqual(rooted(samples, [...witnesses, ...samplesOf([[again]])]).map((s) => s.frames.length), Array(5).fill(2));
});

test('a sample that ends in a function of Node\'s the witnesses caught over the app\'s code (a getter Node defines lazily): their frames under it; a function of Node\'s they never caught, had at the bottom, or had over Node\'s frames alone, stays as it is', () => {
  const getter = f('get', 'node:internal/util', 638);
  const clock = f('', '/srv/cpu-busy.cjs', 23);
  const read = f('readFileSync', 'node:fs', 473);
  const samples = samplesOf([...Array(4).fill([getter]), ...Array(3).fill([f('readFileUtf8', '', 0), read])]);
  const witnesses = samplesOf([[getter, clock, step, ticks], [getter, clock, step, ticks], [getter, clock, step, ticks], [f('cpuNowMs', '/srv/cpu-busy.cjs', 7), clock, step, ticks]]);
  const out = rooted(samples, witnesses);
  assert.deepEqual(out.slice(0, 4).map((s) => s.frames.map((x) => x.functionName)), Array(4).fill(['get', '', 'step', 'processTicksAndRejections']));
  assert.deepEqual(out.slice(4).map((s) => s.frames.length), [2, 2, 2], 'readFileSync: no witness caught it, and Node\'s frames are never guessed');
  // Node's queue itself, at the bottom of the witnesses too: nothing added
  const queue = samplesOf(Array(3).fill([ticks]));
  assert.equal(rooted(queue, samplesOf([[ticks], [ticks], [step, ticks]])), queue);
  // Node's callback from V8 under the microtask queue, no code of the app's or a package's under it: nothing added
  const handler = f('promiseRejectHandler', 'node:internal/process/promises', 181);
  const micro = f('runMicrotasks', 'node:internal/process/task_queues', 0);
  const rejections = samplesOf(Array(3).fill([handler]));
  assert.equal(rooted(rejections, samplesOf(Array(3).fill([handler, micro, ticks]))), rejections);
  // a sample with no frame at all
  const empty = samplesOf([[]]);
  assert.equal(rooted(empty, witnesses), empty);
});
