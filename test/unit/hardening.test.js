// Pure parts of the hardening work: worker rows, run notes and hints, TypeScript launch choice,
// and the process-tree walk (against a real child of this test).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { workerRows } from '../../src/analyze/workers.js';
import { connectionNotes, earlyExitNote, withHint } from '../../src/analyze/run-notes.js';
import { stripTypesFlag } from '../../src/launch/typescript.js';
import { descendantsOf, DescendantTracker } from '../../src/proc/descendants.js';
import { until } from '../helpers.js';

test('workerRows: only windows and blocks inside the measured window count', () => {
  const from = 10_000;
  const to = 11_000;
  const windows = Array.from({ length: 20 }, (_, i) => ({ t: 9_500 + i * 100, lagMaxMs: i === 12 ? 150 : 2, elu: i === 12 ? 1 : 0.1, cpuPercent: 0, gcMs: 0 }));
  const agent = {
    pid: 42, summary: null, windows, gcPauses: [], memory: [], listens: [], marks: [], lastSeen: 0,
    blocks: [{ t: 9_000, durationMs: 80 }, { t: 10_700, durationMs: 150 }],
  };
  const [row] = workerRows([agent], { from, to, windowMs: 100 });
  assert.equal(row.pid, 42);
  assert.equal(row.lag.windows, 10);
  assert.equal(row.lag.maxMs, 150);
  assert.equal(row.lag.p50Ms, 2);
  assert.equal(row.blocking.count, 1);
  assert.equal(row.blocking.longestMs, 150);
  assert.ok(row.elu !== null && Math.abs(row.elu - 0.19) < 1e-9, String(row.elu));
});

test('connectionNotes and earlyExitNote say what the reader needs, and nothing otherwise', () => {
  assert.deepEqual(connectionNotes([{ name: 'load', stats: { errorCodes: { TIMEOUT: 3 } } }, { name: 'probe', stats: null }]), []);
  const [note] = connectionNotes([{ name: 'load', stats: { errorCodes: { ECONNREFUSED: 5, ECONNRESET: 2 } } }]);
  assert.match(note, /^7 load request\(s\) could not connect .*ECONNREFUSED 5, ECONNRESET 2/);
  assert.equal(earlyExitNote({ mode: 'script', stillRunningAtEnd: false }, { code: 0, at: 2000 }, 0), null);
  assert.equal(earlyExitNote({ mode: 'load', stillRunningAtEnd: true }, null, 0), null);
  assert.match(String(earlyExitNote({ mode: 'load', stillRunningAtEnd: false }, { code: 0, at: 1500 }, 1000)), /code 0\) after 0\.5 s/);
});

test('withHint: --port mismatch first, then EADDRINUSE, else the failure unchanged', () => {
  assert.equal(withHint(null, { listenedPorts: [], output: 'EADDRINUSE', env: {} }), null);
  assert.match(String(withHint('x', { wantedPort: 1, listenedPorts: [3000], output: '', env: {} })), /--port 1 was asked for but it listened on 3000/);
  assert.match(String(withHint('x', { listenedPorts: [], output: 'Error: listen EADDRINUSE: address already in use :::8080', env: { PORT: '8080' } })), /PORT=8080 is set/);
  assert.equal(withHint('x', { listenedPorts: [], output: 'boom', env: {} }), 'x');
});

test('stripTypesFlag follows the Node versions that strip types', () => {
  assert.deepEqual(stripTypesFlag('20.20.2'), { supported: false, flag: null });
  assert.deepEqual(stripTypesFlag('22.5.1'), { supported: false, flag: null });
  assert.deepEqual(stripTypesFlag('22.6.0'), { supported: true, flag: '--experimental-strip-types' });
  assert.deepEqual(stripTypesFlag('22.18.0'), { supported: true, flag: null });
  assert.deepEqual(stripTypesFlag('23.5.0'), { supported: true, flag: '--experimental-strip-types' });
  assert.deepEqual(stripTypesFlag('24.0.0'), { supported: true, flag: null });
});

test('descendantsOf finds a grandchild; the tracker forgets nothing it saw while it lives', async () => {
  const child = spawn(process.execPath, ['-e', "const c = require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); console.log(c.pid); setInterval(() => {}, 1000);"], { stdio: ['ignore', 'pipe', 'ignore'] });
  const [line] = await once(child.stdout, 'data');
  const grandchild = Number(String(line).trim());
  try {
    const tracker = new DescendantTracker(process.pid);
    tracker.sample();
    const pids = descendantsOf(process.pid).map((p) => p.pid);
    assert.ok(pids.includes(/** @type {number} */ (child.pid)) && pids.includes(grandchild), pids.join(','));
    assert.ok(tracker.alive().includes(grandchild));
    process.kill(grandchild, 'SIGKILL');
    // once its parent has reaped it, the tracker no longer lists it
    assert.ok(await until(() => !tracker.alive().includes(grandchild), 10_000), 'a killed grandchild still listed');
  } finally {
    child.kill('SIGKILL');
    try { process.kill(grandchild, 'SIGKILL'); } catch { /* gone */ }
  }
});

test('capTimeline halves the resolution until the points fit, keeping maxima, sums and means', async () => {
  const { capTimeline } = await import('../../src/analyze/cap-timeline.js');
  const points = Array.from({ length: 9 }, (_, i) => ({
    tMs: i * 100, lagMaxMs: i === 3 ? 500 : 1, elu: i % 2 ? 1 : 0, cpuPercent: 50, gcMs: 1,
    probeMaxMs: i === 4 ? null : 2, probes: 1, requests: 10,
  }));
  const small = capTimeline({ windowMs: 100, points }, 20);
  assert.equal(small.points.length, 9);
  const capped = capTimeline({ windowMs: 100, points }, 4);
  assert.equal(capped.windowMs, 400);
  assert.equal(capped.points.length, 3);
  assert.deepEqual(capped.points.map((p) => p.tMs), [0, 400, 800]);
  assert.equal(capped.points[0].lagMaxMs, 500);
  assert.equal(capped.points[0].elu, 0.5);
  assert.equal(capped.points[1].probeMaxMs, 2);
  assert.equal(capped.points.reduce((s, p) => s + p.requests, 0), 90);
  assert.equal(capped.points.reduce((s, p) => s + p.gcMs, 0), 9);
});
