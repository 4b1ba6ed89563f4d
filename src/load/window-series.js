// Values bucketed into the same epoch-aligned windows the agent uses, so the timeline can put
// probe latency and completed requests beside the loop's lag.

export class WindowSeries {
  /** @param {number} windowMs */
  constructor(windowMs) {
    this.windowMs = windowMs;
    /** @type {Map<number, {count: number, sum: number, max: number}>} */
    this.windows = new Map();
  }

  /** @param {number} epochMs @param {number} [value] */
  add(epochMs, value = 0) {
    const key = Math.floor(epochMs / this.windowMs);
    let w = this.windows.get(key);
    if (!w) {
      w = { count: 0, sum: 0, max: 0 };
      this.windows.set(key, w);
    }
    w.count++;
    w.sum += value;
    if (value > w.max) w.max = value;
  }

  /** @param {number} epochMs */
  at(epochMs) {
    return this.windows.get(Math.floor(epochMs / this.windowMs));
  }
}
