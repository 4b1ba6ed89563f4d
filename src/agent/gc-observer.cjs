'use strict';
// Garbage-collection pauses from the 'gc' performance entries: totals by kind for the summary,
// each pause's time for the timeline, the long ones kept one by one for the report, and the
// short ones summed into runs (one event per run, not per pause), so the report can tell how much
// of a block was GC. Cheap: a few additions per entry, which the observer creates anyway.

const { PerformanceObserver, performance, constants } = require('node:perf_hooks');

const KINDS = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
};

// A run of short pauses ends at a gap this long between two pauses, or when it spans this long.
const RUN_GAP_MS = 20;
const RUN_SPAN_MS = 100;

/** @typedef {{t: number, endT: number, totalMs: number, count: number}} GcRun */

class GcObserver {
  /**
   * @param {number} longPauseMs pauses at least this long are reported one by one
   * @param {(at: number, durationMs: number, kind: string) => void} onPause
   * @param {(run: GcRun) => void} [onRun] a run of shorter pauses ended
   */
  constructor(longPauseMs, onPause, onRun) {
    this.longPauseMs = longPauseMs;
    this.onPause = onPause;
    this.onRun = onRun;
    /** @type {GcRun | null} */
    this.run = null;
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
    const at = performance.timeOrigin + entry.startTime;
    this.onPause(at, entry.duration, kind);
    if (entry.duration < this.longPauseMs && this.onRun) this.addShort(at, entry.duration);
  }

  /** @param {number} at epoch ms @param {number} durationMs */
  addShort(at, durationMs) {
    const run = this.run;
    if (run && at - run.endT <= RUN_GAP_MS && at + durationMs - run.t <= RUN_SPAN_MS) {
      run.endT = Math.max(run.endT, at + durationMs);
      run.totalMs += durationMs;
      run.count++;
      return;
    }
    this.drain();
    this.run = { t: at, endT: at + durationMs, totalMs: durationMs, count: 1 };
  }

  /** Reports the open run of short pauses, if any. */
  drain() {
    const run = this.run;
    this.run = null;
    if (run && this.onRun) this.onRun({ t: round(run.t), endT: round(run.endT), totalMs: round(run.totalMs), count: run.count });
  }

  start() {
    this.observer.observe({ entryTypes: ['gc'] });
  }

  stop() {
    this.observer.disconnect();
    this.drain();
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

/** @param {number} v */
function round(v) {
  return Math.round(v * 100) / 100;
}

module.exports = { GcObserver };
