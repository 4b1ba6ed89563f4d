'use strict';
// Counts the work that code in the process reports on the diagnostics channel
// `eventloop-probe:work` ({scenario, rounds}): the scenarios of this tool publish there, and any
// app may too. Rounds are summed per timeline window so the tool can count exactly the rounds
// done inside its measured window, even when the loop was blocked when that window closed.

const dc = require('node:diagnostics_channel');
const { performance } = require('node:perf_hooks');

const WORK_CHANNEL = 'eventloop-probe:work';

class WorkMeter {
  /** @param {number} windowMs */
  constructor(windowMs) {
    this.windowMs = windowMs;
    /** @type {Map<number, number>} window start (epoch ms) -> rounds */
    this.windows = new Map();
    /** @type {string | null} */
    this.scenario = null;
    this.rounds = 0;
    this.onMessage = this.onMessage.bind(this);
  }

  start() {
    dc.subscribe(WORK_CHANNEL, this.onMessage);
  }

  stop() {
    dc.unsubscribe(WORK_CHANNEL, this.onMessage);
  }

  /** Drops what came before the measured window. */
  reset() {
    this.windows.clear();
    this.rounds = 0;
  }

  /** @param {unknown} message */
  onMessage(message) {
    const m = /** @type {{scenario?: unknown, rounds?: unknown}} */ (message);
    if (!m || typeof m.rounds !== 'number' || !(m.rounds > 0)) return;
    if (typeof m.scenario === 'string') this.scenario = m.scenario;
    const now = performance.timeOrigin + performance.now();
    const t = Math.floor(now / this.windowMs) * this.windowMs;
    this.windows.set(t, (this.windows.get(t) || 0) + m.rounds);
    this.rounds += m.rounds;
  }

  /** @returns {{scenario: string | null, rounds: number, windowMs: number, windows: [number, number][]} | null} */
  summary() {
    if (this.rounds === 0) return null;
    return { scenario: this.scenario, rounds: this.rounds, windowMs: this.windowMs, windows: [...this.windows] };
  }
}

module.exports = { WorkMeter, WORK_CHANNEL };
