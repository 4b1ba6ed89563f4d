// Real apps in the default mode: the tool never shows up in what it measures. A NestJS app (a
// framework that compiles a lot at start-up) and a server that loads the TypeScript compiler
// (a large app), run after run: no stall of ours inside the window and none blamed on them, every
// stall the machine caused kept apart. How responsive they are on a quiet machine (no block,
// verdict, lag) is bench/real-apps.js's question: a busy machine decides that here.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES } from '../helpers.js';

const APPS = path.join(FIXTURES, 'real-apps');

/**
 * One run, and what must hold of it on any machine. (A crowded machine loaded the TypeScript compiler
 * in more than the 15 s the tool waits for a port by default: the run waits 60.)
 * @param {import('node:test').TestContext} t @param {string} app @param {string[]} extra
 */
async function measuredRun(t, app, extra = []) {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(APPS, app), '--route', '/', '--probe', '/health', '-c', '2', '-d', '3', '--out', out, '--listen-timeout', '60', ...extra], { cwd: dir, timeoutMs: 120_000 });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  const T = report.run.thresholdMs;
  const explain = JSON.stringify({ verdict: report.verdict, blocks: report.blocks, machine: report.machine, toolStalls: report.toolStalls, notes: report.notes });
  assert.ok(report.http.load.requests > 0 && report.http.probe.requests > 0);
  // a stall of its loop is the app's (it ran the threshold or more on a CPU: on a crowded machine a
  // collection or a batch of requests can) or the machine's (it waited for a CPU and ran less),
  // kept apart; none is ours
  for (const b of report.blocks) {
    assert.ok(!b.tool && (b.waitMs === undefined || b.durationMs - b.waitMs >= T), `a block that ran ${b.durationMs - (b.waitMs ?? 0)} ms: ${explain}`);
  }
  // the machine's: it ran less than the threshold on a CPU (the rest it waited for one, or the
  // system held the thread without running it)
  for (const s of report.machine.starvedBlocks) {
    const ran = s.runMs ?? s.durationMs - s.waitMs;
    assert.ok(ran < T, `a starved stall that ran ${ran} ms: ${explain}`);
  }
  // nothing of ours in the window (the warm-up before it is not judged), and no frame of our
  // agent blamed anywhere
  assert.equal(report.toolStalls.stallsInWindow, 0, `stalls of ours in the window: ${explain}`);
  // the watchdog starts a capture only inside a stall already under way (a block, the machine's or ours)
  const stalls = report.blocks.length + report.machine.starvedBlocks.length + report.toolStalls.blocks.length;
  assert.ok(report.toolStalls.captureStarts.inWindow <= stalls, explain);
  // (what failed first in the message: CI shows the start of it)
  const ours = report.toolStalls.blocks.filter((/** @type {any} */ b) => b.startMs >= 0);
  assert.deepEqual(ours, [], `blocks of ours in the window ${JSON.stringify(ours)}: ${explain}`);
  const agentDir = `${path.sep}src${path.sep}agent${path.sep}`;
  const frames = [...report.topSites, ...[...report.blocks, ...(report.warmup?.blocks ?? [])].flatMap((/** @type {any} */ b) => [...(b.stack ?? []), ...(b.culprit ? [b.culprit] : [])])];
  assert.ok(!frames.some((f) => String(f.url).includes(agentDir)), 'no frame of the agent is blamed');
  return report;
}

test('a server that loaded the TypeScript compiler, 3 times in the default mode: the profiler\'s start-up cost before the load, nothing of ours in the window', async (t) => {
  for (let i = 0; i < 3; i++) {
    const report = await measuredRun(t, 'compiles-typescript.js');
    assert.equal(report.profile.file, 'profile.cpuprofile');
    // the start-up part of the profile is dropped before the load starts, never inside the window
    assert.ok(report.toolStalls.beforeLoadMs > 0, JSON.stringify(report.toolStalls));
    assert.ok(report.warmup.durationMs >= 900, 'a warm-up of 1 s comes first');
  }
});

test('the same server with --no-profile', async (t) => {
  const report = await measuredRun(t, 'compiles-typescript.js', ['--no-profile']);
  assert.equal(report.profile, null);
});

test('a NestJS app, 3 times in the default mode', async (t) => {
  for (let i = 0; i < 3; i++) await measuredRun(t, 'nest-app.js');
});
