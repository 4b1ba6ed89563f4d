import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Histogram } from '../../src/agent/histogram.cjs';
import { seeded } from './random.js';

test('percentiles within 2% of the exact ones on random data', () => {
  const rand = seeded(42);
  const h = new Histogram();
  const values = [];
  for (let i = 0; i < 20000; i++) {
    const v = Math.exp(rand() * 8) / 10; // 0.1 ms .. 300 ms, log-spread
    values.push(v);
    h.record(v);
  }
  values.sort((a, b) => a - b);
  for (const p of [50, 90, 99, 99.9]) {
    const exact = values[Math.ceil((p / 100) * values.length) - 1];
    assert.ok(Math.abs(h.percentile(p) - exact) / exact < 0.02, `p${p}: ${h.percentile(p)} vs ${exact}`);
  }
  assert.equal(h.count, 20000);
  assert.equal(h.max, values[values.length - 1]);
  assert.equal(h.min, values[0]);
});

test('a corrected stall counts once per missed interval', () => {
  const h = new Histogram();
  h.recordCorrected(1000, 10);
  assert.equal(h.count, 100);
  assert.equal(h.max, 1000);
  assert.ok(Math.abs(h.percentile(50) - 500) < 15);
});

test('merge and JSON round trip keep counts and extremes', () => {
  const a = new Histogram();
  const b = new Histogram();
  [1, 2, 3].forEach((v) => a.record(v));
  [10, 20].forEach((v) => b.record(v));
  const merged = Histogram.fromJSON(JSON.parse(JSON.stringify(a.merge(b))));
  assert.equal(merged.count, 5);
  assert.equal(merged.min, 1);
  assert.equal(merged.max, 20);
  assert.equal(merged.sum, 36);
  assert.ok(Math.abs(merged.percentile(100) - 20) < 0.5);
});

test('an empty histogram reads as zeros', () => {
  const h = Histogram.fromJSON(new Histogram().toJSON());
  assert.equal(h.percentile(99), 0);
  assert.equal(h.mean(), 0);
  assert.equal(h.toJSON().min, 0);
});
