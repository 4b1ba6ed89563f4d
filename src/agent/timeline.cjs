'use strict';
// Aggregates what the heartbeat sees into fixed windows of wall-clock time. A stall spreads its
// CPU and loop activity over every window it covers, and each covered window gets the lag that
// an event due inside it would have suffered, so a 1 s block shows as 10 busy windows of 100 ms,
// not as one late sample.

/** @typedef {{span: number, active: number, cpu: number, lag: number, gc: number, wait: number}} Window wait: -1 when no reading covered it */

class Timeline {
  /** @param {number} windowMs */
  constructor(windowMs) {
    this.windowMs = windowMs;
    /** @type {Map<number, Window>} */
    this.open = new Map();
  }

  /** @param {number} key */
  window(key) {
    let w = this.open.get(key);
    if (!w) {
      w = { span: 0, active: 0, cpu: 0, lag: 0, gc: 0, wait: -1 };
      this.open.set(key, w);
    }
    return w;
  }

  /**
   * One heartbeat interval [from, to] (epoch ms): the loop's busy time in it, and the lag an event
   * due in each window it covers suffered.
   * @param {number} from @param {number} to
   * @param {{activeMs: number, dueAt: number}} sample dueAt: when the beat was due
   */
  add(from, to, sample) {
    this.spread(from, to, (w, share, overlap, start) => {
      w.span += overlap;
      w.active += sample.activeMs * share;
      // An event due at time t inside this window waited until `to`.
      const firstDue = Math.max(sample.dueAt, start);
      if (firstDue <= Math.min(to, start + this.windowMs)) w.lag = Math.max(w.lag, to - firstDue);
    });
  }

  /**
   * CPU time spent in [from, to] (epoch ms), spread over the windows by their share of it: the
   * heartbeat reads the process's CPU once a window, not every beat.
   * @param {number} from @param {number} to @param {number} cpuMs
   */
  addCpu(from, to, cpuMs) {
    this.spread(from, to, (w, share) => { w.cpu += cpuMs * share; });
  }

  /**
   * The loop's thread waited for a CPU `waitMs` in [from, to] (epoch ms: between two readings of its
   * schedstat), spread over the windows by their share of it. A window no reading covered has none.
   * @param {number} from @param {number} to @param {number} waitMs
   */
  addWait(from, to, waitMs) {
    this.spread(from, to, (w, share) => { w.wait = Math.max(0, w.wait) + waitMs * share; });
  }

  /**
   * Each window [from, to] covers, with the share of the interval inside it.
   * @param {number} from @param {number} to
   * @param {(w: Window, share: number, overlap: number, start: number) => void} visit
   */
  spread(from, to, visit) {
    const length = to - from;
    if (!(length > 0)) return;
    eachWindow(from, to, this.windowMs, (key, overlap, start) => visit(this.window(key), overlap / length, overlap, start));
  }

  /** @param {number} at epoch ms @param {number} durationMs */
  addGc(at, durationMs) {
    this.window(Math.floor(at / this.windowMs)).gc += durationMs;
  }

  /**
   * Closed windows (ending at or before `until`), removed from memory.
   * @param {number} until epoch ms
   * @returns {{t: number, lagMaxMs: number, elu: number, cpuPercent: number, gcMs: number, waitMs?: number}[]}
   */
  drain(until) {
    const out = [];
    for (const [key, w] of this.open) {
      if ((key + 1) * this.windowMs > until) continue;
      this.open.delete(key);
      if (w.span <= 0) continue;
      out.push({
        t: key * this.windowMs,
        lagMaxMs: round(w.lag),
        elu: round(Math.min(1, w.active / w.span), 3),
        cpuPercent: round((w.cpu / w.span) * 100, 1),
        gcMs: round(w.gc),
        ...(w.wait >= 0 ? { waitMs: round(w.wait) } : {}),
      });
    }
    return out.sort((a, b) => a.t - b.t);
  }
}

/**
 * Each window of `windowMs` that [from, to] (epoch ms) overlaps: its key (start / windowMs), the
 * overlap in ms, and its start.
 * @param {number} from @param {number} to @param {number} windowMs
 * @param {(key: number, overlap: number, start: number) => void} visit
 */
function eachWindow(from, to, windowMs, visit) {
  for (let key = Math.floor(from / windowMs); key * windowMs < to; key++) {
    const start = key * windowMs;
    const overlap = Math.min(to, start + windowMs) - Math.max(from, start);
    if (overlap > 0) visit(key, overlap, start);
  }
}

/** @param {number} value @param {number} [digits] */
function round(value, digits = 2) {
  const f = Math.pow(10, digits);
  return Math.round(value * f) / f;
}

module.exports = { Timeline, eachWindow, round };
