// `run` against servers: load, probe, CommonJS/ESM/express, NODE_OPTIONS, failures.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, alive } from '../helpers.js';

test('a responsive server under load: load and probe measured, every probe answered, the loop free', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'http-server.js'), '--route', '/', '-d', '2', '-c', '4', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.equal(report.run.mode, 'load');
  assert.ok(report.target.port > 0);
  // 4 connections back to back against a hello server outrun a probe sent every 50 ms
  assert.ok(report.http.probe.requests > 0, `probe requests ${report.http.probe.requests}`);
  assert.ok(report.http.load.requests > report.http.probe.requests, `load ${report.http.load.requests} vs probe ${report.http.probe.requests}`);
  assert.equal(report.http.probe.errors, 0);
  assert.equal(report.http.probe.timeouts, 0);
  // The server never blocks: a stall here is the shared machine's, rare and short. (How fast it
  // answers is a benchmark's question, not a test's: bench/.)
  assert.ok(report.blocking.fraction < 0.5, `blocked ${report.blocking.fraction}`);
  assert.ok(report.run.durationMs >= 1900, `duration ${report.run.durationMs}`);
  assert.ok(report.timeline.points.length >= 19);
  assert.ok(report.timeline.points.some((/** @type {any} */ p) => p.requests > 0));
  assert.ok(!alive(report.target.pid));
});

test('an express server with a blocking handler: blocks found, verdict blocked', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'express-blocking.js'), '--route', '/slow', '--probe', '/', '-d', '2', '-c', '4', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.ok(report.blocking.count > 0);
  assert.ok(report.blocking.longestMs >= 75, `longest ${report.blocking.longestMs}`);
  assert.ok(report.http.probe.p50Ms >= 40, `probe p50 ${report.http.probe.p50Ms}`);
  assert.equal(report.verdict.status, 'blocked');
  assert.ok(report.cpu.userMs > 0);
});

test('an ES module with top-level await is measured like any server', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'esm-server.mjs'), '--route', '/', '-d', '1', '-c', '2', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const report = readReport(out);
  assert.ok(report.http.load.requests > 100);
  assert.ok(report.target.listenAfterMs >= 150, `listenAfterMs ${report.target.listenAfterMs}`);
  assert.match(fs.readFileSync(path.join(out, 'target.log'), 'utf8'), /esm listening/);
});

test('the user\'s own NODE_OPTIONS survives, and PORT is given when unset', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'env-report.js'), '--route', '/', '-d', '0.5', '--out', out], {
    cwd: dir, env: { NODE_OPTIONS: '--title=probe-fixture-title', PORT: '' },
  });
  assert.equal(r.code, 0, r.stderr);
  const seen = JSON.parse(fs.readFileSync(path.join(out, 'target.log'), 'utf8').split('\n')[0]);
  assert.equal(seen.title, 'probe-fixture-title');
  assert.match(seen.nodeOptions, /--require .*preload\.cjs.* --title=probe-fixture-title$/);
  assert.ok(Number(seen.port) > 0);
  assert.equal(readReport(out).target.port, Number(seen.port));
});

test('--json prints report.json on stdout and nothing else', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'http-server.js'), '--route', '/', '-d', '0.5', '--json', '--out', out], { cwd: dir });
  assert.equal(r.code, 0, r.stderr);
  const printed = JSON.parse(r.stdout);
  assert.deepEqual(printed, readReport(out));
  assert.match(r.stderr, /event-loop delay/);
});

test('a server that crashes mid-run: exit 3, report of what was seen', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const r = await runBin(['run', path.join(FIXTURES, 'crash-mid-run.js'), '--route', '/', '-d', '3', '--out', out], { cwd: dir });
  assert.equal(r.code, 3);
  assert.match(r.stderr, /exited with code 1/);
  const report = readReport(out);
  assert.equal(report.target.exitCode, 1);
  assert.ok(report.http.load.requests > 0);
  assert.ok(report.run.durationMs < 3000, `window ${report.run.durationMs} ms: it ended with the app, before --duration`);
});

test('routes asked for but the app never listens: exit 3 after --listen-timeout', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'out');
  const started = Date.now();
  const r = await runBin(['run', path.join(FIXTURES, 'never-listens.js'), '--route', '/', '--listen-timeout', '1', '--out', out], { cwd: dir });
  assert.equal(r.code, 3);
  assert.match(r.stderr, /did not listen on a port within --listen-timeout/);
  assert.ok(Date.now() - started < 8000);
  assert.ok(!alive(readReport(out).target.pid));
});
