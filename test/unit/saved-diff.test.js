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

test('higher-is-better, lower-is-better and neutral metrics are marked the right way', () => {
  const diff = diffSides([side('a', [report({})]), side('b', [report({ rps: 700, p99: 5, cpu: 90 })])], { regressionPct: 10 });
  assert.equal(metric(diff, 'http.load.rps').deltas[0].mark, 'regression');
  assert.equal(metric(diff, 'http.load.rps').deltas[0].pct, -30);
  assert.equal(metric(diff, 'http.probe.p99Ms').deltas[0].mark, 'improvement');
  assert.equal(metric(diff, 'cpu.percent').deltas[0].mark, 'changed');
  assert.equal(metric(diff, 'lag.p99Ms').deltas[0].mark, null);
  assert.equal(metric(diff, 'work.roundsPerSec'), undefined); // absent from every side: not listed
  assert.deepEqual(diff.regressions, [{ metric: 'load req/s', side: 'b', pct: -30 }]);
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
