// One source for block counts: the call sites count the blocks the blocks table lists, never the
// stalls set aside as the machine's (the loop's thread waited for a CPU) or the tool's.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { timeProfile } from '../../src/analyze/profiles.js';
import { buildReport } from '../../src/analyze/build-report.js';

const cf = (/** @type {string} */ functionName, /** @type {string} */ url) => ({ functionName, url, lineNumber: 3, columnNumber: 0 });

test('a stall spent waiting for a CPU counts in no call site, as in no table', () => {
  const from = 3_000_000;
  // the app's handler runs the whole second, sampled every ms
  const leaves = Array(1000).fill(2);
  const profile = timeProfile({
    kind: 'continuous', epochOffsetMs: from, intervalUs: 1000,
    profile: {
      nodes: [{ id: 1, callFrame: cf('(root)', ''), children: [2] }, { id: 2, callFrame: cf('handler', 'file:///app/server.js'), children: [] }],
      startTime: 0, endTime: leaves.length * 1000, samples: leaves, timeDeltas: leaves.map(() => 1000),
    },
  }, 'p.json');
  const agent = {
    pid: 1, summary: null, windows: [], gcPauses: [], memory: [], listens: [], marks: [], origins: [], notes: [], toolStalls: [], lastSeen: from + 1000,
    blocks: [
      { t: from + 100, durationMs: 120, waitMs: 5 }, // the app's
      { t: from + 400, durationMs: 70, waitMs: 60 }, // the machine's: the loop ran 10 ms of it
      { t: from + 700, durationMs: 90, waitMs: 2 }, // the app's
    ],
  };
  const report = buildReport({
    tool: { name: 'eventloop-probe', version: '0' },
    target: { script: 'a.js', args: [], nodeVersion: process.version, pid: 1, exitCode: 0, signal: null, port: null, listenAfterMs: null },
    mode: 'observe', spawnedAt: from - 1000, measureStart: from, measureEnd: from + 1000, stillRunningAtEnd: true, flushed: true,
    settings: /** @type {any} */ ({}), thresholdMs: 50, windowMs: 100, probe: null, load: null, agent: /** @type {any} */ (agent), profiles: [profile],
    stacks: { mode: 'running', profile: true }, cwd: '/app', notes: [], artifacts: {},
  });
  assert.equal(report.blocking.count, 2);
  assert.equal(report.machine.starvedBlocks.length, 1);
  assert.deepEqual(report.topSites.map((s) => [s.functionName, s.count]), [['handler', 2]]);
  assert.ok(report.topSites[0].blockedMs <= report.blocking.totalMs, `${report.topSites[0].blockedMs} ms at the site, ${report.blocking.totalMs} ms in blocks`);
});
