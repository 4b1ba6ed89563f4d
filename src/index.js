// eventloop-probe as a library: `import { monitor } from 'eventloop-probe'` starts the production
// agent in this process (the one --require eventloop-probe/register starts), with options over the
// environment's settings, and returns a handle: `on('block', line => ...)`, `stop()`.

import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { readSettings } = require('./production/settings.cjs');
const { startMonitor } = require('./production/monitor.cjs');

/**
 * @param {Partial<import('./production/settings.cjs').ProductionSettings>} [options] thresholdMs, log,
 *   statsS, maxBlocksPerMin, threads, requests, otel, gc, captureBudgetMs (each defaults to its environment setting)
 * @returns {import('node:events').EventEmitter & {stop: () => void}}
 */
export function monitor(options = {}) {
  return startMonitor(readSettings(process.env, options));
}
