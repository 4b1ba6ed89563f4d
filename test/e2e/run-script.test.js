// `run` against scripts that never listen: blocks of known lengths, crashes, threads, children.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, alive, assertBlockLength, blocksOfOthers } from '../helpers.js';

test('a script with three known blocks: exactly those, of their known lengths', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'blocks-script.js'), '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.schemaVersion, 1);
  assert.equal(report.run.mode, 'script');
  assert.equal(report.target.exitCode, 0);
  const expected = [120, 320, 210];
  assert.equal(report.blocks.length, 3, JSON.stringify(report.blocks));
  report.blocks.forEach((/** @type {any} */ b, /** @type {number} */ i) => {
    assertBlockLength(b, expected[i], `block ${i}`);
  });
  assert.ok(report.blocks[0].startMs < report.blocks[1].startMs && report.blocks[1].startMs < report.blocks[2].startMs);
  assert.ok(report.lag.maxMs >= 320 * 0.9, `lag.maxMs ${report.lag.maxMs}: at least the longest block's work`);
  assert.equal(report.blocking.count, 3);
  assert.equal(report.verdict.status, 'blocked');
  assert.ok(report.lag.samples > 50);
  assert.ok(!alive(report.target.pid));
});

test('a script that crashes: exit 3, the report still written with the exit code', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const crash = path.join(dir, 'crash.js');
  (await import('node:fs')).writeFileSync(crash, "setTimeout(() => { throw new Error('boom'); }, 300);\n");
  const r = await runBin(['run', crash, '--out', out], { cwd: dir });
  assert.equal(r.code, 3);
  assert.match(r.stderr, /exited with code 1/);
  assert.match(r.stderr, /Error: boom/);
  const report = readReport(out);
  assert.equal(report.target.exitCode, 1);
  assert.ok(report.run.durationMs > 200);
});

test('worker threads and child processes of the app get no agent of their own', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'threads-and-children.js'), '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  // The worker and the child block their own loops for 400 ms; those are never the main loop's.
  assert.deepEqual(blocksOfOthers(report), []);
  // No other process wrote agent data (any would have a row). Not the verdict: on a crowded
  // machine the OS alone can delay the idle main loop past T/2 and make it "degraded".
  assert.deepEqual(report.workers, []);
});
