// The utilisation's mean and max come from the same heartbeat windows: the mean is their
// average weighed by the part of each inside the measured window, never above the max.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import inspector from 'node:inspector';
import { createRequire } from 'node:module';
import { buildReport } from '../../src/analyze/build-report.js';

/** @param {number} from @param {number} to @param {any[]} windows @param {number} loopElu the loop's own reading over its life */
function reportOf(from, to, windows, loopElu) {
  const summary = {
    lag: { count: 0 }, ownLag: null, resolutionMs: 20, elu: { utilization: loopElu, activeMs: 0, idleMs: 0 },
    cpu: { userMs: 0, systemMs: 0 }, gc: { count: 0, totalMs: 0, maxMs: 0 }, memory: { rssMaxBytes: 0, heapUsedMaxBytes: 0 }, runWaitMs: null, uv: null,
  };
  const agent = {
    pid: 1, summary, windows, blocks: [], gcPauses: [], memory: [], listens: [], marks: [], origins: [], notes: [], toolStalls: [], lastSeen: to,
  };
  return buildReport({
    tool: { name: 'eventloop-probe', version: '0' },
    target: { script: 'a.js', args: [], nodeVersion: process.version, pid: 1, exitCode: 0, signal: null, port: null, listenAfterMs: null },
    mode: 'script', spawnedAt: from - 100, measureStart: from, measureEnd: to, stillRunningAtEnd: false, flushed: true,
    settings: /** @type {any} */ ({}), thresholdMs: 50, windowMs: 100, probe: null, load: null, agent: /** @type {any} */ (agent), profiles: [],
    stacks: { mode: 'none', profile: false }, cwd: '/app', notes: [], artifacts: {},
  });
}

test('mean and max of the same windows, the edges weighed by their part inside', () => {
  // the window is 10_050..10_250: 50 ms of the first, all of the second, 50 ms of the third
  const w = (/** @type {number} */ t, /** @type {number} */ elu) => ({ t, lagMaxMs: 0, elu, cpuPercent: 0, gcMs: 0 });
  const report = reportOf(10_050, 10_250, [w(10_000, 0.2), w(10_100, 0.6), w(10_200, 1)], 1);
  assert.equal(report.elu.max, 1);
  assert.equal(report.elu.mean, 0.6, '(0.2 * 50 + 0.6 * 100 + 1 * 50) / 200');
});

test('a loop that lived less than a window: mean and max are its own reading', () => {
  const report = reportOf(20_000, 20_004, [], 1);
  assert.deepEqual(report.elu, { mean: 1, max: 1 });
});

test('a sampling profiler running in the process is seen (Linux: SIGPROF caught), and a summary of a profiled window keeps libuv\'s figure beside the capped one', async () => {
  const require = createRequire(import.meta.url);
  const { sigprofCaught } = require('../../src/agent/sampling-profiler.cjs');
  const { LoopMonitor } = require('../../src/agent/loop-monitor.cjs');
  const linux = process.platform === 'linux';
  assert.equal(sigprofCaught(), false, 'no profiler yet');
  const session = new inspector.Session();
  session.connect();
  const post = (/** @type {string} */ method, /** @type {object} */ params = {}) => new Promise((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))));
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 10_000 });
  await post('Profiler.start');
  const monitor = new LoopMonitor({ resolutionMs: 20, thresholdMs: 100, windowMs: 100, timeline: false }, () => {});
  try {
    assert.equal(sigprofCaught(), linux, linux ? 'V8 catches SIGPROF while it samples' : 'elsewhere: not known, false');
    monitor.start();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const plain = monitor.summary();
    const profiled = monitor.summary(true);
    assert.equal(plain.elu.libuv, undefined);
    assert.equal(typeof profiled.elu.libuv, 'number');
    assert.ok(profiled.elu.utilization <= profiled.elu.libuv + 1e-9, JSON.stringify(profiled.elu));
  } finally {
    monitor.stop();
    monitor.close();
    await post('Profiler.stop');
    await post('Profiler.disable');
    session.disconnect();
  }
  assert.equal(sigprofCaught(), false, 'given back when the profiler stops');
});
