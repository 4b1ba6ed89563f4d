// libuv's thread pool from the agent's canaries and bursts: saturated or not, who fills it
// (weighed by how long their jobs held a thread, not by how many requests queued), the advice;
// and the window's figures from the timeline when the agent's counters missed the window.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { threadPoolSection, poolCallers } from '../../src/analyze/thread-pool.js';
import { verdict } from '../../src/analyze/verdict.js';
import { windowFigures, countersCover } from '../../src/analyze/window-figures.js';
import { ownerNotes } from '../../src/analyze/ownership.js';

const FROM = 1_000_000;
const hash = ['at pbkdf2 (node:internal/crypto/pbkdf2:47:15)', 'at /srv/app.js:10:10', 'at Layer.handle (/srv/node_modules/express/lib/router/layer.js:95:5)'];
const read = ['at readFile (node:internal/fs/promises:1032:9)', 'at async /srv/app.js:6:16'];
const gzip = ['at zlibBuffer (node:zlib:160:3)', 'at Object.gzip (node:zlib:210:10)', 'at compress (/srv/node_modules/compression/index.js:220:5)', 'at /srv/app.js:20:3'];

/** @param {number[]} waits */
const canaries = (waits) => waits.map((waitMs, i) => ({ t: FROM + i * 200, waitMs, elapsedMs: waitMs + 1 }));

test('a saturated pool: the jobs that held its threads are named first, however many the fast ones', () => {
  // 30 file reads that only queued (~600 ms), 10 hashes that queued and then ran ~300 ms
  const requests = [
    ...Array.from({ length: 30 }, (_, i) => ({ type: 'FSREQPROMISE', stack: read, ms: 600 + (i % 3) })),
    ...Array.from({ length: 10 }, (_, i) => ({ type: 'PBKDF2REQUEST', stack: hash, ms: 900 + i })),
  ];
  const agent = {
    pool: canaries([500, 610, 580, 640, 590, 620, 600, 5, 560, 610]),
    poolCallers: [{ t: FROM + 500, durationMs: 1000, requests }],
    summary: { pool: { size: 4, cores: 2 }, threadRunMs: 1000 },
  };
  const p = threadPoolSection(agent, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 4800, lagP99Ms: 4 });
  assert.ok(p);
  assert.equal(p.saturated, true);
  assert.equal(p.canaries, 10);
  assert.equal(p.waitP50Ms, 590);
  assert.equal(p.otherThreadsCores, 1.9);
  assert.deepEqual([p.callers[0].api, p.callers[0].url, p.callers[0].line, p.callers[0].count], ['crypto.pbkdf2', 'app.js', 10, 10]);
  assert.ok(p.callers[0].share > 0.9, JSON.stringify(p.callers));
  assert.equal(p.callers[1].api, 'fs.promises.readFile');
  assert.match(p.advice ?? '', /saturated: a job waited p50 590 ms.*4 threads \(2 cores\).* while the loop itself was free \(lag p99 4 ms\).*filled by crypto\.pbkdf2 at app\.js:10.*CPU-bound.*cannot make it faster.*worker pool of its own/);
  const v = verdict({ lag: { p99Ms: 4 }, blocking: { count: 0, longestMs: 0, fraction: 0 }, http: { probe: null }, threadPool: p }, 50);
  assert.equal(v.status, 'saturated');
  assert.match(v.reasons[0], /thread pool saturated: jobs waited p90 \d+ ms for one of its 4 threads \(filled by crypto\.pbkdf2 at app\.js:10\)/);
  // a blocked loop stays blocked, the pool said as well
  const both = verdict({ lag: { p99Ms: 4 }, blocking: { count: 1, longestMs: 400, fraction: 0.2 }, http: { probe: null }, threadPool: p }, 50);
  assert.equal(both.status, 'blocked');
  assert.ok(both.reasons.some((r) => r.includes('thread pool saturated')));
});

test('a pool that kept up is not saturated; disk work that waits gets more threads, callers through a package', () => {
  const quiet = threadPoolSection({ pool: canaries([0.3, 0.2, 0.4, 0.1, 0.3, 0.2]), poolCallers: [], summary: null }, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 100, lagP99Ms: 2 });
  assert.equal(quiet?.saturated, false);
  assert.equal(quiet?.advice, null);
  assert.equal(threadPoolSection({ pool: [], poolCallers: [], summary: null }, { from: FROM, to: FROM + 1, thresholdMs: 50, cwd: '/', cpuMs: 0, lagP99Ms: 0 }), null);
  const slowDisk = threadPoolSection({
    pool: canaries([200, 220, 210, 190, 230]),
    poolCallers: [{ t: FROM, requests: Array.from({ length: 8 }, () => ({ type: 'FSREQPROMISE', stack: read, ms: 240 })) }],
    summary: { pool: { size: 4, cores: 8 }, threadRunMs: 500 },
  }, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 600, lagP99Ms: 3 });
  assert.match(slowDisk?.advice ?? '', /mostly waits \(disk, DNS\): more threads help: set UV_THREADPOOL_SIZE/);
  const viaPackage = poolCallers([{ t: FROM, requests: [{ type: 'ZLIB', stack: gzip, ms: 50 }] }], [], '/srv');
  assert.deepEqual([viaPackage[0].api, viaPackage[0].package, viaPackage[0].line], ['zlib.gzip', 'compression', 20]);
});

test('the machine is blamed only when the app\'s own threads do not explain the wait for a CPU', () => {
  assert.match(ownerNotes([], [], 0.3, { otherThreadsCores: 1.8, cores: 2 }).join(), /the app's own other threads \(its thread pool.*used 1\.8 of the 2 cores/);
  assert.match(ownerNotes([], [], 0.3, { otherThreadsCores: 0.2, cores: 2 }).join(), /overloaded by other processes/);
});

test('a window blocked across its start and end: figures from the timeline, not from counters taken late', () => {
  const from = 10_000;
  const to = 13_000;
  // the agent heard 'window' and 'window-end' back to back, after a 3 s stall
  const late = { measureStart: 13_050, measureEnd: 13_051, resolutionMs: 20, lag: { counts: {} }, cpu: { userMs: 0.1, systemMs: 0 }, elu: { utilization: 1 }, gc: { count: 0, totalMs: 0, maxMs: 0 } };
  assert.equal(countersCover(late, from, to, 20), false);
  assert.equal(countersCover({ measureStart: from + 30, measureEnd: to - 10 }, from, to, 20), true);
  const windows = Array.from({ length: 30 }, (_, i) => ({ t: from + i * 100, lagMaxMs: 3000 - i * 100, elu: 1, cpuPercent: 98, gcMs: 4 }));
  const fig = windowFigures(late, windows, [{ t: from + 500, durationMs: 30 }], [{ t: from + 100, endT: from + 900, totalMs: 40, count: 8 }], { from, to, windowMs: 100 });
  assert.equal(fig.fromTimeline, true);
  assert.ok(fig.lag.count >= 100, String(fig.lag.count));
  assert.ok(fig.lag.percentile(50) > 1000 && fig.lag.max >= 2999, `${fig.lag.percentile(50)} ${fig.lag.max}`);
  assert.ok(Math.abs(fig.cpuMs - 2940) < 1, String(fig.cpuMs));
  assert.equal(fig.eluMean, 1);
  assert.deepEqual(fig.gc, { count: 9, totalMs: 70, maxMs: 30 });
});

test('seconds of queue drown how long jobs ran: the work that computes is named; promisify and [as x] are seen through', () => {
  const scrypt = ['at scrypt (node:internal/crypto/scrypt:55:3)', 'at node:internal/util:430:7', 'at new Promise (<anonymous>)', 'at scrypt (node:internal/util:416:12)', 'at hashPassword (/srv/app.js:21:9)'];
  const gzip = ['at Gzip.Zlib (node:zlib:657:18)', 'at new Gzip (node:zlib:726:3)', 'at Object.asyncBufferWrapper [as gzip] (node:zlib:775:23)', 'at /srv/app.js:20:8'];
  const callers = poolCallers([{ t: FROM, requests: [
    ...Array.from({ length: 40 }, () => ({ type: 'FSREQPROMISE', stack: read, ms: 3300 })),
    ...Array.from({ length: 4 }, () => ({ type: 'SCRYPTREQUEST', stack: scrypt, ms: null, openMs: 3100 })),
  ] }], [], '/srv');
  assert.deepEqual([callers[0].api, callers[0].line], ['crypto.scrypt', 21], JSON.stringify(callers));
  assert.equal(poolCallers([{ t: FROM, requests: [{ type: 'ZLIB', stack: gzip, ms: 150 }] }], [], '/srv')[0].api, 'zlib.gzip');
});

test('a stall in which the loop\'s thread neither ran nor waited for a CPU is the system\'s, unless it was in a call that waits', async () => {
  const { ownerOf } = await import('../../src/analyze/ownership.js');
  const held = { durationMs: 80, runMs: 1.2, waitMs: 3, fix: 'cache-bound-offload', call: null, culprit: { owner: { kind: 'node' } } };
  assert.equal(ownerOf(held, 50, { processThread: true }), 'starved');
  assert.equal(ownerOf(held, 50, { processThread: false }), 'app', 'a worker thread\'s is a wait, loop-sections.js says so');
  assert.equal(ownerOf({ ...held, call: { kind: 'fs-sync' } }, 50, { processThread: true }), 'app', 'a synchronous read waits on the disk: the app\'s');
  assert.equal(ownerOf({ ...held, fix: 'native-sync', culprit: { owner: { kind: 'native' } } }, 50, { processThread: true }), 'app', 'an addon\'s query');
  assert.equal(ownerOf({ ...held, runMs: 70 }, 50, { processThread: true }), 'app', 'it ran: the app\'s code');
  assert.equal(ownerOf({ ...held, fix: 'none' }, 50, { processThread: true }), 'app', 'no stack: nothing says what it was in');
});

test('slow probes of an app with no block and a prompt loop on an overloaded machine: said, not judged', () => {
  const base = { lag: { p99Ms: 30 }, blocking: { count: 0, longestMs: 0, fraction: 0 }, http: { probe: { requests: 100, p99Ms: 164, errors: 0, timeouts: 0, slow: 3 } } };
  const overloaded = verdict({ ...base, machine: { lagP99WithoutWaitMs: 4, runWaitShare: 0.42 } }, 50);
  assert.equal(overloaded.status, 'responsive');
  assert.match(overloaded.reasons.join('; '), /probe p99 164 ms, not judged: the app's thread waited for a CPU 42% of the window/);
  assert.equal(verdict({ ...base, machine: { lagP99WithoutWaitMs: 4, runWaitShare: 0.05 } }, 50).status, 'degraded', 'a quiet machine: the app\'s slowness');
  assert.equal(verdict({ ...base, blocking: { count: 1, longestMs: 60, fraction: 0.01 }, machine: { lagP99WithoutWaitMs: 4, runWaitShare: 0.42 } }, 50).status, 'degraded', 'a block of its own: judged');
});

test('a pool with no free thread most of the time is saturated when the probe was slow and the loop was not', () => {
  // canaries waited 13-22 ms (under T/2) but every one found the 4 threads busy
  const agent = { pool: canaries([13, 15, 12, 18, 22, 14, 16, 13]), poolCallers: [], summary: null };
  const c = { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 3500, lagP99Ms: 4 };
  assert.equal(threadPoolSection(agent, c)?.saturated, false, 'no probe: the waits alone are short');
  const hurt = threadPoolSection(agent, { ...c, probeP99Ms: 111 });
  assert.equal(hurt?.saturated, true);
  assert.equal(hurt?.queuedShare, 1);
  assert.match(hurt?.advice ?? '', /100% of jobs found every thread busy/);
  assert.equal(threadPoolSection(agent, { ...c, probeP99Ms: 30 })?.saturated, false, 'a probe under the threshold');
  assert.equal(threadPoolSection(agent, { ...c, probeP99Ms: 111, lagP99Ms: 40 })?.saturated, false, 'the loop\'s lag explains the probe');
  // a pool that kept up (jobs found a thread at once) while the probe was slow: not the pool's doing
  const free = { pool: canaries([0.3, 0.2, 1.5, 0.1, 0.3, 0.2, 14]), poolCallers: [], summary: null };
  assert.equal(threadPoolSection(free, { ...c, probeP99Ms: 111 })?.saturated, false);
});
