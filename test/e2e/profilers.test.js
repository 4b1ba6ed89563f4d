// --profiler 0x and --clinic <tool>: the app runs under the external profiler (installed here as
// devDependencies), the agent still measures, the profiler's HTML lands in the report folder and
// nothing is left behind: no process, no working file in the cwd or the report folder.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, readReport, tempDir, fixture, alive, FIXTURE_HELPER, blocksOfOthers } from '../helpers.js';

const LOAD = ['--route', '/', '-d', '1', '-c', '2', '--probe-interval', '100'];

/**
 * Runs the bin on a fixture copied into a temp folder.
 * @param {import('node:test').TestContext} t @param {string} app @param {string[]} args
 * @param {NodeJS.ProcessEnv} [env]
 */
async function profiled(t, app, args, env = {}) {
  const dir = tempDir(t);
  const script = fixture(app, dir);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', script, ...args, '--out', out], { cwd: dir, env, timeoutMs: 120_000 });
  return { dir, out, r };
}

/** Only the app (and its helper) and the report folder in the cwd; no working folders or logs in the report folder. @param {string} dir @param {string} app */
function assertNothingLeft(dir, app) {
  assert.deepEqual(fs.readdirSync(dir).filter((f) => f !== FIXTURE_HELPER).sort(), [app, 'out'].sort());
  const left = fs.readdirSync(path.join(dir, 'out')).filter((f) => f.startsWith('.') || /isolate|node_trace|\.clinic|\.0x/.test(f));
  assert.deepEqual(left, []);
}

/** @param {string} file */
function assertHtml(file) {
  const html = fs.readFileSync(file, 'utf8');
  assert.ok(html.length > 10_000, `${file} is only ${html.length} bytes`);
  assert.match(html.slice(0, 500).toLowerCase(), /<!doctype html|<html/);
}

/**
 * The flame graph has the function in it: V8 wrote the ticks of the run, not only of its start-up
 * (it stops the tick log 0x and clinic flame read while an inspector profiler runs).
 * @param {string} file @param {string} name
 */
function assertShows(file, name) {
  assert.ok(fs.readFileSync(file, 'utf8').includes(name), `${path.basename(file)} has no ${name}`);
}

/**
 * Under a profiler that reads V8's ticks, the agent's own profile is off and blocks are named from
 * its stack samples: some block's culprit is the function.
 * @param {any} report @param {string} name
 */
function assertSampledBlocks(report, name) {
  assert.equal(report.run.settings.profile, false);
  assert.ok(report.notes.some((/** @type {string} */ n) => n.includes('block stacks are stack samples')), JSON.stringify(report.notes));
  const named = report.blocks.filter((/** @type {any} */ b) => b.culprit?.functionName === name);
  assert.ok(named.length > 0, `no block named ${name}: ${JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.culprit?.functionName ?? null))}`);
}

test('--profiler 0x: its flame graph shows the app\'s work, the agent still measures and names the blocks from stack samples', async (t) => {
  // 3 s of load: under 0x's tick log, a crowded machine's 1 s window finished no request of 80 ms of CPU time
  const { dir, out, r } = await profiled(t, 'hot-route-server.js', [...LOAD.filter((a, i) => a !== '-d' && LOAD[i - 1] !== '-d'), '-d', '3', '--profiler', '0x']);
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.artifacts['0x'], '0x/flamegraph.html');
  assertHtml(path.join(out, report.artifacts['0x']));
  assertShows(path.join(out, report.artifacts['0x']), 'hotRoute');
  assert.ok(report.lag.samples > 0, 'the agent ran inside the app under 0x');
  assert.ok(report.http.load.requests > 0);
  assert.ok(report.notes.some((/** @type {string} */ n) => n.includes('under 0x')));
  assertSampledBlocks(report, 'hotRoute');
  assert.equal(alive(report.target.pid), false);
  assertNothingLeft(dir, 'hot-route-server.js');
});

test('--clinic doctor: doctor.html in the report folder', async (t) => {
  const { dir, out, r } = await profiled(t, 'http-server.js', [...LOAD, '--clinic', 'doctor']);
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.artifacts.clinic, 'clinic/doctor.html');
  assertHtml(path.join(out, 'clinic', 'doctor.html'));
  assert.ok(report.lag.samples > 0);
  assert.equal(alive(report.target.pid), false);
  assertNothingLeft(dir, 'http-server.js');
});

test('--clinic flame: flame.html in the report folder shows the app\'s work', async (t) => {
  const { dir, out, r } = await profiled(t, 'hot-route-server.js', [...LOAD, '--clinic', 'flame']);
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  // when clinic flame writes no report the tool says why in a note: this test fails with it
  assert.equal(report.artifacts.clinic, 'clinic/flame.html', `no flame.html: ${JSON.stringify(report.notes)}`);
  assertHtml(path.join(out, 'clinic', 'flame.html'));
  assertShows(path.join(out, 'clinic', 'flame.html'), 'hotRoute');
  assertSampledBlocks(report, 'hotRoute');
  assert.ok(report.lag.samples > 0);
  assert.equal(alive(report.target.pid), false);
  assertNothingLeft(dir, 'hot-route-server.js');
});

test('a script under 0x: its blocks are seen, its end is the app\'s end, its worker and child stay inert', async (t) => {
  const { dir, out, r } = await profiled(t, 'blocks-script.js', ['--profiler', '0x']);
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.run.mode, 'script');
  assert.deepEqual(report.blocks.map((/** @type {{durationMs: number}} */ b) => b.durationMs > 100), [true, true, true]);
  // the window ends with the app, before 0x has rendered its flame graph
  const windowEnd = Date.parse(report.run.startedAt) + report.run.durationMs;
  const rendered = fs.statSync(path.join(out, '0x', 'flamegraph.html')).mtimeMs;
  assert.ok(windowEnd < rendered, `the window ended ${Math.round(windowEnd - rendered)} ms after the flame graph was written`);
  assertShows(path.join(out, '0x', 'flamegraph.html'), 'blockB');
  assertNothingLeft(dir, 'blocks-script.js');

  const threads = await profiled(t, 'threads-and-children.js', ['--profiler', '0x']);
  assert.equal(threads.r.code, 0, threads.r.stderr);
  // The worker and the child block their own loops; only the app's loop is reported.
  assert.deepEqual(blocksOfOthers(readReport(threads.out)), []);
});

test('an app that crashes under a profiler: exit 3, and the profiler still reports', async (t) => {
  const { out, r } = await profiled(t, 'crash-mid-run.js', ['--route', '/', '-d', '2', '-c', '1', '--profiler', '0x']);
  assert.equal(r.code, 3, r.stderr);
  assert.match(r.stderr, /exited with code 1/);
  const report = readReport(out);
  assert.equal(report.target.exitCode, 1);
  assert.equal(report.artifacts['0x'], '0x/flamegraph.html');
});

test('profiler not installed: one line with the install hint, exit 2, nothing written', async (t) => {
  const empty = tempDir(t);
  for (const [args, hint] of [[['--profiler', '0x'], 'npm install --save-dev 0x'], [['--clinic', 'doctor'], 'npm install --save-dev clinic']]) {
    const { dir, r } = await profiled(t, 'http-server.js', [...LOAD, ...args], { EVENTLOOP_PROBE_RESOLVE_FROM: empty });
    assert.equal(r.code, 2, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.ok(r.stderr.includes(hint), r.stderr);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
    assert.deepEqual(fs.readdirSync(dir), ['http-server.js']);
  }
});

test('bad --profiler / --clinic values and both at once are usage errors', async (t) => {
  for (const args of [['--profiler', 'perf'], ['--clinic', 'heapprofiler'], ['--profiler', '0x', '--clinic', 'doctor']]) {
    const { r } = await profiled(t, 'http-server.js', [...LOAD, ...args]);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.doesNotMatch(r.stderr, /\n\s+at /);
  }
});
