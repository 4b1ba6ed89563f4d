'use strict';
const { Pool, defaultSize } = require('./lib/pool.cjs');
const { publish } = require('./lib/job.cjs');

/** @type {Pool | null} */
let pool = null;

module.exports = {
  name: 'worker-thread',
  description: 'the whole job in a small worker_threads pool',
  expected: 'offloading to a thread keeps the main loop free at full speed; data must be copied in and out',
  advice: 'good fix for CPU-bound work',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  run(options) {
    if (!pool) pool = new Pool(defaultSize());
    return pool.run({
      rounds: options.rounds, budgetMs: options.budgetMs, signal: /** @type {any} */ (options.signal),
      onProgress: options.onProgress ?? ((n) => publish('worker-thread', n)),
    });
  },
};
