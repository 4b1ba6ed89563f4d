'use strict';
// Garbage-collection pauses from the 'gc' performance entries: totals by kind for the summary,
// each pause's time for the timeline, and the long ones kept for the report.

const { PerformanceObserver, performance, constants } = require('node:perf_hooks');

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

class GcObserver {
  /**
   * @param {number} longPauseMs pauses at least this long are reported one by one
   * @param {(at: number, durationMs: number, kind: string) => void} onPause
   */
  constructor(longPauseMs, onPause) {
    this.longPauseMs = longPauseMs;
    this.onPause = onPause;
    /** @type {Record<string, {count: number, totalMs: number, maxMs: number}>} */
    this.byKind = {};
    this.observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) this.add(entry);
    });
  }

  reset() {
    this.byKind = {};
  }

  /** @param {import('node:perf_hooks').PerformanceEntry} entry */
  add(entry) {
    const detail = /** @type {{kind?: number} | undefined} */ (/** @type {any} */ (entry).detail);
    const kind = KINDS[detail && detail.kind !== undefined ? detail.kind : -1] || 'other';
    const k = this.byKind[kind] || (this.byKind[kind] = { count: 0, totalMs: 0, maxMs: 0 });
    k.count++;
    k.totalMs += entry.duration;
    if (entry.duration > k.maxMs) k.maxMs = entry.duration;
    this.onPause(performance.timeOrigin + entry.startTime, entry.duration, kind);
  }

  start() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop() {
    this.observer.disconnect();
  }

  summary() {
    let count = 0;
    let totalMs = 0;
    let maxMs = 0;
    for (const k of Object.values(this.byKind)) {
      count += k.count;
      totalMs += k.totalMs;
      maxMs = Math.max(maxMs, k.maxMs);
    }
    return { count, totalMs, maxMs, byKind: this.byKind };
  }
}

module.exports = { GcObserver };
