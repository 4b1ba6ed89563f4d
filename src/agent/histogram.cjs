'use strict';
// A small log-linear histogram: about 1% relative precision, sparse buckets, mergeable and
// serialisable. Shared by the agent (CommonJS, no dependencies) and the tool's analysis.

const GROWTH = 1.02;
const LOG_GROWTH = Math.log(GROWTH);
const FLOOR = 0.001; // values at or below 1 microsecond (in ms) share bucket 0

/** @param {number} value */
function bucketOf(value) {
  return value <= FLOOR ? 0 : 1 + Math.floor(Math.log(value / FLOOR) / LOG_GROWTH);
}

/** @param {number} index */
function valueOf(index) {
  return index === 0 ? 0 : FLOOR * Math.pow(GROWTH, index - 0.5);
}

class Histogram {
  constructor() {
    /** @type {Map<number, number>} */
    this.buckets = new Map();
    this.count = 0;
    this.sum = 0;
    this.min = Infinity;
    this.max = 0;
  }

  /** @param {number} value @param {number} [times] */
  record(value, times = 1) {
    if (!(value >= 0) || times <= 0) return;
    const index = bucketOf(value);
    this.buckets.set(index, (this.buckets.get(index) || 0) + times);
    this.count += times;
    this.sum += value * times;
    if (value < this.min) this.min = value;
    if (value > this.max) this.max = value;
  }

  /**
   * Records a delay together with the delays that events due every `interval` ms during the
   * same stall would have seen (coordinated-omission correction): a 1 s stall sampled every
   * 10 ms counts as 100 samples of 1000, 990, ... 10 ms, not as one.
   * @param {number} value @param {number} interval
   */
  recordCorrected(value, interval) {
    this.record(value);
    if (!(interval > 0)) return;
    for (let missing = value - interval; missing > 0; missing -= interval) this.record(missing);
  }

  /** @param {number} p percentile, 0..100 */
  percentile(p) {
    if (this.count === 0) return 0;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count));
    const keys = [...this.buckets.keys()].sort((a, b) => a - b);
    let seen = 0;
    for (const key of keys) {
      seen += /** @type {number} */ (this.buckets.get(key));
      if (seen >= rank) return Math.min(this.max, Math.max(this.min, valueOf(key)));
    }
    return this.max;
  }

  /** How many recorded values were at least `value` (to bucket precision). @param {number} value */
  countAtLeast(value) {
    const from = bucketOf(value);
    let n = 0;
    for (const [key, count] of this.buckets) if (key >= from) n += count;
    return n;
  }

  mean() {
    return this.count === 0 ? 0 : this.sum / this.count;
  }

  /** @param {Histogram} other */
  merge(other) {
    for (const [key, n] of other.buckets) this.buckets.set(key, (this.buckets.get(key) || 0) + n);
    this.count += other.count;
    this.sum += other.sum;
    if (other.min < this.min) this.min = other.min;
    if (other.max > this.max) this.max = other.max;
    return this;
  }

  toJSON() {
    return {
      count: this.count,
      sum: this.sum,
      min: this.count ? this.min : 0,
      max: this.max,
      buckets: [...this.buckets.entries()],
    };
  }

  /** @param {{count: number, sum: number, min: number, max: number, buckets: [number, number][]}} data */
  static fromJSON(data) {
    const h = new Histogram();
    h.buckets = new Map(data.buckets);
    h.count = data.count;
    h.sum = data.sum;
    h.min = data.count ? data.min : Infinity;
    h.max = data.max;
    return h;
  }
}

module.exports = { Histogram };
