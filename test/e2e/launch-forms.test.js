// Starting the app the way its team starts it: `run -- npm start` (a real npm running a script
// with node --env-file), `run -- node <flags> app.js`, the short form with --node-arg, TypeScript
// through `--import tsx` and through `npx tsx`. Only the Node.js process that serves is measured
// (never npm, sh or tsx's launcher); nothing is left behind.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isolatedRun } from '../isolated-run.js';
import { ROOT } from '../helpers.js';

// npm, its scripts and `node` are this node (under the Node matrix too)
const THIS_NODE = { PATH: `${path.dirname(process.execPath)}${path.delimiter}${process.env.PATH}` };
const ENV_SERVER = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'env-server.js'), 'utf8');
const TS_SERVER = fs.readFileSync(path.join(ROOT, 'test', 'fixtures', 'ts-server.ts'), 'utf8');
const LOAD = ['-d', '1', '-c', '2', '--warmup', '0.5'];
// what tools of the app keep in the temp folder: tsx its compiled files, npm (under Node 22+) its compile cache
const TOOLS_TEMP = { tmpOfOthers: /^(tsx-|node-compile-cache$)/ };

/** @param {Record<string, string>} scripts */
const packageJson = (scripts) => JSON.stringify({ name: 'app', version: '1.0.0', private: true, scripts }, null, 2);

/** tsx, as the app's own dependency: linked from this repository's node_modules. @param {string} work */
function linkTsx(work) {
  fs.mkdirSync(path.join(work, 'node_modules', '.bin'), { recursive: true });
  fs.symlinkSync(path.join(ROOT, 'node_modules', 'tsx'), path.join(work, 'node_modules', 'tsx'));
  fs.symlinkSync(path.join('..', 'tsx', 'dist', 'cli.mjs'), path.join(work, 'node_modules', '.bin', 'tsx'));
}

/**
 * The TypeScript app with tsx installed, run by `command`.
 * @param {import('node:test').TestContext} t @param {string[]} options the tool's @param {string[]} command
 */
function tsApp(t, options, command) {
  return isolatedRun(t, {
    env: THIS_NODE,
    files: { 'src/server.ts': TS_SERVER, 'package.json': packageJson({}) },
    prepare: linkTsx,
    args: ({ out }) => ['run', ...options, ...LOAD, '--out', out, '--', ...command],
    timeoutMs: 90_000,
  });
}

/**
 * The checks every form shares: exit 0, load served by the app, the measured process the app's
 * (the pid it wrote), one loop only (nothing of npm, sh or a launcher), no failure.
 * @param {Awaited<ReturnType<typeof isolatedRun>>} run
 */
function assertServed(run) {
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assert.equal(report.failure, null);
  // a verdict reached; never the thread pool's, which these apps do not use (one late canary, or a
  // crowded machine's wait for a CPU, once read 'saturated': thread-pool.js no longer judges either so)
  assert.ok(report.verdict && ['responsive', 'degraded', 'blocked'].includes(report.verdict.status), JSON.stringify(report.verdict));
  assert.ok(report.http.load.requests > 0, JSON.stringify(report.http.load));
  assert.equal(report.http.load.errors, 0, JSON.stringify(report.http.load));
  assert.ok(run.pids().includes(report.target.pid), `measured pid ${report.target.pid}, the app wrote ${run.pids().join(', ')}`);
  assert.deepEqual(report.loops.map((/** @type {any} */ l) => l.id), ['main'], 'one process measured');
  assert.deepEqual(report.workers, []);
  return report;
}

test('run -- npm start: the script\'s node --env-file=.env server is measured, not npm or sh', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'server.js': ENV_SERVER, '.env': 'DB_URL=postgres://localhost/app\n', 'package.json': packageJson({ start: 'node --env-file=.env server.js' }) },
    args: ({ out }) => ['run', '--route', '/slow', '--probe', '/', ...LOAD, '--out', out, '--', 'npm', 'start'],
    timeoutMs: 90_000,
  });
  const report = assertServed(run);
  assert.deepEqual(report.target.command, ['npm', 'start']);
  assert.equal(report.target.script, 'npm start');
  assert.equal(report.target.launcher.command, 'npm start');
  assert.notEqual(report.target.launcher.pid, report.target.pid);
  assert.match(report.target.commandLine, /^node --env-file=\.env server\.js$/);
  assert.ok(report.blocks.length > 0, 'the /slow blocks of the server');
  assert.ok(report.blocks.every((/** @type {any} */ b) => b.culprit?.functionName === 'handleEnvRequest'), JSON.stringify(report.blocks.map((/** @type {any} */ b) => b.culprit)));
  assert.match(run.r.stderr, new RegExp(`measuring pid ${report.target.pid} \\(node --env-file=.env server.js\\), listening on port \\d+; npm start \\(pid ${report.target.launcher.pid}\\)`));
  await run.assertClean(TOOLS_TEMP);
});

test('run -- node --env-file=.env server.js: node\'s flags reach the app, whose process is the one started', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'server.js': ENV_SERVER, '.env': 'DB_URL=postgres://localhost/app\nNODE_OPTIONS=--max-old-space-size=96\n' },
    // the route says it is a server: the tool waits up to --listen-timeout for it to listen (with no
    // route, an app not listening within --duration is observed as a script; a crowded machine's
    // node took longer than the 1 s run to start)
    args: ({ out }) => ['run', '--route', '/', ...LOAD, '--out', out, '--', 'node', '--env-file=.env', 'server.js'],
  });
  const report = assertServed(run);
  assert.equal(report.target.launcher, null);
  assert.equal(report.target.script, 'node --env-file=.env server.js');
  assert.equal(typeof report.run.startupMs, 'number', 'the agent ran from the app\'s start');
  // the .env's NODE_OPTIONS applies as without the tool (Node applies it only when none is set, and the agent's always is)
  const limit = Number(/heap limit (\d+) MB/.exec(fs.readFileSync(path.join(run.out, 'target.log'), 'utf8'))?.[1]);
  assert.ok(limit < 1024, `heap limit ${limit} MB: the .env's --max-old-space-size=96 was not applied`);
  await run.assertClean(TOOLS_TEMP);
});

test('run server.js --node-arg=--env-file=.env: node flags in the short form', async (t) => {
  const run = await isolatedRun(t, {
    env: THIS_NODE,
    files: { 'server.js': ENV_SERVER, '.env': 'DB_URL=postgres://localhost/app\n' },
    args: ({ out }) => ['run', 'server.js', '--route', '/', '--node-arg=--env-file=.env', ...LOAD, '--out', out],
    // the user's own NODE_OPTIONS survive beside the agent's
    env: { ...THIS_NODE, NODE_OPTIONS: '--max-old-space-size=80' },
  });
  const report = assertServed(run);
  assert.equal(report.target.command, null);
  const limit = Number(/heap limit (\d+) MB/.exec(fs.readFileSync(path.join(run.out, 'target.log'), 'utf8'))?.[1]);
  assert.ok(limit < 1024, `heap limit ${limit} MB: the user's NODE_OPTIONS were lost`);
  await run.assertClean(TOOLS_TEMP);
});

test('run -- node --import tsx src/server.ts: a loader\'s TypeScript, blamed on its .ts lines', async (t) => {
  const run = await tsApp(t, ['--route', '/slow'], ['node', '--import', 'tsx', 'src/server.ts']);
  const report = assertServed(run);
  assert.equal(report.target.launcher, null);
  // the app's .ts lines (the handler when V8 inlined buildRows into it, as Node 24 may): the app's own
  // function, or the .ts line that called Node's (a crowded machine can stall a block in res.end)
  const culprits = report.blocks.map((/** @type {any} */ b) => b.culprit);
  const appSite = (/** @type {any} */ c) => c?.calledFrom ?? c;
  assert.ok(culprits.length > 0 && culprits.every((/** @type {any} */ c) => /src\/server\.ts$/.test(appSite(c)?.url)), JSON.stringify(culprits));
  assert.ok(culprits.some((/** @type {any} */ c) => c.functionName === 'buildRows'), JSON.stringify(culprits));
  await run.assertClean(TOOLS_TEMP);
});

test('run -- npx tsx src/server.ts: tsx\'s launcher starts a node process of its own, which is the one measured', async (t) => {
  const run = await tsApp(t, [], ['npx', 'tsx', 'src/server.ts']);
  const report = assertServed(run);
  assert.equal(report.target.launcher.command, 'npx tsx src/server.ts');
  assert.match(report.target.commandLine, /src\/server\.ts$/);
  await run.assertClean(TOOLS_TEMP);
});
