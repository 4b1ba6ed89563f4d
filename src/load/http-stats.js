// Counters and a latency histogram for one stream of HTTP requests (the load or the probe).

import { Histogram } from '../agent/histogram.cjs';
import { WindowSeries } from './window-series.js';

export class HttpStats {
  /** @param {number} windowMs @param {number} [expectedIntervalMs] fixed-rate interval per connection */
  constructor(windowMs, expectedIntervalMs = 0) {
    this.latency = new Histogram();
    this.series = new WindowSeries(windowMs);
    this.expectedIntervalMs = expectedIntervalMs;
    this.requests = 0;
    this.non2xx = 0;
    this.errors = 0;
    this.timeouts = 0;
    /** @type {Record<string, number>} */
    this.statusCodes = {};
    /** @type {Record<string, number>} */
    this.errorCodes = {};
  }

  /** @param {number} sentAt epoch ms @param {number} latencyMs @param {number} status */
  response(sentAt, latencyMs, status) {
    this.requests++;
    this.statusCodes[status] = (this.statusCodes[status] || 0) + 1;
    if (status < 200 || status >= 300) this.non2xx++;
    if (this.expectedIntervalMs > 0) this.latency.recordCorrected(latencyMs, this.expectedIntervalMs);
    else this.latency.record(latencyMs);
    this.series.add(sentAt, latencyMs);
  }

  /** @param {string} code */
  error(code) {
    if (code === 'TIMEOUT') this.timeouts++;
    else this.errors++;
    this.errorCodes[code] = (this.errorCodes[code] || 0) + 1;
  }

  /** @param {number} seconds measured duration */
  summary(seconds) {
    const h = this.latency;
    const r = (/** @type {number} */ v) => Math.round(v * 100) / 100;
    return {
      requests: this.requests,
      rps: seconds > 0 ? r(this.requests / seconds) : 0,
      errors: this.errors + this.non2xx,
      non2xx: this.non2xx,
      timeouts: this.timeouts,
      p50Ms: r(h.percentile(50)),
      p90Ms: r(h.percentile(90)),
      p99Ms: r(h.percentile(99)),
      maxMs: r(h.max),
      meanMs: r(h.mean()),
      statusCodes: this.statusCodes,
      errorCodes: this.errorCodes,
    };
  }
}
