// Mann-Whitney U against published values and against brute-force enumeration.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mannWhitneyU, exactCdf, normalCdf, rank } from '../../src/analyze/mann-whitney.js';

const close = (/** @type {number} */ a, /** @type {number} */ b, eps = 1e-4) => assert.ok(Math.abs(a - b) < eps, `${a} != ${b}`);

test('R\'s wilcox.test example: W = 35, two-sided exact p = 0.2544', () => {
  // R: x <- c(0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46); y <- c(1.15, 0.88, 0.90, 0.74, 1.21)
  // wilcox.test(x, y, alternative = "greater") gives W = 35, p = 0.1272; the two-sided p is twice that.
  const r = mannWhitneyU([0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46], [1.15, 0.88, 0.90, 0.74, 1.21]);
  assert.equal(r.u1, 35);
  assert.equal(r.u2, 15);
  assert.equal(r.method, 'exact');
  close(r.p, 0.2544);
});

test('complete separation: p = 2 / C(n1+n2, n1)', () => {
  close(mannWhitneyU([1, 2, 3], [4, 5, 6]).p, 2 / 20, 1e-12);
  close(mannWhitneyU([5, 6, 7, 8], [1, 2, 3, 4]).p, 2 / 70, 1e-12);
  assert.equal(mannWhitneyU([5, 6, 7, 8], [1, 2, 3, 4]).u1, 16);
  // two runs against two can never be beyond the noise
  close(mannWhitneyU([1, 2], [10, 20]).p, 2 / 6, 1e-12);
});

test('ties: average ranks and the normal approximation with tie and continuity corrections', () => {
  assert.deepEqual(rank([2, 1, 3, 2, 2]).ranks, [3, 1, 5, 3, 3]);
  // R: wilcox.test(c(1,2,2,3), c(2,3,4,5)) gives W = 2.5, p-value = 0.1367 (with a warning about ties)
  const r = mannWhitneyU([1, 2, 2, 3], [2, 3, 4, 5]);
  assert.equal(r.u1, 2.5);
  assert.equal(r.method, 'normal');
  close(r.p, 0.1367);
  assert.equal(mannWhitneyU([3, 3, 3], [3, 3]).p, 1);
});

test('the exact distribution agrees with brute-force enumeration of every split', () => {
  const values = [1, 2, 3, 4, 5, 6, 7];
  const n1 = 3;
  /** @type {number[]} */
  const us = [];
  const pick = (/** @type {number} */ from, /** @type {number[]} */ chosen) => {
    if (chosen.length === n1) {
      const x = chosen.map((i) => values[i]);
      const y = values.filter((_, i) => !chosen.includes(i));
      us.push(x.reduce((s, a) => s + y.filter((b) => a > b).length, 0));
      return;
    }
    for (let i = from; i < values.length; i++) pick(i + 1, [...chosen, i]);
  };
  pick(0, []);
  assert.equal(us.length, 35);
  for (let u = 0; u <= 12; u++) close(exactCdf(u, 3, 4), us.filter((v) => v <= u).length / 35, 1e-12);
});

test('symmetric in its arguments and in the direction of the shift', () => {
  const a = [12.1, 13.4, 11.9, 12.8, 13.0];
  const b = [14.2, 13.9, 15.1, 14.8, 13.5, 14.0];
  const ab = mannWhitneyU(a, b);
  const ba = mannWhitneyU(b, a);
  close(ab.p, ba.p, 1e-12);
  assert.equal(ab.u1, ba.u2);
  assert.ok(ab.p < 0.05, `p ${ab.p}`);
  assert.ok(mannWhitneyU([1, 3, 5, 7], [2, 4, 6, 8]).p > 0.5);
});

test('normal CDF at known points', () => {
  close(normalCdf(0), 0.5, 1e-7);
  close(normalCdf(1.959964), 0.975, 1e-6);
  close(normalCdf(-1), 0.158655, 1e-6);
  assert.throws(() => mannWhitneyU([], [1]), RangeError);
});
