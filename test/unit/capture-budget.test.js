// The production agent's stack captures take at most their budget of the app's time: each start's
// heap walk is read from its profile, a capture starts only while the last minute's walks and the
// one expected next fit, and a block left without a capture says why.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { CaptureBudget, startWalkMs } from '../../src/production/capture-budget.js';
import { blockLine, statsLine } from '../../src/production/lines.js';
import { logToReport } from '../../src/production/log-report.js';

test('captures start while the last minute\'s walks and the next one expected fit the budget', () => {
  const b = new CaptureBudget(100);
  const t = 1_000_000;
  assert.equal(b.fits(t), true, 'nothing spent, nothing expected');
  b.record(t, 40);
  assert.equal(b.fits(t + 1000), true, '40 spent + 40 expected');
  b.record(t + 1000, 45);
  assert.equal(b.fits(t + 2000), false, '85 spent + 45 expected');
  b.refused();
  assert.equal(b.fits(t + 3000), false);
  b.refused();
  assert.equal(b.spent(t + 59_000), 85);
  assert.equal(b.fits(t + 60_500), true, 'the first walk left the minute: 45 spent + 45 expected');
  b.recordSampled();
  assert.equal(b.lastMs, 45, 'a capture sampled without the profiler walks nothing: the expectation stays');
  assert.deepEqual(b.take(), { count: 3, sampled: 1, startMs: 85, skipped: 2 });
  assert.deepEqual(b.take(), { count: 0, sampled: 0, startMs: 0, skipped: 0 }, 'the count restarts');
});

test('one walk longer than the whole budget: the first capture starts (it is the measure), the next do not', () => {
  const b = new CaptureBudget(600);
  assert.equal(b.fits(0), true);
  b.record(0, 900);
  assert.equal(b.fits(120_000), false, 'expected 900 ms, more than the budget');
  assert.equal(new CaptureBudget(0).fits(0), false, 'a budget of 0: no capture');
});

test('a capture\'s walk from its profile: the first sample\'s delay less one interval; none without a sample', () => {
  assert.equal(startWalkMs({ startTime: 5_000_000, timeDeltas: [161_400, 1000], samples: [2, 3] }, 1000), 160.4);
  assert.equal(startWalkMs({ startTime: 5_000_000, timeDeltas: [500], samples: [2] }, 1000), 0);
  assert.equal(startWalkMs({ startTime: 5_000_000, timeDeltas: [], samples: [] }, 1000), null);
});

test('a block without a capture for the budget names no culprit and says why; the stats line counts the captures', () => {
  const block = { t: Date.parse('2026-11-27T10:00:00Z'), startMs: 0, durationMs: 400, advice: 'no stack sample fell inside this block' };
  const line = blockLine(block, { pid: 7, loop: 'main', cwd: '/srv', captured: false, skipped: { spentMs: 540, budgetMs: 600 } });
  assert.equal(line.culprit, null);
  assert.equal(line.captured, false);
  assert.equal(line.note, 'no stack capture: the captures\' starts held the app\'s thread 540 ms in the last minute, against a budget of 600 ms (EVENTLOOP_PROBE_CAPTURE_BUDGET)');
  const plain = blockLine(block, { pid: 7, loop: 'main', cwd: '/srv', captured: false });
  assert.equal(plain.note, undefined, 'a block no capture reached for another reason has no such note');
  const summary = { lag: { buckets: [], count: 0 }, measureStart: 0, measureEnd: 60_000, elu: { utilization: 0.1 }, blocks: 2 };
  const stats = statsLine({ t: 60_000, loop: 'main', summary }, 7, 0, { count: 1, sampled: 0, startMs: 68.2, skipped: 3 });
  assert.deepEqual(stats.captures, { count: 1, sampled: 0, startMs: 68.2, skipped: 3 });
});

test('report <log>: the captures the stats lines counted are added up in its notes', () => {
  const stats = (/** @type {string} */ t, /** @type {object} */ captures) => ({ event: 'stats', t, pid: 7, loop: 'main', seconds: 60, elu: 0.1, cpuPercent: 5, gc: { count: 0, totalMs: 0, maxMs: 0 }, blocks: 0, dropped: 0, routes: [], captures });
  const log = [
    { event: 'start', t: '2026-11-27T09:59:00.000Z', pid: 7, loop: 'main', settings: { thresholdMs: 200 } },
    stats('2026-11-27T10:00:00.000Z', { count: 2, sampled: 0, startMs: 140.4, skipped: 1 }),
    stats('2026-11-27T10:01:00.000Z', { count: 1, sampled: 0, startMs: 70.2, skipped: 2 }),
  ].map((l) => JSON.stringify(l)).join('\n');
  const { report } = logToReport(log, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } });
  assert.ok(report.notes.includes('3 block(s) had no stack capture: the captures\' budget (EVENTLOOP_PROBE_CAPTURE_BUDGET) was spent'), JSON.stringify(report.notes));
  assert.ok(report.notes.includes('the stack captures\' starts held the app\'s thread 211 ms in all (V8\'s profiler walks the heap when it starts)'), JSON.stringify(report.notes));
});
