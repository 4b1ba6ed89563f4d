// The corpus's grader (bench/corpus/score.js) on a service with several slow routes: each route's
// blocks graded against its own expectation, found by the request each block ran.
import test from 'node:test';
import assert from 'node:assert/strict';
import { ranOn, scoreCase } from '../../bench/corpus/score.js';

/** @param {string} route @param {string} owner @param {number} line @param {string} fix @param {number} ms */
const block = (route, owner, line, fix, ms) => ({
  durationMs: ms, fix, requests: { ran: [{ route, count: 1 }], label: `${route} ×1` },
  culprit: { owner: { kind: 'package', name: owner }, calledFrom: { line } },
});

const c = {
  id: 'v-two-routes', title: '', packages: {}, route: '/quote', routes: ['/quote', '/orders/7'], probe: '/health',
  connections: 2, duration: 5, seenByRuleAuthor: false, batch: 'V',
  expect: { problem: /** @type {const} */ ('loop-block'), owner: null, line: null, fix: '', why: '',
    byRoute: [{ route: '/quote', owner: 'decimal.js', line: 12, fix: 'cache-bound-offload' }, { route: '/orders/7', owner: 'ajv', line: 30, fix: 'compile-once' }] },
};

test('a block is matched to the path the load asked by its route, express patterns included', () => {
  assert.equal(ranOn(block('GET /orders/:id', 'x', 1, 'none', 1), '/orders/7'), true);
  assert.equal(ranOn(block('GET /orders/:id', 'x', 1, 'none', 1), '/orders'), false);
  assert.equal(ranOn(block('GET /quote', 'x', 1, 'none', 1), '/quote?x=1'), true);
  assert.equal(ranOn({ requests: { ran: [], label: 'GET /quote' } }, '/quote'), true, 'a production log names its request in the label');
  assert.equal(ranOn({ durationMs: 90 }, '/quote'), false, 'a block that ran no request matches no route');
});

test('each route is graded on the longest block that ran it, not the longest block of the run', () => {
  const report = { verdict: { status: 'blocked' }, blocks: [block('GET /quote', 'decimal.js', 12, 'cache-bound-offload', 120), block('GET /orders/:id', 'ajv', 30, 'compile-once', 300)] };
  const row = scoreCase(c, report);
  assert.equal(row.score, 'right');
  assert.match(row.got, /\/quote: block: decimal\.js @12 cache-bound-offload.*\/orders\/7: block: ajv @30 compile-once/);
});

test('one route read wrong makes the case wrong; a route no block ran is a miss', () => {
  const swapped = { verdict: { status: 'blocked' }, blocks: [block('GET /quote', 'ajv', 30, 'compile-once', 120), block('GET /orders/:id', 'ajv', 30, 'compile-once', 300)] };
  assert.equal(scoreCase(c, swapped).score, 'wrong');
  const one = { verdict: { status: 'blocked' }, blocks: [block('GET /orders/:id', 'ajv', 30, 'compile-once', 300)] };
  const row = scoreCase(c, one);
  assert.equal(row.score, 'wrong');
  assert.match(row.note, /\/quote: missed: loop-block expected, no block that ran it found/);
});

test('a route with no culprit of its own in a block whose culprit is another route\'s own is graded on its other blocks', () => {
  const ajv = { owner: { kind: 'package', name: 'ajv' }, calledFrom: { line: 30 }, label: 'ajv compile ← app.js:30' };
  // the capture began late: /quote's stretch had too few samples, /orders/7's named the block's culprit
  const both = { durationMs: 800, fix: 'compile-once', culprit: ajv, requests: { ran: [{ route: 'GET /quote', count: 1, msEach: 500 }, { route: 'GET /orders/:id', count: 1, msEach: 300, culprit: ajv, fix: 'compile-once' }], label: 'GET /quote +1 route(s)' } };
  const report = { verdict: { status: 'blocked' }, blocks: [both, block('GET /quote', 'decimal.js', 12, 'cache-bound-offload', 120)] };
  assert.equal(scoreCase(c, report).score, 'right');
});
