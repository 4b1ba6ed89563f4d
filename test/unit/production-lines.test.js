// The production log's block lines say what the agent decided: a block named from a full capture,
// a block the capture saw too little of ('partial': no culprit, a note), a stall the machine held
// (never the app's); `report <log>` keeps those apart as a run does, and scales garbage collection observed
// in part of an interval; blocks back to back each get their own capture.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { blockLine, listenLine, statsLine } from '../../src/production/lines.js';
import { warmupLine } from '../../src/report/table.js';
import { createRequire } from 'node:module';
import { Histogram } from '../../src/agent/histogram.cjs';
import { logToReport } from '../../src/production/log-report.js';
import { captureOf } from '../../src/production/capture-of.js';

const culprit = { functionName: 'renderReport', url: '/srv/app.js', line: 7, owner: { kind: 'app', name: 'app' }, label: 'renderReport app.js:11', calledFrom: { functionName: 'renderReport', url: '/srv/app.js', line: 11 } };
const attributed = {
  t: Date.parse('2026-11-24T10:00:00Z'), startMs: 0, durationMs: 260, waitMs: 5, runMs: 250, cause: 'sync', phase: 'poll', culprit, fix: 'own-loop',
  advice: 'renderReport ran 260 ms without yielding', owners: [{ kind: 'app', name: 'app', ms: 260, share: 1 }],
  stack: [{ functionName: 'renderReport', url: '/srv/app.js', line: 7 }],
  samples: [{ tMs: 200, stack: [{ functionName: 'end', url: 'node:_http_outgoing', line: 1 }] }],
};
const m = { pid: 7, loop: 'main', cwd: '/srv' };
const { readSettings } = createRequire(import.meta.url)('../../src/production/settings.cjs');

test('a block named from its capture: culprit, fix, advice', () => {
  const line = blockLine(attributed, { ...m, captured: true });
  assert.equal(line.culprit?.label, 'renderReport app.js:11');
  assert.equal(line.culprit?.file, 'app.js');
  assert.equal(line.fix, 'own-loop');
  assert.equal(line.captured, true);
  assert.equal(line.heldBy, undefined);
  assert.equal(line.note, undefined);
  assert.equal(line.runMs, 250);
});

test('a capture that saw too little names no culprit and says so', () => {
  const line = blockLine(attributed, { ...m, captured: 'partial', seen: { samples: 2, firstMs: 200 } });
  assert.equal(line.captured, 'partial');
  assert.equal(line.culprit, null);
  assert.equal(line.fix, null);
  assert.equal(line.advice, null);
  assert.deepEqual(line.owners, []);
  assert.match(line.note ?? '', /2 stack sample\(s\) of the app's code, from 200 ms into it/);
  assert.equal(line.stacks.length, 1, 'what it saw is kept');
});

test('a stall the machine held is not the app\'s block', () => {
  const starved = { ...attributed, waitMs: 230, runMs: 30 };
  const line = blockLine(starved, { ...m, captured: true, heldBy: 'machine' });
  assert.equal(line.heldBy, 'machine');
  assert.equal(line.culprit, null);
  assert.match(line.note ?? '', /waited for a CPU 230 ms of this 260 ms stall and ran 30 ms/);
  // report <log>: the machine's stall is apart, the partial block is the app's (unnamed)
  const log = [
    { event: 'start', t: '2026-11-24T09:59:59.000Z', pid: 7, loop: 'main', settings: { thresholdMs: 100 } },
    blockLine(attributed, { ...m, captured: true }),
    line,
    blockLine({ ...attributed, t: attributed.t + 1000 }, { ...m, captured: 'partial', seen: { samples: 1, firstMs: 240 } }),
  ].map((l) => JSON.stringify(l)).join('\n');
  const { report, profile } = logToReport(log, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } });
  assert.equal(report.blocks.length, 2);
  assert.deepEqual(report.blocks.map((b) => b.culprit?.functionName ?? null), ['renderReport', null]);
  assert.equal(report.machine.starvedBlocks.length, 1);
  assert.ok(report.notes.some((n) => /1 stall\(s\) of the loop were the machine's/.test(n)), report.notes.join('\n'));
  assert.ok(report.notes.some((n) => /1 block\(s\) name no culprit/.test(n)), report.notes.join('\n'));
  // the flame graph holds the named block's stacks only
  assert.equal(profile?.samples.length, 260);
});

test('report <log>: blocks that ended before the app listened are its start-up, shown apart and not judged; a process that never listened has none', () => {
  const at = (/** @type {number} */ ms) => attributed.t + ms;
  const block = (/** @type {number} */ ms, /** @type {number} */ pid) => blockLine({ ...attributed, t: at(ms), durationMs: 300 }, { ...m, pid, captured: true });
  const start = (/** @type {number} */ pid) => ({ event: 'start', t: new Date(at(-500)).toISOString(), pid, loop: 'main', settings: { thresholdMs: 100 } });
  const log = [
    // the app listens at the end of the turn that built it: the block ends at the next beat, after the listen
    start(7), block(0, 7), listenLine({ t: at(299), pid: 7, loop: 'main' }), block(1000, 7),
    // another process that never listened (a queue consumer): its blocks are judged
    start(8), block(100, 8),
  ].map((l) => JSON.stringify(l)).join('\n');
  const { report } = logToReport(log, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } });
  assert.deepEqual(report.blocks.map((b) => b.startMs), [1500, 600]);
  assert.equal(report.warmup?.blocks.length, 1);
  assert.equal(report.warmup?.blocks[0].startMs, 500);
  assert.equal(report.warmup?.durationMs, 799);
  assert.match(warmupLine(report) ?? '', /^start-up, before the app listened, not judged: 1 block\(s\), the longest 300 ms/);
  // only the start-up's block: responsive; the verdict never counts it
  const alone = [start(7), block(0, 7), listenLine({ t: at(400), pid: 7, loop: 'main' })].map((l) => JSON.stringify(l)).join('\n');
  const quiet = logToReport(alone, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } }).report;
  assert.equal(quiet.blocks.length, 0);
  assert.equal(quiet.verdict.status, 'responsive', quiet.verdict.reasons.join('; '));
  // the loop's delay at start-up (the stats line the listen closed, and those before it) is not judged either
  const lagOf = (/** @type {number[]} */ values) => {
    const h = new Histogram();
    for (const v of values) h.record(v);
    return h.toJSON();
  };
  const statsAt = (/** @type {number} */ ms, /** @type {number[]} */ lags, /** @type {boolean} */ startup) => statsLine({ t: at(ms), loop: 'main', startup, summary: { lag: lagOf(lags), measureStart: at(ms - 1000), measureEnd: at(ms) } }, 7, 0);
  const withStats = [start(7), block(0, 7), listenLine({ t: at(299), pid: 7, loop: 'main' }), statsAt(350, [300, 275, 250, 1, 1], true), statsAt(1350, Array(50).fill(1), false)].map((l) => JSON.stringify(l)).join('\n');
  const settled = logToReport(withStats, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } }).report;
  assert.ok(settled.lag.p99Ms < 5, JSON.stringify(settled.lag));
  assert.equal(settled.verdict.status, 'responsive', settled.verdict.reasons.join('; '));
  // a block whose start, estimated from the loop's busy time, falls within a beat before the listen
  // (a first request sent as soon as the port is known): judged
  const beat = (/** @type {number} */ pid) => ({ ...start(pid), settings: { thresholdMs: 100, resolutionMs: 50 } });
  const soon = logToReport([beat(7), listenLine({ t: at(20), pid: 7, loop: 'main' }), block(0, 7)].map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } }).report;
  assert.deepEqual([soon.blocks.length, soon.warmup], [1, null]);
  // without the listen line the same block is judged
  const unheard = logToReport([start(7), block(0, 7)].map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } }).report;
  assert.equal(unheard.warmup, null);
  assert.equal(unheard.verdict.status, 'blocked');
});

test('report <log>: garbage collection observed in part of a stats interval is scaled to the interval', () => {
  const stats = (/** @type {string} */ t, /** @type {object} */ gc) => ({ event: 'stats', t, pid: 7, loop: 'main', seconds: 60, elu: 0.1, cpuPercent: 5, gc, blocks: 0, dropped: 0, routes: [] });
  const log = [
    { event: 'start', t: '2026-11-24T09:59:00.000Z', pid: 7, loop: 'main', settings: { thresholdMs: 200 } },
    stats('2026-11-24T10:00:00.000Z', { count: 10, totalMs: 20, maxMs: 3, observedS: 6 }),
    stats('2026-11-24T10:01:00.000Z', { count: 5, totalMs: 7, maxMs: 4 }),
    stats('2026-11-24T10:02:00.000Z', { count: 0, totalMs: 0, maxMs: 0, observedS: 0 }),
    // a block held the loop over the part to observe: 10 ms of it, taken as it is
    stats('2026-11-24T10:03:00.000Z', { count: 1, totalMs: 2, maxMs: 2, observedS: 0.01 }),
  ].map((l) => JSON.stringify(l)).join('\n');
  const { report } = logToReport(log, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } });
  assert.deepEqual(report.gc, { count: 106, totalMs: 209, maxMs: 4 });
  assert.deepEqual(report.timeline.points.map((p) => p.gcMs), [200, 7, 0, 2]);
});

test('blocks back to back: each is paired with the capture that saw most of it, not the one before that ends inside it', () => {
  // captures stop once the loop turned: the first ends 6 ms into the second block
  const captures = [{ from: 1050, to: 2506 }, { from: 2560, to: 4003 }];
  assert.equal(captureOf(captures, 1000, 2500), captures[0]);
  assert.equal(captureOf(captures, 2500, 4000), captures[1]);
  assert.equal(captureOf(captures, 5000, 6000), undefined);
});

test('EVENTLOOP_PROBE_REQUESTS: every request below 2000 a second by default, a rate of one\'s own, all, or none', () => {
  assert.deepEqual([readSettings({}).requests, readSettings({}).requestsPerS], [true, 2000]);
  assert.equal(readSettings({ EVENTLOOP_PROBE_REQUESTS: '1' }).requestsPerS, 2000, '1 still means on');
  assert.equal(readSettings({ EVENTLOOP_PROBE_REQUESTS: '20000' }).requestsPerS, 20000);
  assert.equal(readSettings({ EVENTLOOP_PROBE_REQUESTS: 'all' }).requestsPerS, 0);
  assert.equal(readSettings({ EVENTLOOP_PROBE_REQUESTS: '0' }).requests, false);
});

test('EVENTLOOP_PROBE_THRESHOLD: the heartbeat every half threshold, 20 ms at least and 1 s at most (a higher threshold wakes the app less often)', () => {
  const beat = (/** @type {string | undefined} */ threshold) => readSettings({ EVENTLOOP_PROBE_THRESHOLD: threshold }).resolutionMs;
  assert.deepEqual([beat(undefined), beat('30'), beat('100'), beat('500'), beat('1000'), beat('5000')], [100, 20, 50, 250, 500, 1000]);
});

test('requests followed 1 in N: the block line says so beside its estimate of who waited, the stats line how many were served and followed', () => {
  const sampled = blockLine({ ...attributed, requests: { ran: [{ route: 'GET /report', count: 1, msEach: 260 }], waited: 40, delayedMs: 900, queuedAfter: 0, label: 'GET /report', oneIn: 8 } }, { ...m, captured: true });
  assert.deepEqual([sampled.request, sampled.waited, sampled.requestsOneIn], ['GET /report', 40, 8]);
  const full = blockLine({ ...attributed, requests: { ran: [], waited: 3, delayedMs: 10, queuedAfter: 1, label: null } }, { ...m, captured: true });
  assert.equal(full.requestsOneIn, undefined);
  const summary = { measureStart: 0, measureEnd: 60000, lag: new Histogram().toJSON(), routes: {}, requests: { served: 80000, followed: 10000 } };
  assert.deepEqual(statsLine({ t: 0, loop: 'main', summary }, 7, 0).requests, { served: 80000, followed: 10000 });
});

test('report <log> on an overloaded machine: a block is judged without its thread\'s wait for a CPU, and the lag too, from the stats lines', () => {
  const at = (/** @type {number} */ ms) => attributed.t + ms;
  const start = { event: 'start', t: new Date(at(-500)).toISOString(), pid: 7, loop: 'main', settings: { thresholdMs: 50 } };
  const lagOf = (/** @type {number[]} */ values) => {
    const h = new Histogram();
    for (const v of values) h.record(v);
    return h.toJSON();
  };
  // a first request's 300 ms stall: 65 ms of it on a CPU, 235 ms waiting for one
  const stall = blockLine({ ...attributed, t: at(0), durationMs: 300, waitMs: 235, runMs: 65 }, { ...m, captured: true });
  const stats = statsLine({ t: at(1000), loop: 'main', summary: { lag: lagOf([300, 120, 90, 80, 70]), ownLag: lagOf([65, 4, 3, 2, 1]), runWaitMs: 400, measureStart: at(0), measureEnd: at(1000) } }, 7, 0);
  assert.ok(Math.abs(Number(stats.lagOwn?.p99Ms) - 65) < 1, JSON.stringify(stats.lagOwn?.p99Ms));
  assert.equal(stats.runWaitMs, 400);
  const tool = { name: 'eventloop-probe', version: '0' };
  const { report } = logToReport([start, stall, stats].map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool });
  assert.equal(report.blocks[0].waitMs, 235);
  assert.ok(Math.abs(report.machine.lagP99WithoutWaitMs - 65) < 1, JSON.stringify(report.machine));
  assert.equal(report.machine.runWaitShare, 0.4);
  assert.equal(report.verdict.status, 'degraded', report.verdict.reasons.join('; '));
  assert.match(report.verdict.reasons[0], /^1 block\(s\) >= 50 ms \(the longest 300 ms, 65 ms of it without the wait for a CPU\)$/);
  assert.ok(report.notes.some((n) => /waited for a CPU 40% of the window: the machine was overloaded/.test(n)), report.notes.join('\n'));
  // the same stall run on a CPU: blocked; a log of an agent that did not say its wait: judged as it was
  const ran = blockLine({ ...attributed, t: at(0), durationMs: 300, waitMs: 5, runMs: 290 }, { ...m, captured: true });
  assert.equal(logToReport([start, ran, stats].map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool }).report.verdict.status, 'blocked');
  const { lagOwn: _o, runWaitMs: _w, ...older } = stats;
  const old = logToReport([start, blockLine({ ...attributed, t: at(0), durationMs: 300, waitMs: undefined, runMs: undefined }, { ...m, captured: true }), older].map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool }).report;
  assert.deepEqual([old.verdict.status, old.machine.lagP99WithoutWaitMs], ['blocked', null]);
});

test('a block that ran two routes back to back: its line says each route\'s time and own culprit, and report <log> reads them back', () => {
  const faker = { functionName: 'iban', url: '/srv/node_modules/@faker-js/faker/dist/chunk.cjs', line: 7, owner: { kind: 'package', name: '@faker-js/faker', version: '9.3.0' }, label: '@faker-js/faker@9.3.0 iban ← app.js:31', calledFrom: { functionName: '(anonymous)', url: '/srv/app.js', line: 31 } };
  const ran = [
    { route: 'GET /report', count: 1, msEach: 160, total: 160, culprit, fix: 'own-loop' },
    { route: 'GET /sandbox/customers', count: 1, msEach: 100, total: 100, culprit: faker, fix: 'cache-bound-offload' },
  ];
  const both = { ...attributed, requests: { ran, waited: 4, delayedMs: 300, queuedAfter: 0, label: 'GET /report +1 route(s)' } };
  const line = blockLine(both, { ...m, captured: true });
  assert.deepEqual(line.routes?.map((r) => [r.route, r.msEach, r.culprit?.label, r.fix]), [
    ['GET /report', 160, 'renderReport app.js:11', 'own-loop'],
    ['GET /sandbox/customers', 100, '@faker-js/faker@9.3.0 iban ← app.js:31', 'cache-bound-offload'],
  ]);
  assert.equal(line.routes?.[1].culprit?.file, 'node_modules/@faker-js/faker/dist/chunk.cjs');
  // a capture that saw too little names no route's culprit either; one route gives no `routes`
  assert.equal(blockLine(both, { ...m, captured: 'partial', seen: { samples: 1, firstMs: 200 } }).routes?.[1].culprit, undefined);
  assert.equal(blockLine({ ...attributed, requests: { ...both.requests, ran: ran.slice(0, 1), label: 'GET /report' } }, { ...m, captured: true }).routes, undefined);

  const log = [
    { event: 'start', t: '2026-11-24T09:59:59.000Z', pid: 7, loop: 'main', settings: { thresholdMs: 100 } },
    line,
    { event: 'stats', t: '2026-11-24T10:01:00.000Z', pid: 7, loop: 'main', seconds: 60, elu: 0.1, cpuPercent: 5, blocks: 1, dropped: 0,
      routes: [{ route: 'GET /report', requests: 3, errors: 0, p50Ms: 160, p99Ms: 300, maxMs: 300 }, { route: 'GET /sandbox/customers', requests: 2, errors: 0, p50Ms: 100, p99Ms: 260, maxMs: 260 }] },
  ].map((l) => JSON.stringify(l)).join('\n');
  const { report } = logToReport(log, { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } });
  const back = report.blocks[0].requests?.ran ?? [];
  assert.deepEqual(back.map((/** @type {any} */ r) => [r.route, r.culprit?.label, r.culprit?.owner?.name, r.fix]), [
    ['GET /report', 'renderReport app.js:11', 'app', 'own-loop'],
    ['GET /sandbox/customers', '@faker-js/faker@9.3.0 iban ← app.js:31', '@faker-js/faker', 'cache-bound-offload'],
  ]);
  // the routes table shares the block between the two, as run's does
  const rows = Object.fromEntries((report.routes ?? []).map((/** @type {any} */ r) => [r.route, r.blockedMs]));
  assert.deepEqual([rows['GET /report'], rows['GET /sandbox/customers']], [160, 100]);
});

test('report <log>: a route\'s latency over several stats lines is read from their merged histograms, not the worst interval\'s percentiles', () => {
  const t0 = Date.parse('2026-12-02T10:00:00Z');
  const start = { event: 'start', t: new Date(t0).toISOString(), pid: 7, loop: 'main', settings: { thresholdMs: 200 } };
  const latency = (/** @type {number[]} */ values) => {
    const h = new Histogram();
    for (const v of values) h.record(v);
    return h.toJSON();
  };
  const interval = (/** @type {number} */ i, /** @type {number[]} */ values) => statsLine({ t: t0 + i * 60_000, loop: 'main', summary: {
    measureStart: t0 + (i - 1) * 60_000, measureEnd: t0 + i * 60_000, lag: latency([1]),
    routes: { 'POST /signup': { count: values.length, errors: 0, latency: latency(values) } },
  } }, 7, 0);
  // one slow first sign-in, then four of about 100 ms
  const lines = [start, interval(1, [354]), interval(2, [100, 102, 104, 110])];
  assert.equal(lines[1].routes[0].p50Ms, 354, 'the first interval alone');
  const { report } = logToReport(lines.map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } });
  const row = report.routes.find((/** @type {any} */ r) => r.route === 'POST /signup');
  assert.equal(row.requests, 5);
  assert.ok(row.p50Ms >= 100 && row.p50Ms <= 106, `p50 of the five: ${row.p50Ms}`);
  assert.ok(Math.abs(row.p99Ms - 354) < 5 && Math.abs(row.maxMs - 354) < 5, JSON.stringify(row));
  // a log of an earlier version, whose stats lines have no histogram: the highest interval's figures, an upper bound
  const older = lines.map((l) => (l.event === 'stats' ? { ...l, routes: l.routes.map((/** @type {any} */ { histogram: _h, ...r }) => r) } : l));
  const old = logToReport(older.map((l) => JSON.stringify(l)).join('\n'), { file: '/srv/eventloop.log', tool: { name: 'eventloop-probe', version: '0' } }).report;
  assert.equal(old.routes.find((/** @type {any} */ r) => r.route === 'POST /signup').p50Ms, 354);
});
