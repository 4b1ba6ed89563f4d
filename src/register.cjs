'use strict';
// `node --require eventloop-probe/register app.js` (also through NODE_OPTIONS): the agent stays on
// in the serving process and its cluster workers (each process that loads it), and with
// EVENTLOOP_PROBE_THREADS=1 in each worker thread, logging every block of the event loop with its
// culprit, the line that called it and the fix (see docs/production.md). Settings come from the
// environment. Inert in our own worker, and where `eventloop-probe run` or `attach` measures.

const { isMainThread, workerData } = require('node:worker_threads');
const { readSettings } = require('./production/settings.cjs');
const { OWN_WORKER } = require('./production/monitor.cjs');

const G = Symbol.for('eventloop-probe.production');

function register() {
  const g = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (g[G]) return g[G]; // loaded twice (--require and --import): one agent
  if (workerData && workerData[OWN_WORKER]) return null;
  if (process.env.EVENTLOOP_PROBE) return null; // `run` measures this process its own way
  const settings = readSettings(process.env);
  if (!isMainThread && !settings.threads) return null;
  const monitor = require('./production/monitor.cjs').startMonitor(settings);
  g[G] = monitor;
  return monitor;
}

module.exports = register();
