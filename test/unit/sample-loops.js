// A report.json with three event loops (report.loops): the main thread (the sample report's own
// figures), a cluster worker that blocked in a named handler and exited with code 1, and a worker
// thread stuck for the whole window, measured from outside. The verdict is the worker's.

import { sampleReport } from './sample-report.js';

const frame = (/** @type {string} */ functionName, /** @type {string} */ url, /** @type {number} */ line, /** @type {string} */ kind) => ({ functionName, url, line, column: 3, kind });
const spinStack = [frame('spinFor', 'file:///srv/app/cluster.js', 8, 'app'), frame('slowHandler', 'file:///srv/app/cluster.js', 20, 'app'), frame('emit', 'node:events', 517, 'node')];
const culprit = (/** @type {string} */ functionName, /** @type {string} */ file, /** @type {number} */ line) => ({ functionName, url: file, line, label: `${functionName} ${file}:${line}` });
const spinCulprit = culprit('spinFor', '/srv/app/cluster.js', 8);
const threadStack = [frame('crunchForever', 'file:///srv/app/thread.js', 5, 'app'), frame('onMessage', 'file:///srv/app/thread.js', 12, 'app')];

export function sampleLoopsReport() {
  const report = /** @type {any} */ (sampleReport());
  const life = { startMs: null, endMs: null, exitCode: null, signal: null };
  report.loops = [
    {
      id: 'main', kind: 'main', label: 'main thread', pid: 1234, threadId: 0,
      lag: { p50Ms: report.lag.p50Ms, p99Ms: report.lag.p99Ms, maxMs: report.lag.maxMs, samples: report.lag.samples },
      elu: { mean: report.elu.mean, source: 'loop' }, gc: report.gc, blocking: report.blocking, blocks: report.blocks, topSites: report.topSites,
      profile: { file: 'profile.cpuprofile' }, verdict: { status: 'blocked', reasons: ['longest block 321 ms >= 100 ms'] }, life, fromOutside: false, notes: [],
    },
    {
      id: 'worker:4242', kind: 'cluster-worker', label: 'cluster worker 4242', pid: 4242, threadId: 0,
      lag: { p50Ms: 140, p99Ms: 455, maxMs: 460, samples: 40 }, elu: { mean: 0.97, source: 'loop' }, gc: { count: 3, totalMs: 6, maxMs: 2.5 },
      blocking: { count: 2, totalMs: 910, longestMs: 460, fraction: 0.61 },
      blocks: [
        { startMs: 100, durationMs: 450, stack: spinStack, samples: [{ tMs: 120, stack: spinStack }], culprit: spinCulprit, phase: 'poll', cause: 'spinFor ran synchronously', advice: 'move the busy wait to a worker thread' },
        { startMs: 700, durationMs: 460, stack: spinStack, culprit: spinCulprit, phase: 'poll', cause: 'spinFor ran synchronously', advice: 'move the busy wait to a worker thread' },
      ],
      topSites: [{ functionName: 'spinFor', url: 'file:///srv/app/cluster.js', line: 8, blockedMs: 910, count: 2 }],
      profile: { file: 'profile-worker-4242.cpuprofile' }, verdict: { status: 'blocked', reasons: ['longest block 460 ms >= 100 ms'] },
      life: { startMs: null, endMs: 1500, exitCode: 1, signal: null }, fromOutside: false, notes: [],
    },
    {
      id: 'thread:3', kind: 'worker-thread', label: 'worker thread 3', pid: 1234, threadId: 3,
      lag: { p50Ms: 0, p99Ms: 0, maxMs: 0, samples: 0 }, elu: { mean: 1, source: 'outside' }, gc: { count: 0, totalMs: 0, maxMs: 0 },
      blocking: { count: 1, totalMs: 2000, longestMs: 2000, fraction: 1 },
      blocks: [{ startMs: -300, durationMs: 2300, ongoing: true, stack: threadStack, culprit: culprit('crunchForever', '/srv/app/thread.js', 5), phase: 'poll', cause: 'crunchForever never returned' }],
      topSites: [{ functionName: 'crunchForever', url: 'file:///srv/app/thread.js', line: 5, blockedMs: 2000, count: 1 }],
      profile: null, verdict: { status: 'blocked', reasons: ['stuck for the whole window'] }, life, fromOutside: true, notes: ['measured from outside'],
    },
  ];
  report.verdict = { status: 'blocked', reasons: ['cluster worker 4242: longest block 460 ms >= 100 ms'], loop: 'worker:4242' };
  report.workers = [{ pid: 4242, lag: { p50Ms: 140, p99Ms: 455, maxMs: 460, windows: 20 }, elu: 0.97, blocking: report.loops[1].blocking }];
  report.threads = [{ threadId: 3, lag: { p50Ms: 0, p99Ms: 0, maxMs: 0, samples: 0 }, elu: { mean: 1 }, blocking: report.loops[2].blocking, lifeMs: 2000 }];
  return /** @type {import('../../types/report.js').Report} */ (report);
}

/** A V8 CPU profile of one function, `name`, for a loop's profile file. @param {string} name */
export function tinyProfile(name) {
  const callFrame = (/** @type {string} */ functionName) => ({ functionName, url: 'file:///srv/app/cluster.js', lineNumber: 7, columnNumber: 2, scriptId: '1' });
  return {
    nodes: [{ id: 1, callFrame: callFrame('(root)'), children: [2] }, { id: 2, callFrame: callFrame(name), children: [] }],
    startTime: 0, endTime: 4000, samples: [2, 2, 2, 2], timeDeltas: [1000, 1000, 1000, 1000],
  };
}
