// Rows of the scenario comparison, machine stalls vs code blocks, the recommendation, and the
// work counted inside the measured window.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scenarioRows, bestRow, recommendation, splitBlocks, blocksLoop, median } from '../../src/analyze/scenario-rows.js';
import { workInWindow } from '../../src/analyze/work.js';

/** A report.json with what the rows read. @param {Partial<{rps: number, cpu: number, blocks: any[], points: any[], p99: number}>} o */
function report(o) {
  return {
    run: { thresholdMs: 50, durationMs: 2000 },
    work: { scenario: 'x', rounds: (o.rps ?? 0) * 2, roundsPerSec: o.rps ?? 0 },
    cpu: { percent: o.cpu ?? 95 },
    lag: { p99Ms: o.p99 ?? 5, maxMs: (o.p99 ?? 5) * 1.2 },
    http: { probe: { p50Ms: 1, p99Ms: o.p99 ?? 5, maxMs: o.p99 ?? 5 } },
    blocking: { count: (o.blocks ?? []).length, longestMs: 0 },
    blocks: o.blocks ?? [],
    timeline: { windowMs: 100, points: o.points ?? Array.from({ length: 20 }, (_, i) => ({ tMs: i * 100, cpuPercent: o.cpu ?? 95 })) },
    verdict: { status: (o.blocks ?? []).length ? 'blocked' : 'responsive' },
  };
}
/** @param {string} name */
const scenario = (name) => ({ name, description: name, seeds: name, advice: `advice ${name}` });

test('a block while the process had the CPU is the code; one while it had none is the machine', () => {
  const points = Array.from({ length: 20 }, (_, i) => ({ tMs: i * 100, cpuPercent: i >= 10 && i < 13 ? 5 : 98 }));
  const r = report({ points, blocks: [{ startMs: 100, durationMs: 300 }, { startMs: 1020, durationMs: 150 }] });
  const { code, stalls } = splitBlocks(r);
  assert.deepEqual(code.map((b) => b.startMs), [100]);
  assert.deepEqual(stalls.map((b) => b.startMs), [1020]);
  assert.equal(blocksLoop(r), true);
  const onlyStall = report({ points, blocks: [{ startMs: 1020, durationMs: 150 }] });
  assert.equal(blocksLoop(onlyStall), false);
  // many short code blocks covering more than 10% of the window block the loop too
  assert.equal(blocksLoop(report({ blocks: Array.from({ length: 5 }, (_, i) => ({ startMs: i * 300, durationMs: 60 })) })), true);
});

test('rows: medians over repeated runs, ratio to sync, phase and advice from the blocks when present', () => {
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
  assert.equal(sync.advice, 'move it');
  assert.equal(sync.reports.length, 3);
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
