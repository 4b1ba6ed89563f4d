// Ctrl-C once, twice, and the tool killed outright: the target never outlives the tool.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, alive, until } from '../helpers.js';

/**
 * Starts a long run. The target writes its pid file when it starts, and `served` once the load
 * reached it (after its 10th request): the events the tests wait for.
 */
function startLongRun(/** @type {string} */ dir, /** @type {string[]} */ extra = []) {
  const pidFile = path.join(dir, 'target.pid');
  const servedFile = path.join(dir, 'served');
  const out = path.join(dir, 'out');
  /** @type {import('node:child_process').ChildProcess | undefined} */
  let child;
  const done = runBin(['run', path.join(FIXTURES, 'pid-file-server.js'), '--route', '/', '-d', '30', '-c', '2', '--out', out, ...extra], {
    cwd: dir, env: { PID_FILE: pidFile, SERVED_FILE: servedFile }, onSpawn: (c) => { child = c; },
  });
  return {
    done, out, pidFile, child: () => /** @type {import('node:child_process').ChildProcess} */ (child),
    served: () => until(() => fs.existsSync(servedFile), 30_000),
  };
}

test('first SIGINT stops the target gracefully, writes the report, exits 130', async (t) => {
  const dir = tempDir(t);
  const run = startLongRun(dir);
  assert.ok(await run.served(), 'the load never reached the target');
  run.child().kill('SIGINT');
  const r = await run.done;
  assert.equal(r.code, 130, r.stderr);
  const report = readReport(run.out);
  assert.ok(report.run.durationMs < 10_000);
  assert.ok(report.http.load.requests > 0);
  assert.ok(!alive(Number(fs.readFileSync(run.pidFile, 'utf8'))));
});

test('SIGTERM to the tool: same graceful stop, exit 143', async (t) => {
  const dir = tempDir(t);
  const run = startLongRun(dir);
  assert.ok(await run.served(), 'the load never reached the target');
  run.child().kill('SIGTERM');
  const r = await run.done;
  assert.equal(r.code, 143, r.stderr);
  assert.ok(readReport(run.out).http.load.requests > 0);
});

test('the tool killed with SIGKILL: the target notices and exits', async (t) => {
  const dir = tempDir(t);
  const run = startLongRun(dir);
  assert.ok(await until(() => fs.existsSync(run.pidFile), 30_000));
  const pid = Number(fs.readFileSync(run.pidFile, 'utf8'));
  run.child().kill('SIGKILL');
  await run.done;
  assert.ok(await until(() => !alive(pid), 8000), 'target still alive after the tool was killed');
});
