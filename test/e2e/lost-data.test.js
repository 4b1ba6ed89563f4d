// No error is lost: each way the agent can lose data is forced from outside the agent (a preload
// of the app's, test/fixtures/fault-inject.cjs), and the report says what was lost and why, in a
// note and in a field, never a guess.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES } from '../helpers.js';

const FAULT = path.join(FIXTURES, 'fault-inject.cjs');

/**
 * `run` of a fixture with a fault preloaded into the app.
 * @param {import('node:test').TestContext} t @param {string} fault @param {string} app @param {string[]} args
 */
async function runWithFault(t, fault, app, args) {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const result = await runBin(['run', `--node-arg=--require=${FAULT}`, '-o', out, ...args, path.join(FIXTURES, app)], {
    cwd: dir, env: { ELP_FAULT: fault }, timeoutMs: 90_000,
  });
  return { result, report: readReport(out) };
}

test('an inspector error mid-run: the watchdog says each failed capture, and when it gave up', async (t) => {
  // without the CPU profile, the watchdog's captures are the blocks' only stacks
  const { result, report } = await runWithFault(t, 'capture', 'blocks-script.js', ['--no-profile', '-d', '10']);
  assert.equal(result.code, 0, result.stderr);
  assert.ok(report.blocks.length >= 1, `${report.blocks.length} blocks`);
  assert.ok(report.notes.includes('a stack capture failed (forced inspector error): a block then may have no watchdog stack'), report.notes.join('\n'));
  assert.ok(report.notes.includes('the stack watchdog stopped after 3 failed captures (forced inspector error): later blocks have no watchdog stack'), report.notes.join('\n'));
  assert.equal(report.stacks.source, 'none', 'no stack was captured');
  assert.equal(report.blocks[0].culprit, null, 'no block is blamed on a guess');
  assert.match(report.blocks[0].advice, /no stack sample fell inside this block/);
});

test('a throwing command handler: the failed stop is a note, and the agent\'s other parts still stop and keep their data', async (t) => {
  const { result, report } = await runWithFault(t, 'stop', 'http-server.js', ['--route', '/', '-c', '1', '-d', '1', '--warmup', '0']);
  assert.equal(result.code, 0, result.stderr);
  assert.ok(report.notes.includes("the agent failed handling 'stop' inside the app (forced fault in stop): its last data (the CPU profile among it) may be missing; please report it"), report.notes.join('\n'));
  // the step that threw came first: the profiler, the watchdog and the timers were stopped after it
  assert.ok(report.profile, 'the CPU profile was written all the same');
  assert.equal(report.stacks.source, 'profile');
  assert.equal(report.stacks.lost, undefined);
});

test('a profile that never arrives: the agent says the profiler failed, and the report why the profile is missing', async (t) => {
  const { result, report } = await runWithFault(t, 'profile', 'http-server.js', ['--route', '/', '-c', '1', '-d', '1', '--warmup', '0']);
  assert.equal(result.code, 0, result.stderr);
  const lost = 'the CPU profile of the window was lost: the profiler\'s stop failed (forced profiler error)';
  assert.equal(report.profile, null);
  assert.equal(report.stacks.lost, lost);
  assert.ok(report.notes.includes(lost), report.notes.join('\n'));
  assert.ok(report.notes.includes(`no CPU profile of the window: ${lost}; blocks are named from the watchdog's captures where there are some`), report.notes.join('\n'));
});
