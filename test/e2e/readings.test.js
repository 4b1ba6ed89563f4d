// Readings of ordinary runs that must add up: a module's start-up (before its loop's first turn)
// is neither lag nor a block, the tool's own exit work is not a stall, and the utilisation's mean
// is never above its max.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBin, readReport, tempDir, fixture } from '../helpers.js';

/** @param {any} report */
function assertConsistent(report) {
  assert.ok(report.elu.mean <= report.elu.max, `ELU mean ${report.elu.mean} above max ${report.elu.max}`);
  assert.deepEqual(report.toolStalls.blocks, [], 'no stall of the tool\'s own');
  assert.ok(!report.notes.some((/** @type {string} */ n) => /please report it/.test(n)), report.notes.join('\n'));
}

test('a module that does nothing: its start-up is reported apart, not as lag or a block', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', fixture('idle-module.js', dir), '-d', '1', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.run.mode, 'script');
  assert.ok(report.run.startupMs >= 400 * 0.9, `start-up ${report.run.startupMs} ms`);
  assert.deepEqual(report.blocks, [], 'the start-up is no block');
  assert.ok(report.lag.maxMs < report.run.startupMs, `lag max ${report.lag.maxMs} ms holds the start-up of ${report.run.startupMs} ms`);
  assert.match(r.stdout, /start-up \d+ ms before the loop's first turn \(the main module\), not judged/);
  assertConsistent(report);
});

test('a plain module: a short window that adds up, no stall of the tool\'s', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', fixture('plain-module.js', dir), '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.target.exitCode, 0);
  assert.equal(typeof report.run.startupMs, 'number');
  assert.deepEqual(report.blocks, []);
  assertConsistent(report);
});
