'use strict';
// The production agent's settings, from the environment only (nothing to pass on a command line
// that is not ours): each has a default that a service can leave on all day.

/**
 * @typedef {object} ProductionSettings
 * @property {number} thresholdMs a stall of the loop at least this long is a block (EVENTLOOP_PROBE_THRESHOLD, 200)
 * @property {string | null} log file the JSON lines are appended to (EVENTLOOP_PROBE_LOG); null: stderr
 * @property {number} statsS seconds between two "stats" lines (EVENTLOOP_PROBE_STATS, 60; 0: none)
 * @property {number} maxBlocksPerMin block lines written a minute at most, the rest counted (EVENTLOOP_PROBE_MAX_BLOCKS, 30)
 * @property {boolean} threads also each worker thread's loop (EVENTLOOP_PROBE_THREADS=1)
 * @property {boolean} requests follow HTTP requests (EVENTLOOP_PROBE_REQUESTS=0 turns it off)
 * @property {number} requestsPerS above this many requests a second, follow 1 request in N, each standing for N
 *   (every request for a minute after a block) (EVENTLOOP_PROBE_REQUESTS=<n>, 2000; `all`: 0, every request)
 * @property {boolean} otel publish to OpenTelemetry when the app has it (EVENTLOOP_PROBE_OTEL=0 turns it off)
 * @property {'sample' | 'all' | 'off'} gc garbage collections observed (EVENTLOOP_PROBE_GC): `sample`, the last tenth
 *   of each stats interval (Node makes an entry for each collection observed, its main cost); `all`; `off`
 * @property {number} captureBudgetMs ms of each minute the stack captures' starts may hold the app's thread (V8's
 *   profiler walks the heap when it starts: about 0.6 ms per MB on our VM) (EVENTLOOP_PROBE_CAPTURE_BUDGET, 600: 1%; 0: no capture)
 * @property {'auto' | 'profiler' | 'samples'} capture how a block's stack is captured (EVENTLOOP_PROBE_CAPTURE): `auto`, V8's
 *   profiler until one of its starts walked the heap half the threshold or more (20 ms at least), then samples the app's thread evaluates (agent/stack-sampler.cjs);
 *   `profiler` always (held to the budget); `samples` always
 * @property {number} resolutionMs heartbeat interval: half the threshold, 20..1000 ms (each wake-up of an idle
 *   process costs CPU: two beats a threshold still tell every block, which is at least T late; a higher
 *   threshold wakes the app's thread less often, docs/benchmarks.md's curve of cost against what is named)
 */

/** @param {string | undefined} v @param {number} fallback @param {number} min @param {number} max */
function num(v, fallback, min, max) {
  const n = Number(v);
  return v !== undefined && v !== '' && Number.isFinite(n) ? Math.min(max, Math.max(min, n)) : fallback;
}

// the longest heartbeat interval (a threshold of 2 s or more)
const MAX_RESOLUTION_MS = 1000;
// requests a second followed one by one: the meter's 0.3 µs each is then at most 0.6 ms of CPU a second
const DEFAULT_PER_S = 2000;

/** `all`: 0 (every request); a number: that rate; on, 1, true or unset: 2000. @param {string | undefined} v */
function requestsPerS(v) {
  if (v === 'all') return 0;
  return v === '1' || v === 'on' || v === 'true' ? DEFAULT_PER_S : num(v, DEFAULT_PER_S, 10, 1e9);
}

/** @param {NodeJS.ProcessEnv} env @param {Partial<ProductionSettings>} [over] @returns {ProductionSettings} */
function readSettings(env, over = {}) {
  const thresholdMs = over.thresholdMs ?? num(env.EVENTLOOP_PROBE_THRESHOLD, 200, 10, 60000);
  return {
    thresholdMs,
    log: over.log !== undefined ? over.log : env.EVENTLOOP_PROBE_LOG || null,
    statsS: over.statsS ?? num(env.EVENTLOOP_PROBE_STATS, 60, 0, 86400),
    maxBlocksPerMin: over.maxBlocksPerMin ?? num(env.EVENTLOOP_PROBE_MAX_BLOCKS, 30, 0, 10000),
    threads: over.threads ?? env.EVENTLOOP_PROBE_THREADS === '1',
    requests: over.requests ?? env.EVENTLOOP_PROBE_REQUESTS !== '0',
    requestsPerS: over.requestsPerS ?? requestsPerS(env.EVENTLOOP_PROBE_REQUESTS),
    otel: over.otel ?? env.EVENTLOOP_PROBE_OTEL !== '0',
    gc: over.gc ?? (env.EVENTLOOP_PROBE_GC === 'all' || env.EVENTLOOP_PROBE_GC === 'off' ? env.EVENTLOOP_PROBE_GC : 'sample'),
    captureBudgetMs: over.captureBudgetMs ?? num(env.EVENTLOOP_PROBE_CAPTURE_BUDGET, 600, 0, 60000),
    capture: over.capture ?? (env.EVENTLOOP_PROBE_CAPTURE === 'profiler' || env.EVENTLOOP_PROBE_CAPTURE === 'samples' ? env.EVENTLOOP_PROBE_CAPTURE : 'auto'),
    resolutionMs: over.resolutionMs ?? Math.min(MAX_RESOLUTION_MS, Math.max(20, Math.round(thresholdMs / 2))),
  };
}

module.exports = { readSettings };
