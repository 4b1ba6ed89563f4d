// Rows of the scenario comparison, the blocks verdict, the recommendation, and the
// work counted inside the measured window.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scenarioRows, bestRow, recommendation, blocksLoop, median } from '../../src/analyze/scenario-rows.js';
import { workInWindow } from '../../src/analyze/work.js';

/** A report.json with what the rows read. @param {Partial<{rps: number, cpu: number, blocks: any[], p99: number}>} o */
function report(o) {
  return {
    run: { thresholdMs: 50, durationMs: 2000 },
    work: { scenario: 'x', rounds: (o.rps ?? 0) * 2, roundsPerSec: o.rps ?? 0 },
    cpu: { percent: o.cpu ?? 95 },
    lag: { p99Ms: o.p99 ?? 5, maxMs: (o.p99 ?? 5) * 1.2 },
    http: { probe: { p50Ms: 1, p99Ms: o.p99 ?? 5, maxMs: o.p99 ?? 5 } },
    blocking: { count: (o.blocks ?? []).length, longestMs: Math.max(0, ...(o.blocks ?? []).map((b) => b.durationMs)), fraction: (o.blocks ?? []).length ? 0.9 : 0 },
    blocks: o.blocks ?? [],
    verdict: { status: (o.blocks ?? []).length ? 'blocked' : 'responsive' },
  };
}
/** @param {string} name */
const scenario = (name) => ({ name, description: name, expected: name, advice: `advice ${name}` });

test('a scenario blocks the loop when its blocks cover half of the window or more', () => {
  const r = report({ blocks: [{ startMs: 100, durationMs: 300 }] });
  r.blocking.fraction = 0.9;
  assert.equal(blocksLoop(r), true);
  r.blocking.fraction = 0.3; // stalls of a busy shared machine
  assert.equal(blocksLoop(r), false);
  r.blocking.fraction = 0.5;
  assert.equal(blocksLoop(r), true);
  assert.equal(blocksLoop(report({})), false);
});

test('rows: medians over repeated runs, ratio to sync, phase and the longest block advice from the blocks when present', () => {
  const rows = scenarioRows([
    { scenario: scenario('sync'), runs: [200, 220, 210].map((rps) => ({ report: report({ rps, blocks: [{ startMs: 0, durationMs: 600, phase: 'timers', advice: 'move it' }], p99: 600 }), path: 'sync/report.json' })) },
    { scenario: scenario('set-timeout'), runs: [{ report: report({ rps: 2, cpu: 8 }), path: 'st/report.json' }] },
    { scenario: scenario('partitioned'), runs: [{ report: report({ rps: 189 }), path: 'p/report.json' }] },
  ]);
  const [sync, st, part] = rows;
  assert.equal(sync.throughput, 210);
  assert.deepEqual(sync.throughputSpread, { min: 200, max: 220 });
  assert.equal(sync.verdict, 'blocks');
  assert.equal(sync.phase, 'timers');
  assert.equal(sync.advice, 'advice sync');
  assert.equal(sync.blockAdvice, 'move it');
  assert.equal(sync.reports.length, 3);
  // one run of three caught by a stall of the machine does not make a responsive pattern block
  const stalled = report({ rps: 180, blocks: [{ startMs: 0, durationMs: 600 }] });
  const mixed = scenarioRows([{ scenario: scenario('partitioned'), runs: [stalled, report({ rps: 190 }), report({ rps: 185 })].map((r) => ({ report: r, path: 'p' })) }]);
  assert.equal(mixed[0].verdict, 'responsive');
  assert.equal(mixed[0].blocks.fraction, 0);
  assert.equal(st.throughputRatio, Math.round((2 / 210) * 1000) / 1000);
  assert.equal(st.phase, null);
  assert.equal(st.advice, 'advice set-timeout');
  assert.equal(part.verdict, 'responsive');
  assert.equal(bestRow(rows)?.name, 'partitioned');
  assert.match(recommendation(rows), /^use partitioned: responsive \(probe p99 5 ms, lag p99 5 ms\) at 189 rounds\/s \(0\.90x sync\); sync blocks the loop \(probe p99 600 ms, longest block 600 ms\)$/);
  assert.match(recommendation(rows.slice(0, 1)), /no scenario kept the loop responsive/);
  assert.equal(median([3, 1, 2, 10]), 2.5);
});

test('work: rounds per 100 ms window counted inside the measured window, edges pro rata', () => {
  const work = { scenario: 'sync', rounds: 600, windowMs: 100, windows: /** @type {[number, number][]} */ ([[900, 100], [1000, 200], [1100, 200], [1200, 100]]) };
  const w = workInWindow(work, 1050, 1250);
  assert.deepEqual(w, { scenario: 'sync', rounds: 100 + 200 + 50, roundsPerSec: 1750 });
  assert.equal(workInWindow(null, 0, 1), null);
});
