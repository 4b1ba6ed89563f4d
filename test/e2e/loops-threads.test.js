// Every loop diagnosed (--threads): a worker thread that hashes for a second per message, and one
// stuck in a busy loop for the whole window, each get their own row with the running stack, their
// own profile file, and the verdict names them while the main thread stays free.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isolatedRun } from '../isolated-run.js';
import { assertLoops, assertBlamed, blocksIn, longest } from '../loops.js';

test('--threads: the worker thread busy with /compute gets its own diagnosed row, and the verdict names it', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'thread-hash-server.js',
    args: (p) => ['run', p.app, '--route', '/compute', '--probe', '/', '-c', '2', '-d', '4', '--threads', '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assertLoops(report, run.out);
  const threads = report.loops.filter((/** @type {any} */ l) => l.kind === 'worker-thread');
  assert.equal(threads.length, 1, `the app's one worker thread, not our watchdog: ${report.loops.map((/** @type {any} */ l) => l.id)}`);
  const [thread] = threads;
  assertBlamed(thread, 'hashForAWhile', run.out);
  // the hashing is the thread's, never the main loop's
  assert.deepEqual(blocksIn(report.loops[0], 'hashForAWhile'), []);
  assert.equal(thread.verdict.status, 'blocked', JSON.stringify(thread.verdict));
  assert.equal(report.verdict.status, 'blocked');
  assert.equal(report.verdict.loop, thread.id);
  // the same thread in the older threads rows
  assert.deepEqual(report.threads.map((/** @type {any} */ r) => r.threadId), [thread.threadId]);
  await run.assertClean();
});

test('--threads: a worker thread stuck for the whole window is measured from outside, with the stack it is stuck in', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'thread-stuck-server.js',
    args: (p) => ['run', p.app, '--route', '/', '-c', '2', '-d', '3', '--threads', '--out', p.out],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assertLoops(report, run.out);
  const threads = report.loops.filter((/** @type {any} */ l) => l.kind === 'worker-thread');
  assert.equal(threads.length, 1, `the stuck thread has its row: ${report.loops.map((/** @type {any} */ l) => l.id)}`);
  const [thread] = threads;
  assert.equal(thread.fromOutside, true, JSON.stringify({ ...thread, blocks: thread.blocks.length }));
  assert.equal(thread.elu.source, 'outside');
  // spinForever runs from the thread's top-level code: its loop never turned (start-up)
  assertBlamed(thread, 'spinForever', run.out, 'startup');
  assert.equal(longest(thread).ongoing, true);
  // stuck from before the window to its end: the block covers most of the window
  assert.ok(longest(thread).durationMs >= report.run.durationMs * 0.8, `${longest(thread).durationMs} ms of a ${report.run.durationMs} ms window`);
  assert.equal(thread.verdict.status, 'blocked');
  assert.equal(report.verdict.status, 'blocked');
  assert.equal(report.verdict.loop, thread.id);
  assert.deepEqual(blocksIn(report.loops[0], 'spinForever'), []);
  assert.ok(report.http.probe.requests > 0, 'the main thread kept answering');
  await run.assertClean();
});
