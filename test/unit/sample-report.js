// A report.json (schemaVersion 1) of a blocked run, with blocks carrying stacks as the stacks
// issue records them and the culprit the analysis labelled, for the renderer tests.

export function sampleReport() {
  const frame = (/** @type {string} */ functionName, /** @type {string} */ url, /** @type {number} */ line, /** @type {string} */ kind) => ({ functionName, url, line, column: 5, kind });
  const stackB = [
    frame('hashAll', 'file:///srv/app/lib/hash.js', 12, 'app'),
    frame('handler', 'file:///srv/app/server.js', 40, 'app'),
    frame('handle', 'file:///srv/app/node_modules/express/lib/router/layer.js', 95, 'node_modules'),
    frame('emit', 'node:events', 517, 'node'),
  ];
  const culprit = (/** @type {string} */ functionName, /** @type {string} */ file, /** @type {number} */ line) => ({ functionName, url: file, line, label: `${functionName} ${file}:${line}` });
  return {
    schemaVersion: 1,
    tool: { name: 'eventloop-probe', version: '0.1.0' },
    target: { script: 'server.js', args: [], nodeVersion: 'v20.20.2', pid: 1234, exitCode: null, signal: 'SIGTERM', port: 3000, listenAfterMs: 80 },
    run: {
      startedAt: '2026-11-23T10:00:00.000Z', durationMs: 2000, spawnedAt: '2026-11-23T09:59:59.800Z', mode: 'load', thresholdMs: 50,
      settings: { routes: ['/hash'], probe: '/health', connections: 10, rate: null, durationS: 2 },
    },
    lag: { minMs: 0, meanMs: 48.9, p50Ms: 0.38, p90Ms: 182, p99Ms: 304, maxMs: 313, samples: 167, resolutionMs: 10 },
    elu: { mean: 0.394, max: 0.994 },
    cpu: { percent: 35.1, userMs: 600, systemMs: 102 },
    memory: { rssMaxMb: 51.1, heapUsedMaxMb: 9.5 },
    gc: { count: 17, totalMs: 25, maxMs: 4.27 },
    blocking: { count: 3, totalMs: 653, longestMs: 321, fraction: 0.327 },
    blocks: [
      { startMs: 200, durationMs: 122, stack: [frame('JSON.parse', '', 0, 'native'), frame('parseBody', 'file:///srv/app/server.js', 22, 'app')], culprit: culprit('parseBody', '/srv/app/server.js', 22), phase: 'poll', cause: 'JSON.parse of a 30 MB body', advice: 'stream the body' },
      { startMs: 600, durationMs: 321, stack: stackB, samples: [{ tMs: 610, stack: stackB }, { tMs: 700, stack: stackB.slice(1) }], culprit: culprit('hashAll', '/srv/app/lib/hash.js', 12), phase: 'poll', cause: 'sha256 | a loop', advice: 'move it to a worker' },
      { startMs: 1200, durationMs: 210, stack: stackB, culprit: culprit('hashAll', '/srv/app/lib/hash.js', 12), phase: 'poll' },
    ],
    topSites: [
      { functionName: 'hashAll', url: 'file:///srv/app/lib/hash.js', line: 12, blockedMs: 531, count: 2 },
      { functionName: 'JSON.parse', url: '', line: 0, blockedMs: 122, count: 1 },
    ],
    http: {
      probe: { requests: 40, rps: 20, errors: 0, non2xx: 0, timeouts: 0, p50Ms: 3, p90Ms: 300, p99Ms: 812, maxMs: 812, meanMs: 60 },
      load: { requests: 300, rps: 150, errors: 0, non2xx: 0, timeouts: 0, p50Ms: 30, p90Ms: 320, p99Ms: 900, maxMs: 950, meanMs: 80 },
    },
    timeline: { windowMs: 100, points: Array.from({ length: 20 }, (_, i) => ({ tMs: i * 100, lagMaxMs: i === 7 ? 313 : 1, elu: 0.5, cpuPercent: 40, gcMs: 0, probeMaxMs: 5, probes: 2, requests: 15 })) },
    verdict: { status: 'blocked', reasons: ['longest block 321 ms >= 100 ms'] },
    notes: ['a note with | a pipe'],
    artifacts: { json: 'report.json', log: 'target.log' },
    budgets: /** @type {any[]} */ ([]),
  };
}
