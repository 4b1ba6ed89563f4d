// Every loop diagnosed (node:cluster): workers that block in a named handler each get a row with
// the running stack and their own profile, the verdict names the worst worker, and a worker that
// dies mid-run keeps its row (exit code) beside its replacement.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isolatedRun } from '../isolated-run.js';
import { assertLoops, assertBlamed, blocksIn } from '../loops.js';

/** @param {{pids: () => number[]}} run @param {any} report */
const workerPids = (run, report) => run.pids().filter((pid) => pid !== report.target.pid).sort((a, b) => a - b);

/**
 * The app's output holds nothing the tool caused: a process that exits while an inspector session
 * is attached prints "Waiting for the debugger to disconnect..." (cluster workers exit through
 * process.exit, their own or cluster's when the primary goes).
 * @param {string} out
 */
function assertQuietLog(out) {
  const log = fs.readFileSync(path.join(out, 'target.log'), 'utf8');
  assert.doesNotMatch(log, /Waiting for the debugger|Debugger (listening|attached)/, log);
}

test('cluster: each worker blocking in slowHandler gets its own diagnosed row; the verdict and a workers budget name it', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'cluster-slow-server.js',
    args: (p) => ['run', p.app, '--route', '/slow', '--probe', '/', '-c', '2', '-d', '4', '--fail-on', 'workers.blocks.count>0', '--out', p.out],
  });
  assert.equal(run.r.code, 1, `the budget fails: ${run.r.stderr}`);
  const report = run.report();
  assertLoops(report, run.out);
  const pids = workerPids(run, report);
  assert.equal(pids.length, 2);
  const workers = report.loops.filter((/** @type {any} */ l) => l.kind === 'cluster-worker');
  assert.deepEqual(workers.map((/** @type {any} */ l) => l.pid), pids);
  assert.deepEqual(report.workers.map((/** @type {any} */ w) => w.pid), pids, 'the workers rows as before');
  const blocking = workers.filter((/** @type {any} */ l) => l.blocks.length > 0);
  assert.ok(blocking.length > 0, JSON.stringify(workers.map((/** @type {any} */ l) => ({ id: l.id, blocking: l.blocking }))));
  for (const loop of blocking) assertBlamed(loop, 'slowHandler', run.out);
  // the primary only hands out connections
  assert.deepEqual(blocksIn(report.loops[0], 'slowHandler'), []);
  assert.equal(report.verdict.status, 'blocked', JSON.stringify(report.verdict));
  assert.ok(blocking.some((/** @type {any} */ l) => l.id === report.verdict.loop), `verdict.loop ${report.verdict.loop}`);
  for (const loop of workers) assert.deepEqual(loop.life.exitCode, null, `${loop.id} did not die in the window`);
  // an any-loop budget: the worst worker's value, and which worker it is
  const [budget] = report.budgets;
  assert.equal(budget.ok, false, JSON.stringify(budget));
  const named = workers.find((/** @type {any} */ l) => l.id === budget.loop);
  assert.ok(named, `budget.loop ${budget.loop}`);
  assert.equal(budget.actual, Math.max(...workers.map((/** @type {any} */ l) => l.blocking.count)));
  assert.equal(named.blocking.count, budget.actual);
  await run.assertClean();
  assertQuietLog(run.out);
});

test('cluster: a worker that exits with code 3 mid-run keeps its row beside the replacement', async (t) => {
  const run = await isolatedRun(t, {
    fixture: 'cluster-replaced-worker.js',
    args: (p) => ['run', p.app, '--route', '/', '-c', '2', '-d', '4', '--out', p.out],
  });
  // a worker's death is the app's business while the primary keeps serving
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assertLoops(report, run.out);
  const pids = workerPids(run, report);
  assert.equal(pids.length, 3, 'two workers and one replacement');
  const workers = report.loops.filter((/** @type {any} */ l) => l.kind === 'cluster-worker');
  assert.deepEqual(workers.map((/** @type {any} */ l) => l.pid), pids);
  const dead = workers.filter((/** @type {any} */ l) => l.life.exitCode !== null);
  assert.deepEqual(dead.map((/** @type {any} */ l) => l.life.exitCode), [3], JSON.stringify(workers.map((/** @type {any} */ l) => ({ id: l.id, life: l.life }))));
  const [gone] = dead;
  assert.ok(gone.life.endMs !== null && gone.life.endMs >= 0 && gone.life.endMs <= report.run.durationMs, `died inside the window: ${JSON.stringify(gone.life)}`);
  assert.ok(gone.lag.samples > 0, `what it saw before it died: ${JSON.stringify(gone.lag)}`);
  // the replacement started after the window began (the primary forked it when the first died)
  const forked = run.pids().filter((pid) => pid !== report.target.pid);
  const replacement = workers.find((/** @type {any} */ l) => l.pid === forked[2]);
  assert.ok(replacement.life.startMs !== null && replacement.life.startMs >= 0, JSON.stringify(replacement.life));
  assert.equal(replacement.life.exitCode, null);
  assert.ok(report.loops.map((/** @type {any} */ l) => l.id).includes(report.verdict.loop));
  await run.assertClean();
  assertQuietLog(run.out);
});
