// Counters and a latency histogram for one stream of HTTP requests (the load or the probe).

import { Histogram } from '../agent/histogram.cjs';
import { WindowSeries } from './window-series.js';

/** Responses kept at most: an hour of the probe's default 20 a second. */
const MAX_KEPT = 72_000;

export class HttpStats {
  latency = new Histogram();
  /** @type {[number, number][] | null} [sentAt epoch ms, latency ms] of each response kept (keepResponses) */
  kept = null;
  requests = 0;
  non2xx = 0;
  errors = 0;
  timeouts = 0;
  /** @type {Record<string, number>} */
  statusCodes = {};
  /** @type {Record<string, number>} */
  errorCodes = {};

  /** @param {number} windowMs @param {number} [expectedIntervalMs] fixed-rate interval per connection */
  constructor(windowMs, expectedIntervalMs = 0) {
    this.windowMs = windowMs;
    /** @type {HttpStats | null} what the warm-up saw (set by startWindow) */
    this.warmup = null;
    this.windowStart = -Infinity;
    this.series = new WindowSeries(windowMs);
    this.expectedIntervalMs = expectedIntervalMs;
  }

  /**
   * Keep each answered request's send time and latency (the probe's: a few a second), up to
   * MAX_KEPT, for judging each without the app's wait for a CPU in it (probe-wait.js).
   */
  keepResponses() {
    this.kept = [];
  }

  /** Counters back to zero (the per-window series goes on). */
  clear() {
    Object.assign(this, { latency: new Histogram(), requests: 0, non2xx: 0, errors: 0, timeouts: 0, statusCodes: {}, errorCodes: {} });
    if (this.kept) this.kept = [];
  }

  /**
   * The warm-up ends at `at` (epoch ms): what was counted so far, and every later response to a
   * request sent before `at`, belongs to the warm-up; the per-window series goes on.
   * @param {number} at
   */
  startWindow(at) {
    const warm = new HttpStats(this.windowMs, this.expectedIntervalMs);
    const { latency, requests, non2xx, errors, timeouts, statusCodes, errorCodes } = this;
    Object.assign(warm, { series: this.series, latency, requests, non2xx, errors, timeouts, statusCodes, errorCodes });
    this.clear();
    this.warmup = warm;
    this.windowStart = at;
  }

  /** @param {number} sentAt epoch ms @param {number} latencyMs @param {number} status */
  response(sentAt, latencyMs, status) {
    if (this.warmup && sentAt < this.windowStart) {
      this.warmup.response(sentAt, latencyMs, status);
      return;
    }
    this.requests++;
    this.statusCodes[status] = (this.statusCodes[status] || 0) + 1;
    if (status < 200 || status >= 300) this.non2xx++;
    if (this.expectedIntervalMs > 0) this.latency.recordCorrected(latencyMs, this.expectedIntervalMs);
    else this.latency.record(latencyMs);
    this.series.add(sentAt, latencyMs);
    if (this.kept && this.kept.length < MAX_KEPT) this.kept.push([sentAt, latencyMs]);
  }

  /** @param {string} code */
  error(code) {
    if (code === 'TIMEOUT') this.timeouts++;
    else this.errors++;
    this.errorCodes[code] = (this.errorCodes[code] || 0) + 1;
  }

  /** @param {number} seconds measured duration @param {number} [slowMs] also count responses at least this slow */
  summary(seconds, slowMs) {
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
      ...(slowMs ? { slow: h.countAtLeast(slowMs) } : {}),
      statusCodes: this.statusCodes,
      errorCodes: this.errorCodes,
    };
  }
}
