// Kinds of app: TypeScript (the app's tsx, or Node's type stripping), an ES module package with
// top-level await, a cluster (a row per worker), worker threads, the user's own NODE_OPTIONS,
// and folders whose paths hold spaces. (CommonJS, .mjs and express are in run-server.test.js.)

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../helpers.js';
import { isolatedRun } from '../isolated-run.js';
import { stripTypesFlag } from '../../src/launch/typescript.js';

const TS_SERVER = `import http from 'node:http';
interface Reply { path: string; at: number }
const reply = (path: string): Reply => ({ path, at: Date.now() });
const server = http.createServer((req, res) => res.end(JSON.stringify(reply(req.url ?? '/'))));
server.listen(Number(process.env.PORT || 0), () => console.log('ts listening'));
`;

const load = (/** @type {string[]} */ ...extra) => (/** @type {{app: string, out: string}} */ p) =>
  ['run', p.app, '--route', '/', '-c', '2', '-d', '1', '--out', p.out, ...extra];

test('a TypeScript entry runs through the app\'s own tsx', async (t) => {
  const run = await isolatedRun(t, { files: { 'server.ts': TS_SERVER }, args: (p) => load()({ ...p, app: path.join(p.work, 'server.ts') }), prepare: (work) => {
    fs.mkdirSync(path.join(work, 'node_modules'));
    fs.symlinkSync(path.join(ROOT, 'node_modules', 'tsx'), path.join(work, 'node_modules', 'tsx'));
  } });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assert.ok(report.http.load.requests > 0);
  assert.equal(report.http.load.errors, 0);
  assert.match(fs.readFileSync(path.join(run.out, 'target.log'), 'utf8'), /ts listening/);
  // tsx keeps its compile cache in TMPDIR/tsx-<uid> on purpose, as it does when the user runs tsx
  await run.assertClean({ tmpOfOthers: /^tsx-\d+$/ });
});

test('a TypeScript entry without tsx: Node\'s type stripping, or one clear line where this Node has none', async (t) => {
  const run = await isolatedRun(t, { files: { 'server.ts': TS_SERVER }, args: (p) => load()({ ...p, app: path.join(p.work, 'server.ts') }) });
  if (stripTypesFlag(process.versions.node).supported) {
    assert.equal(run.r.code, 0, run.r.stderr);
    assert.ok(run.report().http.load.requests > 0);
  } else {
    assert.equal(run.r.code, 2, run.r.stderr);
    assert.match(run.r.stderr, /^eventloop-probe: error: cannot run the TypeScript entry .*server\.ts on Node [\d.]+: .*\(install tsx in the app \(npm install -D tsx\).*Node >= 22\.6\)\n$/);
    assert.ok(!fs.existsSync(run.out));
  }
  await run.assertClean();
});

test('an ES module package ("type": "module", .js entry, top-level await)', async (t) => {
  const run = await isolatedRun(t, {
    files: {
      'package.json': '{ "type": "module" }\n',
      'main.js': "import http from 'node:http';\nawait new Promise((r) => setTimeout(r, 150));\nhttp.createServer((q, s) => s.end('esm')).listen(Number(process.env.PORT || 0));\n",
    },
    args: (p) => load()({ ...p, app: path.join(p.work, 'main.js') }),
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assert.ok(report.http.load.requests > 0);
  assert.ok(report.target.listenAfterMs >= 150);
  await run.assertClean();
});

test('a cluster: each worker\'s loop measured, one row per worker, all gone afterwards', async (t) => {
  const run = await isolatedRun(t, { fixture: 'cluster-server.js', args: (p) => ['run', p.app, '--route', '/slow', '--probe', '/', '-c', '2', '-d', '2', '--out', p.out] });
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  const primary = report.target.pid;
  const workers = run.pids().filter((pid) => pid !== primary).sort((a, b) => a - b);
  assert.equal(workers.length, 2);
  assert.deepEqual(report.workers.map((/** @type {any} */ w) => w.pid), workers);
  for (const w of report.workers) assert.ok(w.lag.windows >= 10, JSON.stringify(w));
  // The workers do the 60 ms handlers; the primary only hands out connections.
  const workerBlocks = report.workers.reduce((sum, /** @type {any} */ w) => sum + w.blocking.count, 0);
  assert.ok(workerBlocks > 0, JSON.stringify(report.workers));
  // the busy workers' loops lag more than the primary's, which only hands out connections
  assert.ok(report.workers.some((/** @type {any} */ w) => w.lag.maxMs > report.lag.maxMs), JSON.stringify({ workers: report.workers, primary: report.lag }));
  assert.ok(workerBlocks > report.blocking.count, `workers ${workerBlocks} blocks, primary ${report.blocking.count}`);
  assert.match(run.r.stdout, /cluster worker/);
  await run.assertClean();
});

test('worker threads: their CPU work does not show as blocks of the main loop', async (t) => {
  const run = await isolatedRun(t, { fixture: 'thread-pool-server.js', args: (p) => ['run', p.app, '--route', '/work', '--probe', '/', '-c', '2', '-d', '4', '--out', p.out] }); // 4 s: a crowded machine's worker finished none of its 300 ms jobs in 1.5
  assert.equal(run.r.code, 0, run.r.stderr);
  const report = run.report();
  assert.ok(report.http.load.requests > 0, JSON.stringify(report.http.load)); // how many: the machine's to say
  assert.ok(report.http.load.p50Ms >= 290, `load p50 ${report.http.load.p50Ms}`); // each answer waits for 300 ms of thread work
  // the main loop only waits for the pool: none of its stalls is as long as one request's thread work
  assert.ok(report.blocking.longestMs < report.http.load.p50Ms, `main loop longest block ${report.blocking.longestMs} vs load p50 ${report.http.load.p50Ms}`);
  assert.deepEqual(report.workers, []);
  await run.assertClean();
});

test('the user\'s own NODE_OPTIONS (a preload in a folder with spaces) and an app and --out with spaces in their paths', async (t) => {
  const run = await isolatedRun(t, {
    files: {
      'my app/server.js': "const http = require('node:http');\nconsole.log('stack trace limit', Error.stackTraceLimit);\nhttp.createServer((q, s) => s.end('x')).listen(Number(process.env.PORT || 0));\n",
      'my hooks/preload.js': "console.log('user preload ran');\n",
    },
    env: {},
    nodeOptions: (work) => `--require "${path.join(work, 'my hooks', 'preload.js')}" --stack-trace-limit=7`,
    args: (p) => ['run', path.join('my app', 'server.js'), '--route', '/', '-c', '2', '-d', '1', '--out', path.join(p.out, '..', 'out', 'run 1')],
  });
  assert.equal(run.r.code, 0, run.r.stderr);
  const out = path.join(run.out, 'run 1');
  const report = JSON.parse(fs.readFileSync(path.join(out, 'report.json'), 'utf8'));
  const log = fs.readFileSync(path.join(out, 'target.log'), 'utf8');
  assert.match(log, /user preload ran/);
  assert.match(log, /stack trace limit 7\n/);
  // a heartbeat every --resolution ms through the window (half of them at least, on a busy machine)
  assert.ok(report.lag.samples > report.run.durationMs / report.lag.resolutionMs / 2, JSON.stringify(report.lag));
  assert.ok(report.http.load.requests > 0);
  assert.equal(report.target.script, path.join('my app', 'server.js'));
});
