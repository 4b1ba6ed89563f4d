// `run app.js --scenario <name>`: the agent does the scenario's job inside the user's own process
// while the load hits the user's routes.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { runBin, readReport, tempDir, FIXTURES, alive } from '../helpers.js';

test('run --scenario sync inside the app: its work is counted and its own route suffers', async (t) => {
  const dir = tempDir(t);
  const sync = path.join(dir, 'sync');
  const worker = path.join(dir, 'worker');
  const app = path.join(FIXTURES, 'http-server.js');
  const a = await runBin(['run', app, '--route', '/', '-c', '2', '-d', '1.5', '--scenario', 'sync', '--rounds', '40000', '--out', sync], { cwd: dir });
  assert.equal(a.code, 0, a.stderr);
  const b = await runBin(['run', app, '--route', '/', '-c', '2', '-d', '1.5', '--scenario', 'worker-thread', '--rounds', '40000', '--out', worker], { cwd: dir });
  assert.equal(b.code, 0, b.stderr);
  const rs = readReport(sync);
  const rw = readReport(worker);
  assert.deepEqual(rs.run.settings.scenario, { name: 'sync', rounds: 40000 });
  assert.equal(rs.work.scenario, 'sync');
  assert.equal(rw.work.scenario, 'worker-thread');
  assert.ok(rs.work.rounds > 0, `sync rounds ${rs.work.rounds}`); // how many: the machine's to say (a crowded one did less than one job of 40000)
  assert.ok(rw.work.rounds > 0);
  // sync holds the app's loop: blocked, every block running the scenario's job; the worker's job
  // leaves the loop to the app's own routes (how much each slowed them is the machine's to say)
  assert.equal(rs.verdict.status, 'blocked');
  assert.ok(rs.blocking.count >= 1);
  for (const b of rs.blocks) assert.ok(b.stack.some((/** @type {any} */ f) => /scenarios[\\/]sync\.cjs$/.test(f.url)), JSON.stringify(b.stack.slice(0, 6)));
  assert.notEqual(rw.verdict.status, 'blocked', JSON.stringify(rw.verdict));
  assert.ok(!rw.blocks.some((/** @type {any} */ b) => b.stack.some((/** @type {any} */ f) => /scenarios[\\/]/.test(f.url))), 'no block of the worker scenario\'s job on the app\'s loop');
  assert.ok(rs.http.load.requests > 0 && rw.http.load.requests > 0);
  assert.ok(!alive(rs.target.pid) && !alive(rw.target.pid));
});

test('run without --scenario has no work; an unknown scenario is one line and exit 2', async (t) => {
  const dir = tempDir(t);
  const out = path.join(dir, 'plain');
  const ok = await runBin(['run', path.join(FIXTURES, 'http-server.js'), '--route', '/', '-d', '0.5', '--out', out], { cwd: dir });
  assert.equal(ok.code, 0, ok.stderr);
  assert.equal(readReport(out).work, null);
  assert.equal(readReport(out).run.settings.scenario, null);
  const bad = await runBin(['run', path.join(FIXTURES, 'http-server.js'), '--route', '/', '--scenario', 'busy-loop'], { cwd: dir });
  assert.equal(bad.code, 2);
  assert.match(bad.stderr, /^eventloop-probe: error: unknown scenario: busy-loop \(one of sync, async-await, .*\)\n$/);
});
