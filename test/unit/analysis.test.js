import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Timeline } from '../../src/agent/timeline.cjs';
import { blocksInWindow, blockTotals, ongoingBlock } from '../../src/analyze/blocks.js';
import { verdict } from '../../src/analyze/verdict.js';
import { buildTimeline } from '../../src/analyze/timeline.js';
import { probeWithoutWait } from '../../src/analyze/probe-wait.js';

test('a 1 s stall spreads over the windows it covers, with the lag each would see', () => {
  const tl = new Timeline(100);
  tl.add(1000, 1010, { activeMs: 1, dueAt: 1010 });
  tl.addCpu(1000, 1010, 1);
  tl.add(1010, 2020, { activeMs: 1010, dueAt: 1020 });
  tl.addCpu(1010, 2020, 1000);
  const windows = tl.drain(2000);
  assert.equal(windows.length, 10);
  assert.ok(windows.slice(1).every((w) => w.elu === 1), JSON.stringify(windows));
  assert.equal(windows[0].lagMaxMs, 1000); // due at 1020, ran at 2020
  assert.equal(windows[9].lagMaxMs, 1020 - 900 + 0); // due at 1900, ran at 2020
  assert.ok(Math.abs(windows[5].cpuPercent - 99) < 1.5);
  assert.equal(tl.drain(3000).length, 1); // the window holding 2000..2020
});

test("the CPU read once a window spreads over the time since the last reading", () => {
  const tl = new Timeline(100);
  tl.add(1000, 1300, { activeMs: 300, dueAt: 1020 });
  tl.addCpu(1050, 1250, 200);
  assert.deepEqual(tl.drain(1300).map((w) => w.cpuPercent), [50, 100, 50]);
});

test('a probe is judged less its loop thread\'s wait for a CPU in the windows it spanned', () => {
  const tl = new Timeline(100);
  tl.add(1000, 1400, { activeMs: 40, dueAt: 1020 });
  // two readings: 60 ms of wait over 1000..1200, none over 1200..1300; 1300..1400 not read
  tl.addWait(1000, 1200, 60);
  tl.addWait(1200, 1300, 0);
  const windows = tl.drain(1400);
  assert.deepEqual(windows.map((w) => w.waitMs), [30, 30, 0, undefined]);
  // sent at 1050, 100 ms: half of the first window's wait and half of the second's
  const one = probeWithoutWait([[1050, 100]], windows, 100, 50);
  assert.ok(one && Math.abs(one.p99Ms - 70) < 1, JSON.stringify(one));
  assert.equal(one?.slow, 1);
  // a probe in the windows no reading covered keeps its latency
  assert.ok(Math.abs((probeWithoutWait([[1300, 80]], windows, 100, 50)?.p99Ms ?? 0) - 80) < 1);
  assert.equal(probeWithoutWait([[1050, 100]], [{ t: 1000 }], 100, 50), null, 'no wait read: nothing to judge without');
  // the verdict judges the probe so, and says both latencies
  const slowOnly = { requests: 100, p99Ms: 90, errors: 0, timeouts: 0, slow: 6 };
  const base = { lag: { p99Ms: 5 }, blocking: { count: 0, longestMs: 0, fraction: 0 }, machine: { lagP99WithoutWaitMs: 1, runWaitShare: 0.15 } };
  const crowded = verdict({ ...base, http: { probe: { ...slowOnly, p99WithoutWaitMs: 31, slowWithoutWait: 1 } } }, 50);
  assert.equal(crowded.status, 'responsive');
  assert.match(crowded.reasons.join('; '), /probe p99 31 ms without the wait for a CPU \(90 ms with it\) < 50 ms/);
  const slowApp = verdict({ ...base, http: { probe: { ...slowOnly, p99WithoutWaitMs: 84, slowWithoutWait: 5 } } }, 50);
  assert.equal(slowApp.status, 'degraded');
  assert.match(slowApp.reasons[0], /^probe p99 84 ms without the wait for a CPU \(90 ms with it\) >= 50 ms \(5 probes that slow\)$/);
  // a few ms of wait in a probe seconds long is not said; a wait that moves it across T is
  const blockedProbe = verdict({ ...base, http: { probe: { ...slowOnly, p99Ms: 4957, p99WithoutWaitMs: 4949, slowWithoutWait: 30 } } }, 50);
  assert.match(blockedProbe.reasons[0], /^probe p99 4957 ms >= 50 ms \(30 probes that slow\)$/);
  const across = verdict({ ...base, http: { probe: { ...slowOnly, p99Ms: 51, p99WithoutWaitMs: 49.5, slowWithoutWait: 2 } } }, 50);
  assert.match(across.reasons.join('; '), /probe p99 49\.5 ms without the wait for a CPU \(51 ms with it\) < 50 ms/);
});

test('blocks are cut at the window edges the same way everywhere', () => {
  const raw = [{ t: 900, durationMs: 200 }, { t: 1500, durationMs: 100 }, { t: 2950, durationMs: 300 }, { t: 100, durationMs: 50 }, { t: 980, durationMs: 60 }];
  const blocks = blocksInWindow(raw, 1000, 3000, 50);
  // 900+200 keeps 100 ms inside; 980+60 keeps 40 ms (< threshold): not a block of the window
  assert.deepEqual(blocks.map((b) => [b.startMs, b.durationMs]), [[0, 100], [500, 100], [1950, 50]]);
  assert.deepEqual(blocks.map((b) => b.fullDurationMs), [200, undefined, 300]);
  assert.deepEqual(blocks.map((b) => Boolean(b.clipped)), [true, false, true]);
  const totals = blockTotals(blocks, 2000);
  assert.equal(totals.count, 3);
  assert.equal(totals.totalMs, 100 + 100 + 50);
  assert.equal(totals.longestMs, 100, 'the longest block is measured inside the window, like the total');
  assert.equal(totals.fraction, 0.125);
});

test('an ongoing block runs from the last sign of life to the end', () => {
  assert.deepEqual(ongoingBlock(2500, 1000, 3000, 50), { startMs: 1500, durationMs: 500, ongoing: true });
  assert.equal(ongoingBlock(2990, 1000, 3000, 50), null);
});

test('verdict rules: blocked, degraded, responsive, each with its numbers', () => {
  const base = { lag: { p99Ms: 1 }, blocking: { count: 0, longestMs: 0, fraction: 0 }, http: { probe: { requests: 100, p99Ms: 3, errors: 0, timeouts: 0 } } };
  assert.equal(verdict(base, 50).status, 'responsive');
  assert.match(verdict(base, 50).reasons.join(';'), /probe p99 3 ms < 50 ms/);
  const oneBlock = { ...base, blocking: { count: 1, longestMs: 60, fraction: 0.01 } };
  assert.equal(verdict(oneBlock, 50).status, 'degraded');
  const longBlock = { ...base, blocking: { count: 1, longestMs: 120, fraction: 0.01 } };
  assert.equal(verdict(longBlock, 50).status, 'blocked');
  assert.match(verdict(longBlock, 50).reasons[0], /longest block 120 ms >= 100 ms/);
  const slowProbe = { ...base, http: { probe: { requests: 10, p99Ms: 70, errors: 0, timeouts: 2 } } };
  assert.equal(verdict(slowProbe, 50).status, 'degraded');
  assert.equal(verdict(slowProbe, 50).reasons.length, 2);
  // a p99 past the threshold made of one or two probes decides nothing, and says so
  const twoSlow = { ...base, http: { probe: { requests: 100, p99Ms: 58.3, errors: 0, timeouts: 0, slow: 2 } } };
  assert.equal(verdict(twoSlow, 50).status, 'responsive');
  assert.match(verdict(twoSlow, 50).reasons.join(';'), /probe p99 58\.3 ms, but only 2 probe\(s\) >= 50 ms \(fewer than 3 never decide\)/);
  const manySmall = { ...base, blocking: { count: 30, longestMs: 60, fraction: 0.2 } };
  assert.equal(verdict(manySmall, 50).status, 'blocked');
  // on an overloaded machine: a block is as long as its thread did not wait for a CPU in it
  const waited = { ...base, blocking: { count: 1, longestMs: 300, fraction: 0.15 }, blocks: [{ durationMs: 300, waitMs: 235 }] };
  assert.equal(verdict(waited, 50).status, 'degraded', verdict(waited, 50).reasons.join('; '));
  assert.match(verdict(waited, 50).reasons[0], /^1 block\(s\) >= 50 ms \(the longest 300 ms, 65 ms of it without the wait for a CPU\)$/);
  // a few ms of wait in a long block is not worth a reader's attention
  const little = { ...waited, blocks: [{ durationMs: 2964, waitMs: 9 }], blocking: { count: 1, longestMs: 2964, fraction: 0.9 } };
  assert.deepEqual(verdict(little, 50).reasons.slice(0, 2), ['longest block 2964 ms >= 100 ms', 'loop blocked 90% of the time >= 10%']);
  const ranLong = { ...waited, blocks: [{ durationMs: 300, waitMs: 150 }] };
  assert.match(verdict(ranLong, 50).reasons[0], /^longest block 150 ms without the wait for a CPU \(300 ms with it\) >= 100 ms$/);
  // a block cut at the window's edge: its share of the wait
  const cut = { ...waited, blocks: [{ durationMs: 150, fullDurationMs: 300, waitMs: 100 }], blocking: { count: 1, longestMs: 150, fraction: 0.15 } };
  assert.match(verdict(cut, 50).reasons[0], /^longest block 100 ms without the wait for a CPU \(150 ms with it\) >= 100 ms$/);
});

test('timeline fills the windows of an ongoing block', () => {
  const { points } = buildTimeline({
    windowMs: 100, from: 1000, to: 1500, windows: [{ t: 1000, lagMaxMs: 1, elu: 0.1, cpuPercent: 5, gcMs: 0 }],
    probe: null, load: null, ongoing: { startMs: 150 },
  });
  assert.equal(points.length, 5);
  assert.equal(points[0].elu, 0.1);
  assert.equal(points[1].lagMaxMs, 50);
  assert.equal(points[4].lagMaxMs, 350);
  assert.equal(points[4].elu, 1);
});
