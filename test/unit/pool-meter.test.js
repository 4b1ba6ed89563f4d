// The agent's canaries of libuv's pool: one still waiting when the measuring stops is reported with its
// wait so far (a lower bound), and the analysis counts it as a wait but never replays it as a job.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import poolMeter from '../../src/agent/pool-meter.cjs';
import { threadPoolSection } from '../../src/analyze/thread-pool.js';

test('a canary still queued at the stop is reported open, with its wait so far', () => {
  /** @type {any[]} */
  const events = [];
  const meter = new poolMeter.PoolMeter((e) => events.push(e), 50);
  meter.start();
  meter.lastSubmit = -Infinity;
  meter.tick(); // its fs.stat cannot call back before this function returns
  assert.equal(meter.inFlight.size, 1);
  meter.stop();
  const canaries = events.filter((e) => e.type === 'pool');
  assert.equal(canaries.length, 1);
  assert.equal(canaries[0].open, true);
  assert.ok(canaries[0].waitMs >= 0 && canaries[0].elapsedMs >= canaries[0].waitMs, JSON.stringify(canaries[0]));
  assert.equal(meter.inFlight.size, 0);
});

test('open canaries count among the waits: five that waited seconds, two of them still queued at the end, are a full pool', () => {
  const FROM = 1_000_000;
  const requests = Array.from({ length: 8 }, (_, i) => ({ type: 'PBKDF2REQUEST', stack: ['at pbkdf2 (node:internal/crypto/pbkdf2:47:15)', 'at /srv/app.js:10:10'], ms: 1800 + i, at: FROM + i * 100 }));
  const pool = [
    { t: FROM + 100, waitMs: 1800, elapsedMs: 1801 },
    { t: FROM + 300, waitMs: 1850, elapsedMs: 1851 },
    { t: FROM + 500, waitMs: 1900, elapsedMs: 1901 },
    { t: FROM + 1900, waitMs: 1100, elapsedMs: 1100, open: true },
    { t: FROM + 2100, waitMs: 900, elapsedMs: 900, open: true },
  ];
  const agent = { pool, poolCallers: [{ t: FROM, durationMs: 2000, requests }], summary: { pool: { size: 4, cores: 2 }, threadRunMs: 2000 } };
  const p = threadPoolSection(agent, { from: FROM, to: FROM + 3000, thresholdMs: 50, cwd: '/srv', cpuMs: 5000, lagP99Ms: 4 });
  assert.equal(p?.canaries, 5);
  assert.equal(p?.saturated, true, JSON.stringify(p));
  assert.equal(p?.callers[0].api, 'crypto.pbkdf2');
  // without them, three canaries are too few to judge by
  const fewer = threadPoolSection({ ...agent, pool: pool.filter((k) => !k.open) }, { from: FROM, to: FROM + 3000, thresholdMs: 50, cwd: '/srv', cpuMs: 5000, lagP99Ms: 4 });
  assert.equal(fewer?.saturated, false);
});
