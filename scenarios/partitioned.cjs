'use strict';
const { performance } = require('node:perf_hooks');
const { Job } = require('./lib/job.cjs');

const SLICE_MS = 10;
const immediate = () => new Promise((resolve) => setImmediate(resolve));

module.exports = {
  name: 'partitioned',
  description: `yield with setImmediate after ~${SLICE_MS} ms of work`,
  expected: 'the closing idea of the article: yield only when enough time has passed, so the loop turns without a per-round cost',
  advice: 'good fix for work cut in slices',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  async run(options) {
    const job = new Job('partitioned', options);
    let since = performance.now();
    while (job.step()) {
      if (performance.now() - since >= SLICE_MS) {
        await immediate();
        since = performance.now();
      }
    }
    return job.finish();
  },
};
