'use strict';
// The work every scenario does, as in the scheduling article: rounds of "hash 100 random bytes (hex) into a
// running sha256". A Job counts the rounds, reports progress every REPORT_EVERY rounds on the
// diagnostics channel `eventloop-probe:work` (the agent's work meter listens; nobody else pays
// more than a hasSubscribers check), and stops at its round count, its time budget or its signal.

const crypto = require('node:crypto');
const dc = require('node:diagnostics_channel');
const { performance } = require('node:perf_hooks');

const WORK_CHANNEL = 'eventloop-probe:work';
const REPORT_EVERY = 100;
const workChannel = dc.channel(WORK_CHANNEL);

/**
 * @typedef {object} JobOptions
 * @property {number} rounds rounds to do
 * @property {number} [budgetMs] stop after this long, whatever is left
 * @property {{aborted: boolean}} [signal] stop when aborted (an AbortSignal or a look-alike)
 * @property {(rounds: number) => void} [onProgress] where progress goes (default: the channel)
 */

/** @param {string} scenario @param {number} rounds */
function publish(scenario, rounds) {
  if (workChannel.hasSubscribers) workChannel.publish({ scenario, rounds });
}

function randomString() {
  return crypto.randomBytes(100).toString('hex');
}

class Job {
  /** @param {string} scenario @param {JobOptions} options */
  constructor(scenario, options) {
    this.scenario = scenario;
    this.hash = crypto.createHash('sha256');
    this.rounds = Math.max(0, Math.floor(options.rounds));
    this.deadline = performance.now() + (options.budgetMs ?? Infinity);
    this.signal = options.signal;
    this.onProgress = options.onProgress ?? ((n) => publish(scenario, n));
    this.done = 0;
    this.pending = 0;
    this.over = this.rounds === 0 || Boolean(this.signal && this.signal.aborted);
  }

  /** Does one round. @returns {boolean} whether there is more to do */
  step() {
    if (this.over) return false;
    this.hash.update(randomString());
    this.done++;
    if (++this.pending >= REPORT_EVERY) this.checkpoint();
    if (this.done >= this.rounds) this.over = true;
    return !this.over;
  }

  checkpoint() {
    if (this.pending) this.onProgress(this.pending);
    this.pending = 0;
    if (performance.now() >= this.deadline || (this.signal && this.signal.aborted)) this.over = true;
  }

  /** @returns {number} rounds done */
  finish() {
    this.checkpoint();
    this.digest = this.hash.digest('hex');
    return this.done;
  }
}

module.exports = { Job, WORK_CHANNEL, publish };
