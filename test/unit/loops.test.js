// Every loop of the app gets the main loop's diagnosis: a worker's blocks with their stacks, a
// stuck thread's row from outside, a replaced worker's end, and the app's verdict from its worst
// loop. Also the cluster workers' channel: a worker that connects late hears what it missed.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import net from 'node:net';
import { otherLoop, worstLoopVerdict, loopId } from '../../src/analyze/loop-sections.js';
import { timeProfile } from '../../src/analyze/profiles.js';
import { LoopSockets } from '../../src/launch/loop-sockets.js';
import { onLines } from '../../src/agent/wire.cjs';
import { Histogram } from '../../src/agent/histogram.cjs';
import { until } from '../helpers.js';

const FROM = 1_700_000_000_000;
const TO = FROM + 4000;
const RUN = { from: FROM, to: TO, thresholdMs: 50, cwd: '/app', outside: /** @type {any[]} */ ([]), stopAnswered: true };

/** @param {Partial<import('../../src/collect/agent-data.js').AgentData>} over */
function agentData(over) {
  return {
    key: '100', pid: 100, threadId: null, helloAt: FROM - 2000, exits: [], outside: [],
    summary: null, blocks: [], windows: [], gcPauses: [], gcRuns: [], memory: [], listens: [], marks: [], origins: [], toolStalls: [], notes: [], lastSeen: TO,
    ...over,
  };
}

/** A window summary the loop's agent wrote itself. @param {number[]} delays */
function summaryOf(delays) {
  const lag = new Histogram();
  for (const d of delays) lag.recordCorrected(d, 20);
  return {
    stopped: true, measureStart: FROM + 5, measureEnd: TO, resolutionMs: 20, lag: lag.toJSON(),
    elu: { utilization: 0.9, activeMs: 3600, idleMs: 400 }, gc: { count: 2, totalMs: 3, maxMs: 2 },
  };
}

/** A profile of one function, sampled every ms over [start, start + ms). @param {string} name @param {number} start @param {number} ms */
function profileOf(name, start, ms) {
  const cf = (/** @type {string} */ functionName) => ({ functionName, url: 'file:///app/worker.js', lineNumber: 4, columnNumber: 0 });
  const samples = Array.from({ length: ms }, () => 2);
  return timeProfile({
    kind: 'continuous', epochOffsetMs: start, intervalUs: 1000,
    profile: { nodes: [{ id: 1, callFrame: { ...cf('(root)'), url: '' }, children: [2] }, { id: 2, callFrame: cf(name), children: [] }], startTime: 0, endTime: ms * 1000, samples, timeDeltas: samples.map(() => 1000) },
  }, 'p.json');
}

test('a cluster worker that blocks: its blocks carry the running function, its verdict is blocked', () => {
  const agent = agentData({ blocks: [{ t: FROM + 1000, durationMs: 300 }], summary: summaryOf([0, 1, 280]) });
  const loop = otherLoop({ agent, kind: 'cluster-worker', profiles: [profileOf('slowHandler', FROM + 900, 500)], profileFile: 'profile-worker-100.cpuprofile' }, RUN);
  assert.equal(loop.id, 'worker:100');
  assert.equal(loop.label, 'cluster worker 100');
  assert.equal(loop.blocks.length, 1);
  assert.equal(loop.blocks[0].culprit?.functionName, 'slowHandler');
  assert.equal(loop.topSites[0].functionName, 'slowHandler');
  assert.equal(loop.verdict.status, 'blocked');
  assert.equal(loop.fromOutside, false);
  assert.deepEqual(loop.elu, { mean: 0.9, source: 'loop' });
  assert.deepEqual(loop.profile, { file: 'profile-worker-100.cpuprofile' });
});

test('a worker thread stuck the whole window: one ongoing block from its last heartbeat, figures from outside', () => {
  const agent = agentData({ key: '100-t3', threadId: 3, lastSeen: FROM - 1500 }); // it never wrote a summary
  const outside = [{ type: 'thread-outside', threadId: 3, t: TO, lastBeat: FROM - 1500, elu: { utilization: 1, activeMs: 4000, idleMs: 0 } }];
  const loop = otherLoop({ agent, kind: 'worker-thread', profiles: [profileOf('spinForever', FROM - 1500, 5500)], profileFile: 'profile-thread-3.cpuprofile' }, { ...RUN, outside });
  assert.equal(loop.id, 'thread:3');
  assert.equal(loop.fromOutside, true);
  assert.deepEqual(loop.elu, { mean: 1, source: 'outside' });
  assert.equal(loop.blocks.length, 1);
  assert.equal(loop.blocks[0].ongoing, true);
  assert.equal(loop.blocks[0].durationMs, 4000);
  assert.equal(loop.blocks[0].culprit?.functionName, 'spinForever');
  assert.ok(loop.lag.maxMs >= 3900, `lag max ${loop.lag.maxMs}`);
  assert.equal(loop.verdict.status, 'blocked');
});

test('a replaced cluster worker keeps its row: its end, exit code and what it saw before', () => {
  const agent = agentData({ pid: 101, key: '101', blocks: [{ t: FROM + 200, durationMs: 120 }], exits: [{ t: FROM + 1500, code: 3 }], summary: { ...summaryOf([0, 100]), stopped: false, measureEnd: FROM + 1400 } });
  const outside = [{ type: 'cluster-exit', t: FROM + 1501, pid: 101, code: 3, signal: null }];
  const loop = otherLoop({ agent, kind: 'cluster-worker', profiles: [], profileFile: null }, { ...RUN, outside });
  assert.deepEqual(loop.life, { startMs: null, endMs: 1500, exitCode: 3, signal: null });
  assert.equal(loop.blocks.length, 1, 'no ongoing block after its end');
  const replacement = otherLoop({ agent: agentData({ pid: 102, key: '102', helloAt: FROM + 1700 }), kind: 'cluster-worker', profiles: [], profileFile: null }, RUN);
  assert.equal(replacement.life.startMs, 1700);
  assert.equal(loopId(agentData({ pid: 102 }), 'cluster-worker'), 'worker:102');
});

test("the app's verdict is its worst loop's and names it; probe reasons stay the app's", () => {
  /** @param {string} id @param {'main' | 'cluster-worker'} kind @param {any} verdict */
  const loop = (id, kind, verdict, fraction = 0) => /** @type {any} */ ({
    id, kind, label: id === 'main' ? 'main thread' : `cluster worker ${id.slice(7)}`, verdict, blocking: { fraction, longestMs: fraction * 1000 },
  });
  const app = { status: /** @type {const} */ ('degraded'), reasons: ['probe p99 900 ms >= 50 ms (12 probes that slow)'] };
  const worker = { status: /** @type {const} */ ('blocked'), reasons: ['longest block 300 ms >= 100 ms'] };
  const v = worstLoopVerdict(app, [loop('main', 'main', app), loop('worker:7', 'cluster-worker', worker)]);
  assert.equal(v.status, 'blocked');
  assert.equal(v.loop, 'worker:7');
  assert.deepEqual(v.reasons, ['cluster worker 7: longest block 300 ms >= 100 ms', 'probe p99 900 ms >= 50 ms (12 probes that slow)']);
  // of two blocked workers, the one blocked the larger share
  const worse = worstLoopVerdict(app, [loop('main', 'main', app), loop('worker:7', 'cluster-worker', worker, 0.4), loop('worker:8', 'cluster-worker', worker, 0.9)]);
  assert.equal(worse.loop, 'worker:8');
  const single = worstLoopVerdict(app, [loop('main', 'main', app)]);
  assert.equal(single, app, 'one loop: the verdict as it was');
});

test('cluster workers hear every command, and one that connects late first hears what it missed', async (t) => {
  const sockets = new LoopSockets();
  t.after(() => sockets.close());
  await sockets.ready;
  /** @param {string[]} heard */
  const connect = (heard) => new Promise((resolve) => {
    const socket = net.createConnection(sockets.path, () => resolve(socket));
    onLines(socket, (line) => {
      const m = JSON.parse(line);
      heard.push(m.cmd);
      if (m.cmd === 'stop') socket.write(JSON.stringify({ type: 'stopped' }) + '\n');
    });
  });
  /** @type {string[]} */
  const early = [];
  await connect(early);
  // the server's side of the connection (accepted on a turn of its own): a command sent before it is caught up
  assert.ok(await until(() => sockets.peers.length === 1, 10_000), 'the first worker accepted');
  sockets.send({ cmd: 'start' });
  sockets.send({ cmd: 'window' });
  /** @type {string[]} */
  const late = [];
  await connect(late);
  // 'stop' reaches the workers accepted by then: the late one is first accepted (and caught up)
  assert.ok(await until(() => sockets.peers.length === 2, 10_000), 'the late worker accepted');
  await sockets.stop(10_000);
  assert.deepEqual(early, ['start', 'window', 'stop']);
  assert.deepEqual(late, ['start', 'window', 'stop']);
});
