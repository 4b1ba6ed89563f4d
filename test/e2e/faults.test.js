// The fault matrix of `run`: apps that crash, end early, never listen, close their server, ignore
// SIGTERM, spin forever, flood their output or leave children; and the tool itself interrupted,
// terminated or killed. Every case checks the documented exit code, the report of what was seen,
// and that nothing is left behind (processes by pid, temp files, files outside --out).
// run-server.test.js, run-script.test.js and signals.test.js hold the first checks of some of
// these; the rows here add what they do not cover.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isolatedRun } from '../isolated-run.js';

/**
 * @typedef {object} FaultCase
 * @property {string} name
 * @property {string} fixture
 * @property {(p: {app: string, out: string}) => string[]} args
 * @property {number} code expected exit code
 * @property {{signal: NodeJS.Signals, after: 'served' | 'blocked' | 'stopping'}[]} [signals] sent to the tool once the
 *   app served load, once its block ran 300 ms on a CPU, or once the tool said it is stopping after the
 *   signal before
 * @property {boolean} [noReport] the tool cannot write one (it was killed)
 * @property {NodeJS.ProcessEnv} [env]
 * @property {(report: any, r: {stderr: string}, run: Awaited<ReturnType<typeof isolatedRun>>) => void} check
 */

const load = (/** @type {string[]} */ ...extra) => (/** @type {{app: string, out: string}} */ p) =>
  ['run', p.app, '--route', '/', '-c', '2', '--out', p.out, ...extra];

/** @type {FaultCase[]} */
const CASES = [
  {
    name: 'crashes at start, routes asked for',
    fixture: 'fault-crash-at-start.js', args: load('-d', '2'), code: 3,
    check(report, r) {
      assert.match(r.stderr, /exited with code 1 after [\d.]+ s without listening/);
      assert.match(r.stderr, /config file missing/);
      assert.equal(report.target.exitCode, 1);
      assert.equal(report.target.port, null);
    },
  },
  {
    name: 'crashes at start, as a script',
    fixture: 'fault-crash-at-start.js', args: (p) => ['run', p.app, '-d', '2', '--out', p.out], code: 3,
    check(report, r) {
      assert.match(r.stderr, /exited with code 1/);
      assert.equal(report.run.mode, 'script');
      assert.equal(report.target.exitCode, 1);
    },
  },
  {
    name: 'crashes mid-run',
    fixture: 'crash-mid-run.js', args: load('-d', '3'), code: 3,
    check(report) {
      assert.equal(report.target.exitCode, 1);
      assert.ok(report.run.durationMs < 3000, `window ${report.run.durationMs} ms: it ended with the app, before --duration`);
    },
  },
  {
    name: 'a server that exits 0 long before --duration ends',
    fixture: 'fault-exits-early.js', args: load('-d', '3'), code: 3,
    check(report, r) {
      assert.match(r.stderr, /exited on its own \(code 0\) after [\d.]+ s, before the load ended/);
      assert.equal(report.target.exitCode, 0);
      assert.ok(report.run.durationMs < 3000, `window ${report.run.durationMs} ms: it ended with the app, before --duration`);
      assert.ok(report.notes.some((/** @type {string} */ n) => /exited on its own/.test(n)), report.notes.join('\n'));
    },
  },
  {
    name: 'never listens, no routes: observed as a script until --duration',
    fixture: 'never-listens.js', args: (p) => ['run', p.app, '-d', '1', '--out', p.out], code: 0,
    check(report) {
      assert.equal(report.run.mode, 'script');
      assert.equal(report.http.load, null);
      // observed from the agent's start (after Node's own start-up) until --duration after the spawn
      const start = Date.parse(report.run.startedAt);
      const spawned = Date.parse(report.run.spawnedAt);
      assert.ok(start >= spawned && start + report.run.durationMs >= spawned + 1000, JSON.stringify(report.run));
      assert.equal(report.target.signal, 'SIGTERM');
    },
  },
  {
    name: 'never listens, routes asked for',
    fixture: 'never-listens.js', args: load('--listen-timeout', '1'), code: 3,
    check(report, r) {
      assert.match(r.stderr, /did not listen on a port within --listen-timeout/);
      assert.equal(report.target.port, null);
    },
  },
  {
    name: 'listens, then closes its server: refused connections are errors, not a crash',
    // no warm-up: the server closes after its 20th answer, inside the measured window
    fixture: 'fault-closes-server.js', args: load('-d', '1.5', '--probe-timeout', '500', '--warmup', '0'), code: 0,
    check(report) {
      assert.ok(report.http.load.requests > 0);
      assert.ok(report.http.load.errors > 0, JSON.stringify(report.http.load));
      assert.ok(report.http.probe.errors > 0, JSON.stringify(report.http.probe));
      assert.ok(report.notes.some((/** @type {string} */ n) => /could not connect/.test(n)), report.notes.join('\n'));
    },
  },
  {
    name: 'ignores SIGTERM: SIGKILL after --kill-after, said in notes',
    fixture: 'fault-ignores-sigterm.js', args: load('-d', '1', '--kill-after', '300'), code: 0,
    check(report, r, run) {
      assert.equal(report.target.signal, 'SIGKILL');
      assert.ok(report.notes.some((/** @type {string} */ n) => /ignored SIGTERM for 300 ms and was killed with SIGKILL/.test(n)), report.notes.join('\n'));
      assert.match(fs.readFileSync(path.join(run.out, 'target.log'), 'utf8'), /SIGTERM ignored/);
    },
  },
  {
    name: 'an endless synchronous loop: the run ends at --duration, the block is ongoing',
    fixture: 'fault-infinite-loop.js', args: load('-d', '1', '--probe-timeout', '500', '--kill-after', '500'), code: 0,
    check(report) {
      const last = report.blocks.at(-1);
      assert.ok(last && last.ongoing === true, JSON.stringify(report.blocks));
      assert.ok(last.durationMs >= 500, `ongoing block ${last.durationMs} ms`);
      assert.equal(report.verdict.status, 'blocked');
      assert.ok(report.notes.some((/** @type {string} */ n) => /still blocked when the run ended/.test(n)));
    },
  },
  {
    name: 'one block across the window\'s start and end: the window reads the block, and its memory',
    fixture: 'long-first-block.js', args: load('-d', '1', '--warmup', '0.5', '--probe-timeout', '4000'), code: 0,
    check(report) {
      assert.ok(report.blocks.some((/** @type {any} */ b) => b.culprit?.functionName === 'computeReport'), JSON.stringify(report.blocks));
      // the agent heard 'window' and 'window-end' only when the block ended: its memory was read then
      assert.ok(report.memory.rssMaxMb > 0 && report.memory.heapUsedMaxMb > 0, JSON.stringify(report.memory));
    },
  },
  {
    name: 'floods stdout and stderr: target.log is capped',
    fixture: 'fault-flood.js', args: (p) => ['run', p.app, '-d', '1.5', '--out', p.out], code: 0,
    check(report, r, run) {
      const size = fs.statSync(path.join(run.out, 'target.log')).size;
      assert.ok(size >= 10 * 1024 * 1024 && size < 10 * 1024 * 1024 + 1024, `target.log ${size} bytes`);
      assert.ok(report.notes.some((/** @type {string} */ n) => /truncated/.test(n)), report.notes.join('\n'));
    },
  },
  {
    name: 'spawns children (one detached, ignoring SIGTERM) and a grandchild: all ended',
    fixture: 'fault-spawns-children.js', args: load('-d', '1'), code: 0,
    check(report, r, run) {
      assert.equal(run.pids().length, 4, run.pids().join(','));
      assert.ok(report.http.load.requests > 0);
    },
  },
  {
    name: 'the tool gets SIGINT once: graceful stop, report written, children ended',
    fixture: 'fault-spawns-children.js', args: load('-d', '30'), code: 130,
    signals: [{ signal: 'SIGINT', after: 'served' }],
    check(report) {
      assert.ok(report.run.durationMs < 10_000);
      assert.equal(report.target.signal, 'SIGTERM');
    },
  },
  {
    name: 'the tool gets SIGINT twice: the app that ignores SIGTERM is killed at once',
    fixture: 'fault-ignores-sigterm.js', args: load('-d', '30', '--kill-after', '30000'), code: 130,
    signals: [{ signal: 'SIGINT', after: 'served' }, { signal: 'SIGINT', after: 'stopping' }],
    check(report, r, run) {
      assert.ok(run.afterLastSignalMs() < 10_000, `${run.afterLastSignalMs()} ms after the second SIGINT`);
      assert.equal(report.target.signal, 'SIGKILL');
      assert.match(r.stderr, /killed by a second interrupt/);
    },
  },
  {
    name: 'the tool gets SIGTERM while the app spins: exit 143, block ongoing',
    // no warm-up: the block begins with the first request, inside the window; the signal comes once
    // it ran 300 ms on a CPU
    fixture: 'fault-infinite-loop.js', args: load('-d', '30', '--probe-timeout', '500', '--kill-after', '500', '--warmup', '0'), code: 143,
    signals: [{ signal: 'SIGTERM', after: 'blocked' }],
    check(report) {
      assert.ok(report.blocks.some((/** @type {any} */ b) => b.ongoing), JSON.stringify(report.blocks));
    },
  },
  {
    // Without the tool, only the agent is left to act: it ends the app's process group. Children
    // the app moved out of its group (detached) are then out of reach: GROUP_ONLY spawns none.
    name: 'the tool is killed with SIGKILL: the app and its children go, no agent files stay',
    fixture: 'fault-spawns-children.js', args: load('-d', '30'), code: -1, noReport: true, env: { GROUP_ONLY: '1' },
    signals: [{ signal: 'SIGKILL', after: 'served' }],
    check(report, r, run) {
      assert.deepEqual(fs.readdirSync(run.out), ['target.log']);
      assert.equal(run.pids().length, 3, run.pids().join(','));
    },
  },
];

for (const c of CASES) {
  test(`fault: ${c.name}`, async (t) => {
    const run = await isolatedRun(t, { fixture: c.fixture, args: c.args, signals: c.signals, env: c.env, timeoutMs: 45_000 });
    if (c.noReport) {
      assert.equal(run.r.signal, 'SIGKILL');
      // The agent notices fd 3 closing and ends the app; give it its grace.
      await run.assertClean();
      c.check(null, run.r, run);
      return;
    }
    assert.equal(run.r.code, c.code, run.r.stderr);
    assert.doesNotMatch(run.r.stderr, /\n\s+at .*(eventloop-probe|src\/)/, 'no stack trace of ours');
    const report = run.report();
    assert.equal(report.schemaVersion, 1);
    c.check(report, run.r, run);
    await run.assertClean();
  });
}
