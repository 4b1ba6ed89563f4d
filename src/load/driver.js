// The load: autocannon against the routes the user named, for the measured duration. Every
// response is counted into our own histogram and per-window series, corrected for coordinated
// omission when a fixed rate is asked for.

import autocannon from 'autocannon';
import { HttpStats } from './http-stats.js';
import { epochNow } from '../agent/clock.cjs';

/**
 * @typedef {object} LoadOptions
 * @property {string} origin
 * @property {string[]} routes
 * @property {number} connections
 * @property {number} durationS
 * @property {number} [rate] requests per second, all connections together
 * @property {string} method
 * @property {string} [body]
 * @property {Record<string, string>} headers
 * @property {number} timeoutS
 * @property {number} windowMs
 */

/**
 * @param {LoadOptions} options
 * @returns {{stats: HttpStats, stop: () => void, done: Promise<void>}}
 */
export function startLoad(options) {
  const connections = options.rate ? Math.max(1, Math.min(options.connections, options.rate)) : options.connections;
  const expectedIntervalMs = options.rate ? (1000 * connections) / options.rate : 0;
  const stats = new HttpStats(options.windowMs, expectedIntervalMs);
  const requests = options.routes.map((path) => ({
    path,
    method: /** @type {any} */ (options.method),
    body: options.body,
    headers: options.headers,
  }));
  const instance = autocannon({
    url: options.origin,
    connections,
    duration: options.durationS,
    overallRate: options.rate,
    timeout: options.timeoutS,
    requests,
  });
  instance.on('response', (/** @type {unknown} */ _client, /** @type {number} */ statusCode, /** @type {number} */ _bytes, /** @type {number} */ responseTime) => {
    const now = epochNow();
    stats.response(now - responseTime, responseTime, statusCode);
  });
  instance.on('reqError', (/** @type {Error & {code?: string}} */ error) => {
    stats.error(/timed out/.test(error.message) ? 'TIMEOUT' : error.code || 'ERROR');
  });
  const done = new Promise((resolve) => instance.once('done', () => resolve(undefined)));
  return { stats, stop: () => instance.stop(), done };
}
