// --fail-on: parsing (aliases, units, operators, bad input) and evaluation against a report.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseBudgets, evaluateBudgets, breached, describeResult, formatValue, NUMERIC_PATHS, valueAt } from '../../src/analyze/budgets.js';
import { UsageError } from '../../src/errors.js';
import { budgets as parseOption, formats } from '../../src/options.js';
import { sampleReport } from './sample-report.js';

test('the README example parses to fields of report.json with limits in their units', () => {
  const parsed = parseBudgets('lag.p99>50ms,blocks.count>0,http.probe.p99>200ms,elu.max>0.9');
  assert.deepEqual(parsed.map((b) => [b.path, b.op, b.limit]), [
    ['lag.p99Ms', '>', 50], ['blocking.count', '>', 0], ['http.probe.p99Ms', '>', 200], ['elu.max', '>', 0.9],
  ]);
});

test('units: s becomes ms, % a fraction for ELU and the blocked share, a percent for CPU', () => {
  const parsed = parseBudgets(' lag.max >= 1.5s , elu.mean<=80% , blocked>25%, cpu>150%, probe.p50<2s, load.rps<100 ');
  assert.deepEqual(parsed.map((b) => [b.path, b.op, b.limit]), [
    ['lag.maxMs', '>=', 1500], ['elu.mean', '<=', 0.8], ['blocking.fraction', '>', 0.25],
    ['cpu.percent', '>', 150], ['http.probe.p50Ms', '<', 2000], ['http.load.rps', '<', 100],
  ]);
});

test('every documented numeric path is accepted as written', () => {
  for (const path of NUMERIC_PATHS) assert.equal(parseBudgets(`${path}>1`)[0].path, path);
  assert.equal(parseBudgets('blocks.0.durationMs>100')[0].path, 'blocks.0.durationMs');
  assert.deepEqual(parseBudgets('threads.1.lag.p99>50ms,threads.0.elu.mean>50%,loop.turnsPerSec<100').map((b) => [b.path, b.limit]),
    [['threads.1.lag.p99Ms', 50], ['threads.0.elu.mean', 0.5], ['loop.turnsPerSec', 100]]);
  assert.throws(() => parseBudgets('threads.x.lag.p99>1'), /not a numeric field/);
});

for (const [text, expected] of /** @type {[string, RegExp][]} */ ([
  ['lag.p999>5ms', /"lag.p999" is not a numeric field/],
  ['lag.p99=5', /cannot read "lag.p99=5"/],
  ['lag.p99>', /cannot read/],
  ['>5', /cannot read/],
  ['blocks.count>2ms', /unit ms does not fit blocking.count/],
  ['elu.max>10ms', /unit ms does not fit elu.max/],
  ['lag.p99>5%', /unit % does not fit lag.p99Ms/],
  ['verdict.status>1', /not a numeric field/],
  [' , ', /no budget given/],
])) {
  test(`malformed budget ${JSON.stringify(text)}: a usage error saying what is wrong`, () => {
    assert.throws(() => parseBudgets(text), (/** @type {any} */ e) => e instanceof UsageError && e.exitCode === 2 && expected.test(e.message));
  });
}

test('the option parser accumulates repeated --fail-on and reports errors through commander', () => {
  const both = parseOption('blocks.count>0', parseOption('lag.p99>50ms'));
  assert.deepEqual(both.map((b) => b.path), ['lag.p99Ms', 'blocking.count']);
  assert.throws(() => parseOption('nope>1'), (/** @type {any} */ e) => e.code === 'commander.invalidArgument' && /nope/.test(e.message));
});

test('--format: lists, aliases, all, and unknown names', () => {
  assert.deepEqual(formats('html,md'), ['html', 'md']);
  assert.deepEqual(formats('markdown, xml'), ['md', 'junit']);
  assert.deepEqual(formats('all'), ['json', 'html', 'md', 'junit', 'pprof', 'benchmark']);
  assert.deepEqual(formats('pprof,benchmark'), ['pprof', 'benchmark']);
  assert.throws(() => formats('pdf,html'), /not pdf/);
  assert.throws(() => formats(','), /comma-separated list/);
});

test('evaluation: a budget fails when its expression holds, passes otherwise', () => {
  const report = sampleReport();
  const results = evaluateBudgets(report, parseBudgets('lag.p99>50ms,lag.p99>500ms,blocks.count>=3,blocks.count>3,elu.max>90%,http.probe.p99<100ms,cpu<=50%'));
  assert.deepEqual(results.map((r) => [r.expr, r.actual, r.ok]), [
    ['lag.p99>50ms', 304, false],
    ['lag.p99>500ms', 304, true],
    ['blocks.count>=3', 3, false],
    ['blocks.count>3', 3, true],
    ['elu.max>90%', 0.994, false],
    ['http.probe.p99<100ms', 812, true],
    ['cpu<=50%', 35.1, false],
  ]);
  assert.deepEqual(breached(results).map((r) => r.expr), ['lag.p99>50ms', 'blocks.count>=3', 'elu.max>90%', 'cpu<=50%']);
});

test('a budget on a field the run has no value for fails (no probe, no such block)', () => {
  const report = sampleReport();
  report.http.probe = null;
  const results = evaluateBudgets(report, parseBudgets('http.probe.p99>200ms,blocks.9.durationMs>100'));
  assert.deepEqual(results.map((r) => [r.actual, r.ok]), [[null, false], [null, false]]);
  assert.match(describeResult(results[0]), /has no value in this run: failed/);
});

test('results read in the field\'s unit', () => {
  const [lag, elu, count] = evaluateBudgets(sampleReport(), parseBudgets('lag.p99>50ms,elu.max>0.9,blocks.count>0'));
  assert.equal(describeResult(lag), 'lag.p99>50ms: lag.p99Ms is 304 ms (fails when > 50 ms): failed');
  assert.equal(describeResult(elu), 'elu.max>0.9: elu.max is 99.4% (fails when > 90%): failed');
  assert.equal(describeResult(count), 'blocks.count>0: blocking.count is 3 (fails when > 0): failed');
  assert.equal(formatValue('cpu.percent', 35.1), '35.1%');
  assert.equal(valueAt({ a: { b: '3' } }, 'a.b'), null, 'strings are not numbers');
});
