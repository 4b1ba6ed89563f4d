// The probe: one small request every interval, whatever the load is doing, each with its own
// timeout. Its latency is what an innocent request suffers while the app is busy. Requests are
// sent on schedule even when earlier ones are still waiting (no coordinated omission).

import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { HttpStats } from './http-stats.js';
import { epochNow } from '../agent/clock.cjs';

export class Probe {
  /**
   * @param {{origin: string, path: string, intervalMs: number, timeoutMs: number, windowMs: number}} options
   */
  constructor(options) {
    this.options = options;
    this.stats = new HttpStats(options.windowMs);
    this.stats.keepResponses();
    this.agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
    /** @type {Set<Promise<void>>} */
    this.inflight = new Set();
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
    this.aborted = false;
  }

  start() {
    this.send();
    this.timer = setInterval(() => this.send(), this.options.intervalMs);
  }

  send() {
    const { origin, path, timeoutMs } = this.options;
    const sentAt = epochNow();
    const started = performance.now();
    const done = new Promise((resolve) => {
      const request = http.get(new URL(path, origin), { agent: this.agent }, (response) => {
        response.resume();
        response.on('end', () => {
          clearTimeout(timer);
          this.stats.response(sentAt, performance.now() - started, response.statusCode ?? 0);
          resolve(undefined);
        });
      });
      const timer = setTimeout(() => request.destroy(Object.assign(new Error('timeout'), { code: 'TIMEOUT' })), timeoutMs);
      request.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
        clearTimeout(timer);
        if (!this.aborted) this.stats.error(error.code || 'ERROR');
        resolve(undefined);
      });
    });
    /** @type {Promise<void>} */
    const tracked = done.then(() => { this.inflight.delete(tracked); });
    this.inflight.add(tracked);
  }

  /** Stops sending; waits for the requests already sent (each ends by its own timeout). */
  async stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.all(this.inflight);
    this.agent.destroy();
  }

  /** Ends every request still in flight without counting them (we are in a hurry). */
  abort() {
    this.aborted = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.agent.destroy();
  }
}
