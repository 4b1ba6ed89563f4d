// libuv's thread pool from the agent's canaries and bursts: saturated or not, who fills it
// (weighed by how long their jobs held a thread, not by how many requests queued), the advice;
// and the window's figures from the timeline when the agent's counters missed the window.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { threadPoolSection, poolCallers } from '../../src/analyze/thread-pool.js';
import { verdict } from '../../src/analyze/verdict.js';
import { windowFigures, countersCover } from '../../src/analyze/window-figures.js';
import { ownerNotes } from '../../src/analyze/ownership.js';
import { AppSources } from '../../src/sources/app-sources.js';
import { dependentImport, packageUseInApp } from '../../src/analyze/pool-app-line.js';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const FROM = 1_000_000;
const hash = ['at pbkdf2 (node:internal/crypto/pbkdf2:47:15)', 'at /srv/app.js:10:10', 'at Layer.handle (/srv/node_modules/express/lib/router/layer.js:95:5)'];
const read = ['at readFile (node:internal/fs/promises:1032:9)', 'at async /srv/app.js:6:16'];
const gzip = ['at zlibBuffer (node:zlib:160:3)', 'at Object.gzip (node:zlib:210:10)', 'at compress (/srv/node_modules/compression/index.js:220:5)', 'at /srv/app.js:20:3'];

/** A folder of the app's files, removed after the test. @param {import('node:test').TestContext} t */
function tempFolder(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-pool-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

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
  const looked = [{ t: FROM, requests: [{ type: 'ZLIB', stack: gzip, ms: 50 }] }];
  const agent = { pool: canaries([13, 15, 12, 18, 22, 14, 16, 13]), poolCallers: looked, summary: null };
  const c = { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 3500, lagP99Ms: 4 };
  assert.equal(threadPoolSection(agent, c)?.saturated, false, 'no probe: the waits alone are short');
  const hurt = threadPoolSection(agent, { ...c, probeP99Ms: 111 });
  assert.equal(hurt?.saturated, true);
  assert.equal(hurt?.queuedShare, 1);
  assert.match(hurt?.advice ?? '', /100% of jobs found every thread busy/);
  assert.equal(threadPoolSection(agent, { ...c, probeP99Ms: 30 })?.saturated, false, 'a probe under the threshold');
  assert.equal(threadPoolSection(agent, { ...c, probeP99Ms: 111, lagP99Ms: 40 })?.saturated, false, 'the loop\'s lag explains the probe');
  // the same waits in an app whose pool the looks never saw used: the canaries waited for a CPU
  assert.equal(threadPoolSection({ ...agent, poolCallers: [] }, { ...c, probeP99Ms: 111 })?.saturated, false, 'no job of the app in the pool');
  // a pool that kept up (jobs found a thread at once) while the probe was slow: not the pool's doing
  const free = { pool: canaries([0.3, 0.2, 1.5, 0.1, 0.3, 0.2, 14]), poolCallers: looked, summary: null };
  assert.equal(threadPoolSection(free, { ...c, probeP99Ms: 111 })?.saturated, false);
  // zlib streams' chunks: each a short job, so the queue drains between rounds and a canary waits a
  // chunk or two, 4 in 10 of them; the probe's file read (four jobs in a row) waits most times
  const chunks = { pool: canaries([0.03, 14, 0.1, 18, 0.05, 12, 0.2, 16, 0.04, 0.1]), poolCallers: looked, summary: null };
  const chunked = threadPoolSection(chunks, { ...c, probeP99Ms: 430 });
  assert.deepEqual([chunked?.queuedShare, chunked?.saturated], [0.4, true]);
  assert.equal(threadPoolSection(chunks, { ...c, probeP99Ms: 30 })?.saturated, false, 'the probe was not slow: a busy pool, not a full one');
  // two canaries of six that queued (a busy machine's CPU wait can look the same) never decide
  const two = { pool: canaries([0.1, 9, 0.2, 11, 0.1, 0.3]), poolCallers: looked, summary: null };
  assert.deepEqual([threadPoolSection(two, { ...c, probeP99Ms: 430 })?.queuedShare, threadPoolSection(two, { ...c, probeP99Ms: 430 })?.saturated], [0.333, false]);
});

test("an addon's own async work fills the pool: named by the addon, not by the Node call its package made first", async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { AppSources } = await import('../../src/sources/app-sources.js');
  // argon2 0.41: hash() draws a salt with crypto.randomBytes (a quick pool job), then runs the
  // hash as the addon's work (~130 ms a job); the addon's work has no frame of Node's
  const salt = ['at randomBytes (node:internal/crypto/random:111:3)', 'at node:internal/util:441:7', 'at Object.hash (/srv/node_modules/argon2/argon2.cjs:91:25)', 'at Object.handler (/srv/app.js:22:30)'];
  const work = ['at Object.hash (/srv/node_modules/argon2/argon2.cjs:104:22)', 'at async Object.handler (/srv/app.js:22:16)'];
  const requests = [
    ...Array.from({ length: 20 }, () => ({ type: 'RANDOMBYTESREQUEST', stack: salt, ms: 300 })),
    ...Array.from({ length: 20 }, () => ({ type: 'argon2:HashWorker', stack: work, ms: 430, addon: true })),
  ];
  const agent = { pool: canaries([300, 280, 310, 290, 305, 295]), poolCallers: [{ t: FROM, durationMs: 2000, requests }], summary: { pool: { size: 4, cores: 2 }, threadRunMs: 800 } };
  const p = threadPoolSection(agent, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 4000, lagP99Ms: 3 });
  assert.deepEqual([p?.callers[0].api, p?.callers[0].native, p?.callers[0].package, p?.callers[0].url, p?.callers[0].line], ['argon2.hash', true, 'argon2', 'app.js', 22]);
  assert.equal(p?.callers[1].api, 'crypto.randomBytes');
  assert.equal(p?.callers[1].native, undefined);
  assert.match(p?.advice ?? '', /filled by the native work of argon2 \(argon2\.hash, argon2:HashWorker\) at app\.js:22/);
  // only the warm-up's look, which times nothing (a pool so full its canaries outwait the run): the
  // addon's work still weighs more than as many draws of a salt
  const untimed = requests.map(({ ms, ...r }) => r);
  const first = threadPoolSection({ ...agent, poolCallers: [{ t: FROM, durationMs: 1000, requests: untimed }] }, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 4000, lagP99Ms: 3 });
  assert.deepEqual([first?.callers[0].api, first?.callers[1].api], ['argon2.hash', 'crypto.randomBytes']);
  // the warm-up's look saw the hashes, a later timed look only salts that came back (on a crowded
  // machine the hashes it made had not called back when it ended): the times never saw the hashes
  const timedSalts = { t: FROM + 1500, durationMs: 500, requests: Array.from({ length: 20 }, (_, i) => ({ type: 'RANDOMBYTESREQUEST', stack: salt, ms: 4000, at: FROM + 1500 + i })) };
  const late = threadPoolSection({ ...agent, poolCallers: [{ t: FROM, durationMs: 1000, requests: untimed.slice(20, 24) }, timedSalts] }, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 4000, lagP99Ms: 3 });
  assert.deepEqual([late?.callers[0].api, late?.callers[1].api], ['argon2.hash', 'crypto.randomBytes'], JSON.stringify(late?.callers));
  // a timed look that saw the hashes only still running when it ended (their open time known, none of
  // them back), and salts that came back: no time of the hashes' was measured, so times cannot rank them
  const open = { t: FROM + 1500, durationMs: 500, requests: [...timedSalts.requests, ...Array.from({ length: 10 }, (_, i) => ({ type: 'argon2:HashWorker', stack: work, addon: true, ms: null, openMs: 4900, at: FROM + 1500 + i }))] };
  const seenOpen = threadPoolSection({ ...agent, poolCallers: [open] }, { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: '/srv', cpuMs: 4000, lagP99Ms: 3 });
  assert.deepEqual([seenOpen?.callers[0].api, seenOpen?.callers[1].api], ['argon2.hash', 'crypto.randomBytes'], JSON.stringify(seenOpen?.callers));

  // napi-rs exports the addon's functions as they are: the app's line calls it, and names the package
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-pool-'));
  try {
    const app = path.join(dir, 'app.js');
    fs.writeFileSync(app, "const { hash } = require('@node-rs/bcrypt');\nmodule.exports = async (req, res) => {\n  res.end(await hash('pw', 10));\n};\n");
    const napi = [{ t: FROM, durationMs: 2000, requests: Array.from({ length: 12 }, () => ({ type: 'undefined', stack: [`at module.exports (${app}:3:17)`], ms: 200, addon: true })) }];
    const callers = poolCallers(napi, [], dir, new AppSources());
    assert.deepEqual([callers[0].api, callers[0].package, callers[0].native, callers[0].line], ['@node-rs/bcrypt.hash', '@node-rs/bcrypt', true, 3]);

    // a package of JavaScript calling an addon it requires (secure-password 4 over sodium-native): the
    // addon's function is the work, the package the app called owns it; an addon's own wrapper names itself
    const write = (/** @type {string} */ file, /** @type {string} */ text) => {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    };
    write('node_modules/sodium-native/package.json', JSON.stringify({ name: 'sodium-native', version: '3.4.1', gypfile: true }));
    write('node_modules/secure-password/package.json', JSON.stringify({ name: 'secure-password', version: '4.0.0', dependencies: { 'sodium-native': '^3.2.0' } }));
    write('node_modules/secure-password/index.js', "var sodium = require('sodium-native')\nSecurePassword.prototype.verify = function (pw, hash, cb) {\n  sodium.crypto_pwhash_str_verify_async(hash, pw, function (err, ok) { cb(err, ok) })\n}\n");
    write('node_modules/argon2/package.json', JSON.stringify({ name: 'argon2', version: '0.41.1', binary: { napi_versions: [3] } }));
    write('node_modules/argon2/argon2.cjs', "const { hash: bindingsHash } = require('./binding.js');\nmodule.exports.hash = async (pw) => {\n  return bindingsHash(pw);\n};\n");
    const jobs = (/** @type {string} */ at, /** @type {string} */ type) => [{ t: FROM, durationMs: 2000, requests: Array.from({ length: 12 }, () => ({ type, stack: [at, `at async module.exports (${app}:3:17)`], ms: 200, addon: true })) }];
    const verify = poolCallers(jobs(`at SecurePassword.verify (${dir}/node_modules/secure-password/index.js:3:10)`, 'create_pwhash_str_verify_async'), [], dir, new AppSources());
    assert.deepEqual([verify[0].api, verify[0].package, verify[0].native], ['sodium-native.crypto_pwhash_str_verify_async', 'secure-password', true]);
    const own = poolCallers(jobs(`at Object.hash (${dir}/node_modules/argon2/argon2.cjs:3:10)`, 'argon2:HashWorker'), [], dir, new AppSources());
    assert.deepEqual([own[0].api, own[0].package], ['argon2.hash', 'argon2']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test("the agent tells an addon's async work from Node's resources and from a library's AsyncResource", async () => {
  const { createRequire } = await import('node:module');
  const require = createRequire(import.meta.url);
  const { mayBeAddonWork, madeByAddon } = require('../../src/agent/pool-meter.cjs');
  const asyncHooks = await import('node:async_hooks');
  const fs = await import('node:fs');
  for (const t of ['PROMISE', 'TCPWRAP', 'FSREQCALLBACK', 'Timeout', 'Immediate', 'TickObject', 'Microtask']) assert.equal(mayBeAddonWork(t), false, t);
  for (const t of ['argon2:HashWorker', 'undefined', 'generic', 'sharp']) assert.equal(mayBeAddonWork(t), true, t);
  // stacks as an init hook sees them (argon2 0.41's hash; napi-rs's function called by the app)
  assert.equal(madeByAddon(['at AsyncHook.init (/x/pool-meter.cjs:1:1)', 'at Object.emitInitNative (node:internal/async_hooks:202:43)', 'at Object.hash (/srv/node_modules/argon2/argon2.cjs:104:22)', 'at async Object.handler (/srv/app.js:22:16)']), true);
  assert.equal(madeByAddon(['at AsyncHook.init (/x/pool-meter.cjs:1:1)', 'at Promise.emitInitNative (node:internal/async_hooks:202:43)', 'at handler (/srv/app.js:8:46)']), true);
  // real ones, from this process: a library's AsyncResource (made by JavaScript) and a Node request
  /** @type {Record<string, string[]>} */
  const seen = {};
  const hook = asyncHooks.createHook({ init(id, type) {
    if (type !== 'MyQueryResource' && type !== 'FSREQCALLBACK') return;
    const h = /** @type {{stack?: string}} */ ({});
    Error.captureStackTrace(h);
    seen[type] = String(h.stack).split('\n').slice(1).map((l) => l.trim());
  } });
  hook.enable();
  new asyncHooks.AsyncResource('MyQueryResource');
  await new Promise((resolve) => fs.stat(import.meta.filename ?? process.cwd(), resolve));
  hook.disable();
  assert.equal(madeByAddon(seen.MyQueryResource), false, seen.MyQueryResource.join('\n'));
  assert.equal(madeByAddon(seen.FSREQCALLBACK), false, seen.FSREQCALLBACK.join('\n'));
});

test('a pool full of long jobs: the cheap ones that queued behind them are charged almost nothing, however long they waited', () => {
  // a first-in first-out pool of 4 threads: password hashes (260 ms a job) made faster than it
  // runs them, file reads (a fraction of a ms a job, four a read) and the canaries queued behind
  /** @type {{kind: string, at: number, run: number}[]} */
  const jobs = [
    // each hash's salt first (crypto.randomBytes: a cheap job), as argon2's hash() does
    ...Array.from({ length: 30 }, (_, i) => ({ kind: 'salt', at: FROM + i * 40, run: 0.05 })),
    ...Array.from({ length: 30 }, (_, i) => ({ kind: 'hash', at: FROM + 1 + i * 40, run: 260 })),
    // the probe's file reads, made once the queue is long
    ...Array.from({ length: 120 }, (_, i) => ({ kind: 'read', at: FROM + 500 + i * 8, run: 0.2 })),
    ...Array.from({ length: 8 }, (_, i) => ({ kind: 'canary', at: FROM + 1 + i * 200, run: 0.1 })),
  ].sort((x, y) => x.at - y.at);
  const free = [FROM, FROM, FROM, FROM];
  const done = jobs.map((j) => {
    const thread = free.indexOf(Math.min(...free));
    const end = Math.max(j.at, free[thread]) + j.run;
    free[thread] = end;
    return { ...j, ms: end - j.at };
  });
  const read = ['at readFile (node:internal/fs/promises:1032:9)', 'at async Object.handler (/srv/app.js:18:20)'];
  const work = ['at Object.hash (/srv/node_modules/argon2/argon2.cjs:104:22)', 'at async Object.handler (/srv/app.js:22:16)'];
  const salt = ['at randomBytes (node:internal/crypto/random:111:3)', 'at Object.hash (/srv/node_modules/argon2/argon2.cjs:91:25)', 'at Object.handler (/srv/app.js:22:30)'];
  const requests = done.filter((j) => j.kind !== 'canary').map((j) => (j.kind === 'hash'
    ? { type: 'argon2:HashWorker', stack: work, at: j.at, ms: j.ms, addon: true }
    : j.kind === 'salt' ? { type: 'RANDOMBYTESREQUEST', stack: salt, at: j.at, ms: j.ms }
      : { type: 'FSREQPROMISE', stack: read, at: j.at, ms: j.ms }));
  const ks = done.filter((j) => j.kind === 'canary').map((j) => ({ t: j.at, waitMs: j.ms, elapsedMs: j.ms }));
  // the reads waited longer than the hashes took to run: their time to the callback says nothing
  const median = (/** @type {number[]} */ xs) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)];
  assert.ok(median(done.filter((j) => j.kind === 'read').map((j) => j.ms)) > 260);
  const callers = poolCallers([{ t: FROM, durationMs: 2000, requests }], ks, '/srv');
  assert.equal(callers[0].api, 'argon2.hash', JSON.stringify(callers));
  assert.ok(callers[0].share > 0.9, JSON.stringify(callers));
});

/**
 * libuv's pool, simulated: `threads` threads take a first-in first-out queue; a stream makes its
 * next chunk when its previous one calls back. Steps of 0.1 ms.
 * @param {number} threads @param {{made: number, run: number, kind: string}[]} single jobs
 * @param {{id: number, kind: string, made: number, chunks: number, run: number}[]} streams
 */
function simulatePool(threads, single, streams) {
  /** @type {{kind: string, made: number, run: number, stream?: any, start?: number, end?: number}[]} */
  const all = [];
  const queue = [];
  const pending = [...single].sort((x, y) => x.made - y.made);
  for (const st of streams) pending.push({ made: st.made, run: st.run, kind: st.kind, stream: { ...st, left: st.chunks - 1 } });
  pending.sort((x, y) => x.made - y.made);
  /** @type {(any)[]} */
  const running = new Array(threads).fill(null);
  for (let t = FROM; t < FROM + 3000 && (pending.length || queue.length || running.some(Boolean)); t = Math.round((t + 0.1) * 10) / 10) {
    running.forEach((job, i) => {
      if (!job || job.end > t) return;
      running[i] = null;
      if (job.stream && job.stream.left > 0) {
        job.stream.left -= 1;
        queue.push({ made: t, run: job.run, kind: job.kind, stream: job.stream });
      }
    });
    while (pending.length && pending[0].made <= t) queue.push(/** @type {any} */ (pending.shift()));
    running.forEach((job, i) => {
      if (job || !queue.length) return;
      const next = /** @type {any} */ (queue.shift());
      next.start = t;
      next.end = t + next.run;
      running[i] = next;
      all.push(next);
    });
  }
  return all;
}

test('zlib streams made before the look keep the pool busy with their chunks: the replay places them, charged to no one', () => {
  // 4 gzip streams made before the look (a 30 ms chunk after the other, 20 each); the look sees
  // their callbacks only; file reads made meanwhile queue behind the chunks; one gzip of the look's own
  const jobs = simulatePool(4, Array.from({ length: 40 }, (_, i) => ({ made: FROM + 5 + i * 14, run: 0.2, kind: 'read' })), [
    ...[0, 1, 2, 3].map((id) => ({ id, kind: 'old', made: FROM, chunks: 20, run: 30 })),
    { id: 9, kind: 'gzip', made: FROM + 200, chunks: 10, run: 30 },
  ]);
  const read = ['at readFile (node:internal/fs/promises:1032:9)', 'at async Object.handler (/srv/app.js:18:20)'];
  const gzip = ['at zlibBuffer (node:zlib:160:3)', 'at Object.gzip (node:zlib:210:10)', 'at /srv/app.js:20:3'];
  const mine = jobs.filter((j) => j.kind === 'gzip');
  const requests = [
    ...jobs.filter((j) => j.kind === 'read').map((j) => ({ type: 'FSREQPROMISE', stack: read, at: j.made, ms: /** @type {number} */ (j.end) - j.made })),
    { type: 'ZLIB', stack: gzip, at: mine[0].made, ms: /** @type {number} */ (mine[0].end) - mine[0].made, more: mine.slice(1).map((j) => /** @type {number} */ (j.end) - mine[0].made) },
  ];
  /** @type {[number, number][]} */
  const streamCalls = jobs.filter((j) => j.kind === 'old').map((j) => [j.stream.id, /** @type {number} */ (j.end)]);
  const callers = poolCallers([{ t: FROM, durationMs: 2000, requests, streamCalls }], [], '/srv');
  assert.equal(callers[0].api, 'zlib.gzip', JSON.stringify(callers));
  assert.ok(callers[0].share > 0.8, JSON.stringify(callers));
  // without the streams' callbacks, the replay would put the queue's wait on the reads
  const blind = poolCallers([{ t: FROM, durationMs: 2000, requests }], [], '/srv');
  assert.equal(blind[0].api, 'fs.promises.readFile', JSON.stringify(blind));
});

test('one late canary of five is no saturated pool; canaries that waited on an overloaded machine while the pool idled are said, not judged', () => {
  const c = { from: FROM, to: FROM + 1000, thresholdMs: 50, cwd: '/srv', cpuMs: 300, lagP99Ms: 1 };
  // a 1 s run: five canaries, one held 40 ms (its thread waited for a CPU)
  const one = threadPoolSection({ pool: canaries([0.1, 40, 0.2, 0.1, 0.3]), poolCallers: [], summary: { pool: { size: 4, cores: 2 }, threadRunMs: 290 } }, c);
  assert.equal(one?.waitingShare, 0.2);
  assert.equal(one?.saturated, false, JSON.stringify(one));
  // three of five waited: saturated, on a machine that gave the app its CPUs
  const agent = { pool: canaries([30, 40, 0.2, 45, 0.3]), poolCallers: [], summary: { pool: { size: 4, cores: 2 }, threadRunMs: 290 } };
  assert.equal(threadPoolSection(agent, { ...c, runWaitShare: 0.05 })?.saturated, true);
  // the same waits while the loop's thread waited for a CPU 40% of the window and the app's other threads ran 0.01 cores
  const busy = threadPoolSection(agent, { ...c, runWaitShare: 0.4 });
  assert.equal(busy?.otherThreadsCores, 0.01);
  assert.deepEqual([busy?.saturated, busy?.overloaded, busy?.advice], [false, true, null]);
  const v = verdict({ lag: { p99Ms: 3 }, blocking: { count: 0, longestMs: 0, fraction: 0 }, machine: { lagP99WithoutWaitMs: 1, runWaitShare: 0.4 }, http: { probe: null }, threadPool: busy }, 50);
  assert.equal(v.status, 'responsive');
  assert.match(v.reasons.join('; '), /thread pool not judged: its jobs waited p90 45 ms, but the app's thread waited for a CPU 40% of the window while its other threads were nearly idle/);
  // a pool whose own threads ran (hashes on both cores) on the same crowded machine: saturated
  const hashing = threadPoolSection({ ...agent, summary: { pool: { size: 4, cores: 2 }, threadRunMs: 290 } }, { ...c, cpuMs: 2100, runWaitShare: 0.4 });
  assert.deepEqual([hashing?.saturated, hashing?.overloaded], [true, undefined]);
});

test('pool requests a package made from a callback of its own: the app line that uses that package, read from the source', async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { AppSources } = await import('../../src/sources/app-sources.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-pool-'));
  try {
    const app = path.join(dir, 'app.js');
    fs.writeFileSync(app, [
      "const fs = require('node:fs');", // 1
      "const web = require('webfw');", // 2
      "const { Zipper } = require('zipper');", // 3
      "const squeeze = require('squeeze-mw');", // 4
      'const server = web();', // 5
      'server.use(squeeze({ level: 11 }));', // 6
      "server.get('/health', async () => fs.promises.readFile('status.json'));", // 7
      "server.get('/x', (req, res) => {", // 8
      '  const zip = new Zipper();', // 9
      "  for (const f of files) zip.add(f.body, { name: f.name });", // 10
      '  zip.finish();', // 11
      '  return zip;', // 12
      '});', // 13
      'server.listen(0);', // 14
      "const { serve } = require('node-srv');", // 15
      'serve(server);', // 16
    ].join('\n'));
    const nm = path.join(dir, 'node_modules');
    // the zip's deflate streams, made as its queue (a package of its own) runs the entries added at line 10
    const deflate = ['at new DeflateRaw (node:zlib:743:3)', `at new CrcStream (${nm}/crc-stream/index.js:6:5)`, `at Zipper._entry (${nm}/zipper/lib/core.js:150:9)`,
      `at Zipper.add (${nm}/zipper/lib/core.js:46:17)`, `at Zipper._onTask (${nm}/zipper/lib/core.js:373:10)`, `at process (${nm}/taskq/index.js:80:21)`, 'at process.processTicksAndRejections (node:internal/process/task_queues:95:5)'];
    // the middleware's compression stream, piped as the framework runs its middleware: used on one line
    // (the server adapter that runs every request, started on one line, is further out still: not the one)
    const brotli = ['at new BrotliCompress (node:zlib:880:3)', `at squeezeMiddleware (${nm}/squeeze-mw/index.js:120:20)`, `at dispatch (${nm}/webfw/lib/compose.js:42:32)`,
      `at Server.handle (${nm}/webfw/lib/server.js:180:12)`, `at async Server.<anonymous> (${nm}/node-srv/dist/index.mjs:1096:11)`];
    const read = ['at readFile (node:internal/fs/promises:1032:9)', `at async ${app}:7:42`];
    const bursts = [{ t: FROM, durationMs: 2000, requests: [
      ...Array.from({ length: 10 }, () => ({ type: 'ZLIB', stack: deflate, ms: 400 })),
      ...Array.from({ length: 6 }, () => ({ type: 'ZLIB', stack: brotli, ms: 300 })),
      ...Array.from({ length: 4 }, () => ({ type: 'FSREQPROMISE', stack: read, ms: 500 })),
    ] }];
    const callers = poolCallers(bursts, [], dir, new AppSources());
    const byApi = Object.fromEntries(callers.map((c) => [c.api, c]));
    // the call named on the stack (zip.add under Zipper.add), not the constructor's line or the finish
    assert.deepEqual([byApi['zlib.new DeflateRaw'].package, byApi['zlib.new DeflateRaw'].url, byApi['zlib.new DeflateRaw'].line, byApi['zlib.new DeflateRaw'].lineFrom], ['zipper', 'app.js', 10, 'source']);
    // the package that did the work, innermost: the middleware's one line
    assert.deepEqual([byApi['zlib.new BrotliCompress'].package, byApi['zlib.new BrotliCompress'].line, byApi['zlib.new BrotliCompress'].lineFrom], ['squeeze-mw', 6, 'source']);
    // a request with the app's frame keeps it, as before
    assert.deepEqual([byApi['fs.promises.readFile'].line, byApi['fs.promises.readFile'].lineFrom], [7, undefined]);
    const { callerText } = await import('../../src/report/pool-table.js');
    assert.equal(callerText(byApi['zlib.new DeflateRaw']), 'zlib.new DeflateRaw from zipper (app.js:10 uses it)');
    // no request of the looks had the app's frame (a probe that makes no pool job): the files the profile saw run
    const only = [{ t: FROM, durationMs: 1000, requests: [{ type: 'ZLIB', stack: deflate, ms: 400 }] }];
    assert.deepEqual([poolCallers(only, [], dir, new AppSources())[0].line, poolCallers(only, [], dir, new AppSources(), 4, [app])[0].line], [null, 10]);
    const { appFilesOf } = await import('../../src/analyze/profiles.js');
    const node = (/** @type {number} */ id, /** @type {string} */ url) => ({ id, callFrame: { functionName: 'f', url, lineNumber: 0, columnNumber: 0 } });
    const profile = { profile: { nodes: [node(1, ''), node(2, `file://${app}`), node(3, `${nm}/zipper/lib/core.js`), node(4, 'node:zlib'), node(5, app)] } };
    assert.deepEqual(appFilesOf([/** @type {any} */ (profile)]), [app]);
    // a package the app does not import, with no app file to read: the package alone, no line
    const alone = poolCallers([{ t: FROM, durationMs: 1000, requests: [{ type: 'ZLIB', stack: deflate, ms: 400 }] }], [], dir, new AppSources());
    assert.deepEqual([alone[0].package, alone[0].url, alone[0].line, alone[0].lineFrom], ['crc-stream', null, null, undefined]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a package the app uses on several lines, none named on the job\'s stack: its first call in the handler of the route the load was sent to', (t) => {
  const dir = tempFolder(t);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const jose = require('node-jose');", // 1
    "const app = require('express')();", // 2
    "app.get('/x', async (req, res) => {", // 3
    '  const opened = await jose.JWE.createDecrypt(key).decrypt(token);', // 4
    "  res.json(JSON.parse(opened.payload.toString('utf8')));", // 5
    '});', // 6
    'let key; let token;', // 7
    '(async () => { key = await jose.JWK.asKey(secret); token = await jose.JWE.createEncrypt(key).final(); })();', // 8
  ].join('\n'));
  const nm = path.join(dir, 'node_modules');
  // the key derivation, run from node-jose's own promise chain: no frame of the app, none named like its calls
  const derive = ['at Object.pbkdf2 (node:internal/crypto/pbkdf2:44:15)', `at ${nm}/node-jose/lib/algorithms/pbes2.js:135:1`, 'at new Promise (<anonymous>)',
    `at nodejs (${nm}/node-jose/lib/algorithms/pbes2.js:127:1)`, `at Object.main [as derive] (${nm}/node-jose/lib/algorithms/helpers.js:110:1)`];
  const bursts = [{ t: FROM, durationMs: 1000, requests: Array.from({ length: 8 }, () => ({ type: 'PBKDF2REQUEST', stack: derive, ms: 400 })) }];
  // the whole file uses it on four lines: none
  assert.deepEqual([poolCallers(bursts, [], dir, new AppSources(), 4, [app])[0].line], [null]);
  const [caller] = poolCallers(bursts, [], dir, new AppSources(), 4, [app], () => false, ['/x']);
  assert.deepEqual([caller.package, caller.url, caller.line, caller.lineFrom], ['node-jose', 'app.js', 4, 'source']);
  // a route whose handler does not use it says nothing
  assert.equal(poolCallers(bursts, [], dir, new AppSources(), 4, [app], () => false, ['/health'])[0].line, null);
});

test('pool jobs made in a bundle built without a map: the package its module comments name, not the app', (t) => {
  const dir = tempFolder(t);
  const bundle = path.join(dir, 'server.js');
  fs.writeFileSync(bundle, [
    '// node_modules/squeeze/index.js', // 1
    'var require_squeeze = () => ({ run: (b, cb) => zlib.gzip(b, cb) });', // 2
    '// src/app.js', // 3
    'var squeeze = require_squeeze();', // 4
    'http.createServer((req, res) => squeeze.run(body, () => res.end())).listen(0);', // 5
  ].join('\n'));
  const stack = ['at Object.gzip (node:zlib:210:10)', `at run (${bundle}:2:50)`, `at Server.<anonymous> (${bundle}:5:40)`];
  const [caller] = poolCallers([{ t: FROM, durationMs: 1000, requests: [{ type: 'ZLIB', stack, ms: 400 }] }], [], dir, new AppSources());
  assert.deepEqual([caller.api, caller.package, caller.url, caller.line], ['zlib.gzip', 'squeeze', 'server.js', 5]);
});

test("the probe's own file reads wait behind the pool's jobs: never named as what fills it", async (t) => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { AppSources } = await import('../../src/sources/app-sources.js');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-pool-probe-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const fs = require('node:fs');", // 1
    "const crypto = require('node:crypto');", // 2
    "app.get('/health', async (req, res) => {", // 3
    '  res.end(await fs.promises.readFile(statusFile));', // 4
    '});', // 5
    "app.get('/x', async (req, res) => {", // 6
    '  res.end(await sign(req.query.id));', // 7
    '});', // 8
  ].join('\n'));
  // the look saw the probe's reads, queued ~600 ms behind the jobs made before it, and a few signatures
  const probeRead = ['at readFile (node:internal/fs/promises:1032:9)', `at async ${app}:4:22`];
  const signJob = ['at sign (node:internal/crypto/sig:120:10)', `at ${app}:7:19`];
  const requests = [
    ...Array.from({ length: 40 }, (_, i) => ({ type: 'FSREQPROMISE', stack: probeRead, ms: 600 + (i % 5), at: FROM + 100 + i * 25 })),
    ...Array.from({ length: 6 }, (_, i) => ({ type: 'SIGNREQUEST', stack: signJob, ms: 700 + i, at: FROM + 120 + i * 150 })),
  ];
  const agent = {
    pool: canaries([500, 610, 580, 640, 590, 620, 600, 5, 560, 610]),
    poolCallers: [{ t: FROM + 100, durationMs: 1500, requests }],
    summary: { pool: { size: 4, cores: 2 }, threadRunMs: 1000 },
  };
  const c = { from: FROM, to: FROM + 2000, thresholdMs: 50, cwd: dir, cpuMs: 4800, lagP99Ms: 4, sources: new AppSources(), appFiles: [app] };
  const probed = threadPoolSection(agent, { ...c, probeRoute: '/health' });
  assert.ok(probed?.saturated);
  assert.deepEqual(probed.callers.map((r) => [r.api, r.line]), [['crypto.sign', 7]]);
  // without a probe of its own (the probe is the loaded route), every job the look saw counts
  const all = threadPoolSection(agent, { ...c, probeRoute: null });
  assert.ok(all?.callers.some((r) => r.api === 'fs.promises.readFile' && r.line === 4));
});

test('a package set up once at start-up and run later from its own promise chain: the handler\'s call of the method the chain is written in', (t) => {
  const dir = tempFolder(t);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const odm = require('odm');", // 1
    "const credentials = require('odm-credentials');", // 2
    "const app = require('express')();", // 3
    'const accountSchema = new odm.Schema({ email: String });', // 4
    'accountSchema.plugin(credentials, { iterations: 50000 });', // 5
    "const Account = odm.model('Account', accountSchema);", // 6
    "app.get('/x', (req, res) => {", // 7
    '  const account = new Account({ email: req.query.email });', // 8
    '  account.setSecret(req.query.secret, () => res.json({ id: account.id }));', // 9
    '});', // 10
  ].join('\n'));
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(nm, 'odm-credentials'), { recursive: true });
  fs.writeFileSync(path.join(nm, 'odm-credentials', 'index.js'), [
    'module.exports = function (schema, options) {', // 1
    '  schema.methods.setSecret = function (secret, cb) {', // 2
    '    return Promise.resolve()', // 3
    '      .then(() => salt(16))', // 4
    '      .then((s) => derive(secret, s, options))', // 5
    '      .then(() => cb(), cb);', // 6
    '  };', // 7
    '};', // 8
    'function derive(secret, s, o) {', // 9
    '  return new Promise((resolve, reject) => require("crypto").pbkdf2(secret, s, o.iterations, 64, "sha512", (e, k) => (e ? reject(e) : resolve(k))));', // 10
    '}', // 11
  ].join('\n'));
  // the derivation runs from the chain's step (line 5), after setSecret returned: its frame is on no stack
  const stack = ['at Object.pbkdf2 (node:internal/crypto/pbkdf2:44:15)', `at ${nm}/odm-credentials/index.js:10:1`, 'at new Promise (<anonymous>)',
    `at derive (${nm}/odm-credentials/index.js:10:10)`, `at ${nm}/odm-credentials/index.js:5:22`];
  const bursts = [{ t: FROM, durationMs: 1000, requests: Array.from({ length: 8 }, () => ({ type: 'PBKDF2REQUEST', stack, ms: 400 })) }];
  // with no route to look in, the one line that uses the package: where it is plugged in
  assert.equal(poolCallers(bursts, [], dir, new AppSources(), 4, [app])[0].line, 5);
  // the route's handler calls setSecret on the document of the module the package was plugged into
  const [caller] = poolCallers(bursts, [], dir, new AppSources(), 4, [app], () => false, ['/x']);
  assert.deepEqual([caller.package, caller.url, caller.line, caller.lineFrom], ['odm-credentials', 'app.js', 9, 'source']);
});

test('a chain\'s step written in a package function the app also calls at start-up: not that start-up call, the handler\'s', (t) => {
  const dir = tempFolder(t);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const hasher = require('kdf-hash');", // 1
    "const app = require('express')();", // 2
    'const users = new Map();', // 3
    "const ready = Promise.all(['a', 'b'].map((name) => {", // 4
    '  return hasher.hash(name).then((h) => users.set(name, h));', // 5: in a function, run at start-up
    '}));', // 6
    "app.get('/x', (req, res) => {", // 7
    "  hasher.compare('a', users.get('a')).then((ok) => res.json({ ok }));", // 8
    '});', // 9
  ].join('\n'));
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(nm, 'kdf-hash'), { recursive: true });
  fs.writeFileSync(path.join(nm, 'kdf-hash', 'index.js'), [
    'function hash(password, salt) {', // 1
    '  return Promise.resolve(salt)', // 2
    '    .then((s) => pbkdf2(password, s));', // 3
    '}', // 4
    'function compare(password, stored) { return hash(password, stored.salt).then((h) => h === stored.hash); }', // 5
    'module.exports = { hash, compare };', // 6
  ].join('\n'));
  const stack = ['at Object.pbkdf2 (node:internal/crypto/pbkdf2:44:15)', 'at node:internal/util:441:7', 'at new Promise (<anonymous>)',
    'at pbkdf2 (node:internal/util:427:12)', `at ${nm}/kdf-hash/index.js:3:19`];
  const bursts = [{ t: FROM, durationMs: 1000, requests: Array.from({ length: 8 }, () => ({ type: 'PBKDF2REQUEST', stack, ms: 400 })) }];
  const [caller] = poolCallers(bursts, [], dir, new AppSources(), 4, [app], () => false, ['/x']);
  assert.deepEqual([caller.package, caller.line, caller.lineFrom], ['kdf-hash', 8, 'source']);
});

test('a package\'s own promise makes the job, and the handler calls the app\'s helper that calls the package: the helper\'s line', (t) => {
  const dir = tempFolder(t);
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    "const seeds = require('seed-kdf');", // 1
    "const app = require('express')();", // 2
    'async function verifyCard(card) {', // 3
    '  const seed = await seeds.toSeed(card.words);', // 4
    '  return seed.length === 64;', // 5
    '}', // 6
    "const cards = ['a b', 'c d'].map((words) => ({ words, seed: seeds.toSeedSync(words) }));", // 7
    "app.get('/x', async (req, res) => {", // 8
    '  const ok = await Promise.all(cards.map((card) => verifyCard(card)));', // 9
    '  res.json(ok);', // 10
    '});', // 11
  ].join('\n'));
  const nm = path.join(dir, 'node_modules');
  fs.mkdirSync(path.join(nm, 'seed-kdf'), { recursive: true });
  fs.writeFileSync(path.join(nm, 'seed-kdf', 'index.js'), [
    'function derive(words) {', // 1
    '  return Promise.resolve().then(() => new Promise((resolve) => {', // 2
    "    pbkdf2(words, 'salt', 2048, 64, 'sha512', (e, key) => resolve(key));", // 3
    '  }));', // 4
    '}', // 5
    'const toSeed = (words) => derive(words);', // 6
    'module.exports = { toSeed, toSeedSync: (words) => words };', // 7
  ].join('\n'));
  // the job is made in a promise of the package's own: no frame of the app, none named like its calls
  const stack = ['at Object.pbkdf2 (node:internal/crypto/pbkdf2:44:15)', `at ${nm}/seed-kdf/index.js:3:5`, 'at new Promise (<anonymous>)', `at ${nm}/seed-kdf/index.js:2:40`];
  const bursts = [{ t: FROM, durationMs: 1000, requests: Array.from({ length: 8 }, () => ({ type: 'PBKDF2REQUEST', stack, ms: 400 })) }];
  assert.equal(poolCallers(bursts, [], dir, new AppSources(), 4, [app])[0].line, null, 'the file uses it on two lines');
  const [caller] = poolCallers(bursts, [], dir, new AppSources(), 4, [app], () => false, ['/x']);
  assert.deepEqual([caller.package, caller.url, caller.line, caller.lineFrom], ['seed-kdf', 'app.js', 4, 'source']);
});

test('a pool job made by a package the app never imports: the one package it imports that depends on it, a few levels down', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-dependent-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const pkg = (/** @type {string} */ name, /** @type {string[]} */ deps) => {
    fs.mkdirSync(path.join(dir, 'node_modules', name), { recursive: true });
    fs.writeFileSync(path.join(dir, 'node_modules', name, 'package.json'), JSON.stringify({ name, version: '1.0.0', dependencies: Object.fromEntries(deps.map((d) => [d, '*'])) }));
  };
  pkg('zip-a-folder', ['archiver']);
  pkg('archiver', ['zip-stream']);
  pkg('zip-stream', ['crc32-stream']);
  pkg('crc32-stream', []);
  pkg('@tinyhttp/app', []);
  const app = path.join(dir, 'app.mjs');
  fs.writeFileSync(app, "import { App } from '@tinyhttp/app';\nimport { zip } from 'zip-a-folder';\nconst app = new App();\napp.get('/x', async (req, res) => {\n  await zip('/data', '/tmp/out.zip');\n  res.send('ok');\n});\n");
  const frames = [{ functionName: 'DeflateCRC32Stream', url: path.join(dir, 'node_modules/crc32-stream/lib/deflate-crc32-stream.js'), line: 20, column: 5, kind: /** @type {const} */ ('node_modules') }];
  const sources = new AppSources();
  assert.equal(dependentImport(frames, app, sources)?.name, 'zip-a-folder');
  const facade = { functionName: '', url: path.join(dir, 'node_modules/zip-a-folder/package.json'), line: 0, column: 0, kind: /** @type {const} */ ('node_modules') };
  assert.equal(packageUseInApp([...frames, facade], [app], sources)?.line, 5);
  // the app imports the stack's package itself: its own use is read, not a dependent's
  const direct = path.join(dir, 'direct.mjs');
  fs.writeFileSync(direct, "import { zip } from 'zip-a-folder';\nimport { DeflateCRC32Stream } from 'crc32-stream';\n");
  assert.equal(dependentImport(frames, direct, new AppSources()), null);
  // two imports that both lead to it: neither
  pkg('archiver-utils-user', ['zip-stream']);
  const two = path.join(dir, 'two.mjs');
  fs.writeFileSync(two, "import { zip } from 'zip-a-folder';\nimport other from 'archiver-utils-user';\n");
  assert.equal(dependentImport(frames, two, new AppSources()), null);
});
