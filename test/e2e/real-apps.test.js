// Real apps in the default mode: the tool never shows up in what it measures. A NestJS app (a
// framework that compiles a lot at start-up) and a server that loads the TypeScript compiler
// (a large app) are responsive run after run, and no stall of ours is blamed on them.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES } from '../helpers.js';

const APPS = path.join(FIXTURES, 'real-apps');
const THRESHOLD = 50;

/**
 * One run, and what must hold of it: responsive, no block, no frame of our agent anywhere.
 * @param {import('node:test').TestContext} t @param {string} app @param {string[]} extra
 */
async function responsiveRun(t, app, extra = []) {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(APPS, app), '--route', '/', '--probe', '/health', '-c', '2', '-d', '3', '--out', out, ...extra], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  const explain = JSON.stringify({ verdict: report.verdict, blocks: report.blocks, lag: report.lag.maxMs, machine: report.machine, notes: report.notes });
  assert.equal(report.verdict.status, 'responsive', explain);
  assert.deepEqual(report.blocks, [], explain);
  assert.ok(report.lag.maxMs < THRESHOLD, explain);
  assert.ok(report.http.load.requests > 0 && report.http.probe.requests > 0);
  const agentDir = `${path.sep}src${path.sep}agent${path.sep}`;
  const frames = [...report.blocks.flatMap((/** @type {any} */ b) => b.stack ?? []), ...report.topSites, ...(report.warmup?.blocks ?? []).flatMap((/** @type {any} */ b) => b.stack ?? [])];
  assert.ok(!frames.some((f) => String(f.url).includes(agentDir)), 'no frame of the agent is blamed');
  return report;
}

test('a server that loaded the TypeScript compiler: responsive 3 times in the default mode, the profiler\'s start-up cost before the load', async (t) => {
  for (let i = 0; i < 3; i++) {
    const report = await responsiveRun(t, 'compiles-typescript.js');
    assert.equal(report.profile.file, 'profile.cpuprofile');
    // the start-up part of the profile is dropped before the load starts, never inside the window
    assert.ok(report.toolStalls.beforeLoadMs > 0, JSON.stringify(report.toolStalls));
    assert.equal(report.toolStalls.stallsInWindow, 0, JSON.stringify(report.toolStalls));
    assert.ok(report.warmup.durationMs >= 900, 'a warm-up of 1 s comes first');
  }
});

test('the same server with --no-profile: responsive', async (t) => {
  const report = await responsiveRun(t, 'compiles-typescript.js', ['--no-profile']);
  assert.equal(report.profile, null);
});

test('a NestJS app: responsive 3 times in the default mode', async (t) => {
  for (let i = 0; i < 3; i++) {
    const report = await responsiveRun(t, 'nest-app.js');
    assert.equal(report.toolStalls.stallsInWindow, 0);
  }
});
