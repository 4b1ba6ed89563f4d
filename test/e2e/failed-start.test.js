// A failed start is a failed run: an app that crashes at start, finds its port taken, exits or
// never listens gets no verdict and no tables; the terminal says what happened, shows the app's
// error line with its top frame and the log's path, and the tool exits 3; report.json says so in
// `failure`. A crash during the window keeps what the window saw.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { isolatedRun } from '../isolated-run.js';
import { ROOT } from '../helpers.js';

// npm, its scripts and `node` are this node (under the Node matrix too)
const THIS_NODE = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
const ENV_SERVER = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'env-server.js'), 'utf8');
const CRASH = "const express = require('node:http');\nconst config = require('./config.json');\nexpress.createServer().listen(process.env.PORT);\n";
const FIXED_PORT = (/** @type {number} */ port) => `require('node:http').createServer((q, s) => s.end()).listen(${port});\n`;

// npm (under Node 22+) keeps its compile cache in the temp folder
const NPM_TEMP = { tmpOfOthers: /^node-compile-cache$/ };

/** @param {Record<string, string>} scripts */
const packageJson = (scripts) => JSON.stringify({ name: 'app', version: '1.0.0', private: true, scripts }, null, 2);

/**
 * The checks every failed start shares.
 * @param {Awaited<ReturnType<typeof isolatedRun>>} run @param {{reason: string, line: RegExp, error?: RegExp | null, frame?: RegExp}} expected
 */
async function assertFailedStart(run, expected) {
  assert.equal(run.r.code, 3, run.r.stderr);
  const report = run.report();
  assert.equal(report.failure?.stage, 'start', JSON.stringify(report.failure));
  assert.equal(report.failure.reason, expected.reason);
  assert.equal(report.failure.log, 'target.log');
  assert.equal(report.verdict, null, 'no verdict');
  assert.deepEqual(report.loops, []);
  assert.doesNotMatch(run.r.stdout, /verdict|┌/, 'no tables of an empty window');
  const lines = run.r.stderr.trimEnd().split('\n').filter((l) => !/^npm warn/.test(l));
  assert.match(lines[0], /^eventloop-probe: /);
  assert.match(lines[0], expected.line);
  if (expected.error === null) assert.equal(report.failure.error, null);
  else if (expected.error) {
    assert.match(report.failure.error?.line ?? '', expected.error);
    assert.match(lines[1], expected.error, 'the app\'s error line, second');
  }
  if (expected.frame) {
    assert.match(report.failure.error?.frame ?? '', expected.frame);
    assert.match(lines[2], new RegExp(`^\\s+in .*${expected.frame.source}`));
  }
  assert.match(lines.at(-1) ?? '', new RegExp(`^  log: .*${path.basename(run.out)}/target\\.log$`));
  assert.doesNotMatch(run.r.stderr, /\n\s+at .*(eventloop-probe|src\/)/, 'no stack trace of ours');
  // the junit file fails the start, the summary says it
  assert.match(fs.readFileSync(path.join(run.out, 'junit.xml'), 'utf8'), /<testcase classname="eventloop-probe.app" name="the app starts"[^]*<failure /);
  assert.match(fs.readFileSync(path.join(run.out, 'summary.md'), 'utf8'), /failed to start/);
  await run.assertClean(NPM_TEMP);
  return report;
}

test('failed start: a module that throws while loading (Cannot find module), as a script', async (t) => {
  const run = await isolatedRun(t, { env: THIS_NODE, files: { 'app.js': CRASH }, args: ({ app, out }) => ['run', app, '--out', out] });
  await assertFailedStart(run, {
    reason: 'exited', line: /the app exited with code 1 after [\d.]+ s, before its event loop ever turned$/,
    error: /^\s*Error: Cannot find module '\.\/config\.json'/, frame: /app\.js:2:\d+/,
  });
  assert.deepEqual(run.report().toolStalls.blocks, [], 'no stall of the tool\'s own at the crash');
});

test('failed start: the same crash through npm start, routes asked for', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'app.js': CRASH, 'package.json': packageJson({ start: 'node app.js' }) },
    args: ({ out }) => ['run', '--route', '/', '--out', out, '--', 'npm', 'start'],
    timeoutMs: 90_000,
  });
  const report = await assertFailedStart(run, {
    reason: 'exited', line: /npm start exited with code 1 after [\d.]+ s without listening on a port$/,
    error: /Error: Cannot find module '\.\/config\.json'/, frame: /app\.js:2:\d+/,
  });
  assert.deepEqual(report.target.command, ['npm', 'start']);
});

test('failed start: the app\'s port is taken (EADDRINUSE)', async (t) => {
  const busy = net.createServer();
  await new Promise((resolve) => busy.listen(0, '127.0.0.1', () => resolve(undefined)));
  t.after(() => busy.close());
  const port = /** @type {net.AddressInfo} */ (busy.address()).port;
  const run = await isolatedRun(t, { env: THIS_NODE, files: { 'app.js': FIXED_PORT(port) }, args: ({ app, out }) => ['run', app, '--route', '/', '--out', out] });
  await assertFailedStart(run, {
    reason: 'port-in-use', line: /the app exited with code 1 after [\d.]+ s without listening on a port: its port is already in use/,
    error: /Error: listen EADDRINUSE: address already in use .*:\d+/, frame: /app\.js:1:\d+/,
  });
});

test('failed start: the app needs its .env and was started without it', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'server.js': ENV_SERVER, 'package.json': packageJson({ start: 'node server.js' }) },
    args: ({ out }) => ['run', '--out', out, '--', 'npm', 'start'],
    timeoutMs: 90_000,
  });
  await assertFailedStart(run, { reason: 'exited', line: /npm start exited with code 1/, error: /^\s*Error: DB_URL is not set/, frame: /server\.js:\d+:\d+/ });
});

test('failed start: a script of npm that does not exist', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'package.json': packageJson({ start: 'node server.js' }) },
    args: ({ out }) => ['run', '--out', out, '--', 'npm', 'run', 'dev'],
    timeoutMs: 90_000,
  });
  await assertFailedStart(run, { reason: 'exited', line: /npm run dev exited with code 1/, error: /npm error Missing script: "dev"/ });
});

test('failed start: a module that never listens, routes asked for', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'app.js': "require('node:fs');\nsetInterval(() => {}, 1000);\n" },
    args: ({ app, out }) => ['run', app, '--route', '/', '--listen-timeout', '1', '--out', out],
  });
  await assertFailedStart(run, { reason: 'never-listened', line: /did not listen on a port within --listen-timeout/, error: null });
});

test('failed start: a command none of whose processes listens', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'worker.js': 'setInterval(() => {}, 1000);\n', 'package.json': packageJson({ start: 'node worker.js' }) },
    args: ({ out }) => ['run', '--listen-timeout', '2', '--out', out, '--', 'npm', 'start'],
    timeoutMs: 90_000,
  });
  await assertFailedStart(run, { reason: 'never-listened', line: /no Node\.js process of npm start listened on a port within --listen-timeout/, error: null });
});

test('a crash inside the window is a failed run, not a failed start: the window keeps its verdict', async (t) => {
  const run = await isolatedRun(t, { env: THIS_NODE, fixture: 'crash-mid-run.js', args: ({ app, out }) => ['run', app, '--route', '/', '-c', '2', '-d', '3', '--out', out] });
  assert.equal(run.r.code, 3, run.r.stderr);
  const report = run.report();
  assert.equal(report.failure.stage, 'run');
  assert.equal(report.failure.reason, 'exited');
  assert.ok(report.verdict?.status, 'the window was judged');
  assert.match(run.r.stdout, /verdict: /);
  assert.match(run.r.stderr, /the app exited with code 1 after [\d.]+ s\n/);
  assert.match(run.r.stderr, /\n {2}log: .*target\.log\n?$/);
  await run.assertClean(NPM_TEMP);
});

test('run server.js -- --env-file=.env: the flag goes to the app, which fails without its .env; the tool says where node flags go', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'server.js': ENV_SERVER, '.env': 'DB_URL=postgres://localhost/app\n' },
    args: ({ out }) => ['run', 'server.js', '--out', out, '--', '--env-file=.env'],
  });
  assert.equal(run.r.code, 3, run.r.stderr);
  assert.match(run.r.stderr, /^eventloop-probe: --env-file=\.env is among the app's arguments \(after the app file\), so node does not see it; for node: --node-arg=--env-file=\.env, or run -- node --env-file=\.env server\.js\n/);
  assert.match(run.r.stderr, /\n {2}Error: DB_URL is not set\n/);
  assert.equal(run.report().failure.stage, 'start');
  assert.deepEqual(run.report().target.args, ['--env-file=.env']);
  await run.assertClean(NPM_TEMP);
});
