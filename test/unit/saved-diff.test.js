// Saved-run comparison: direction of each metric, thresholds, and the noise test over repeats.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { diffSides, metricValue } from '../../src/analyze/saved-diff.js';

/** @param {Partial<{rps: number, p99: number, cpu: number}>} o */
const report = (o) => ({
  lag: { p99Ms: 5, maxMs: 9 }, http: { probe: { p50Ms: 1, p99Ms: o.p99 ?? 10, maxMs: 20 }, load: { rps: o.rps ?? 1000, p99Ms: 12 } },
  cpu: { percent: o.cpu ?? 50 }, blocking: { count: 0, longestMs: 0, fraction: 0 }, work: null,
});
/** @param {string} label @param {any[]} reports */
const side = (label, reports) => ({ label, runs: reports.map((report, i) => ({ path: `${label}/${i}`, report })) });
/** @param {any} diff @param {string} key */
const metric = (diff, key) => diff.metrics.find((/** @type {any} */ m) => m.key === key);

test('single runs: a blocking metric past its threshold is a regression; what a busy machine spreads is only marked changed', () => {
  const blocked = (/** @type {number} */ longestMs) => ({ ...report({}), blocking: { count: longestMs ? 3 : 0, longestMs, fraction: longestMs ? 0.2 : 0 } });
  const diff = diffSides([side('a', [blocked(0)]), side('b', [{ ...blocked(300), http: { probe: { p50Ms: 1, p99Ms: 5, maxMs: 20 }, load: { rps: 700, p99Ms: 12 } }, cpu: { percent: 90 } }])], { regressionPct: 10 });
  assert.equal(metric(diff, 'blocking.longestMs').deltas[0].mark, 'regression');
  assert.equal(metric(diff, 'http.load.rps').deltas[0].mark, 'changed');
  assert.equal(metric(diff, 'http.load.rps').deltas[0].pct, -30);
  assert.equal(metric(diff, 'http.probe.p99Ms').deltas[0].mark, 'changed');
  assert.equal(metric(diff, 'cpu.percent').deltas[0].mark, 'changed');
  assert.equal(metric(diff, 'lag.p99Ms').deltas[0].mark, null);
  assert.equal(metric(diff, 'work.roundsPerSec'), undefined); // absent from every side: not listed
  assert.deepEqual(diff.regressions.map((r) => r.metric).sort(), ['blocks', 'longest block', 'time blocked']);
  // three single runs of the same responsive code on a busy machine (a user's report): nothing fails the gate
  const same = (/** @type {number} */ p50, /** @type {number} */ rps) => ({ ...report({ rps }), http: { probe: { p50Ms: p50, p99Ms: 9, maxMs: 20 }, load: { rps, p99Ms: 12 } } });
  const three = diffSides([side('r1', [same(4, 5200)]), side('r2', [same(6, 3850)]), side('r3', [same(5, 4100)])], { regressionPct: 20 });
  assert.deepEqual(three.regressions, []);
  assert.equal(metric(three, 'http.probe.p50Ms').deltas[0].mark, 'changed');
});

test('small changes are not marked; repeated runs decide between regression and noise', () => {
  const small = diffSides([side('a', [report({})]), side('b', [report({ rps: 950 })])], { regressionPct: 10 });
  assert.equal(metric(small, 'http.load.rps').deltas[0].mark, null);
  const base = [1000, 1010, 990, 1005, 995].map((rps) => report({ rps }));
  const slower = [800, 810, 790, 805, 795].map((rps) => report({ rps }));
  const noisy = [700, 1300, 650, 1250, 720].map((rps) => report({ rps }));
  const diff = diffSides([side('a', base), side('slow', slower), side('noisy', noisy)], { regressionPct: 10 });
  const [slow, noise] = metric(diff, 'http.load.rps').deltas;
  assert.equal(slow.mark, 'regression');
  assert.equal(slow.beyondNoise, true);
  assert.ok(slow.p < 0.05);
  assert.equal(noise.pct, -28);
  assert.equal(noise.beyondNoise, false);
  assert.equal(noise.mark, 'within noise');
  assert.equal(metricValue({ a: { b: 3 } }, 'a.b'), 3);
  assert.equal(metricValue({ a: null }, 'a.b'), null);
});

test('settings of saved runs: read from each report, older reports fall back, unknown is no difference', async () => {
  const { savedSettings, settingsDifferences } = await import('../../src/analyze/saved-settings.js');
  const settings = { routes: ['/'], probe: '/', probeIntervalMs: 50, connections: 10, rate: null, durationS: 10, thresholdMs: 50, profile: true, profileIntervalUs: 1000, stacks: 'running' };
  const full = { ...report({}), target: { nodeVersion: 'v20.20.2' }, run: { mode: 'load', thresholdMs: 50, settings } };
  assert.deepEqual(savedSettings(/** @type {any} */ (full)), {
    nodeVersion: 'v20.20.2', mode: 'load', routes: ['/'], probe: '/', probeIntervalMs: 50, connections: 10, rate: 0, durationS: 10, warmupS: null,
    thresholdMs: 50, profile: true, profileIntervalUs: 1000, stacks: 'running',
  });
  // a report from before run.settings recorded the profile: its `profile` field tells
  const older = { ...full, run: { ...full.run, settings: { routes: ['/'], probe: '/', connections: 10 } }, profile: { file: 'profile.cpuprofile', startEpochMs: 0, intervalUs: 500 } };
  assert.equal(savedSettings(/** @type {any} */ (older)).profile, true);
  assert.equal(savedSettings(/** @type {any} */ (older)).profileIntervalUs, 500);
  assert.equal(savedSettings(/** @type {any} */ ({ ...older, profile: null })).profile, false);
  // unknown values (the bare reports above have no run at all) are never a difference
  const same = settingsDifferences([side('a', [full, report({})]), side('b', [older])]);
  assert.deepEqual(same.differences.map((d) => d.key), ['profileIntervalUs']);
  assert.match(same.warning ?? '', /profile interval \(A 1000 µs, B 500 µs\)/);
  assert.equal(settingsDifferences([side('a', [full]), side('b', [full])]).warning, null);
});
