'use strict';
const { Job } = require('./lib/job.cjs');

const immediate = () => new Promise((resolve) => setImmediate(resolve));

module.exports = {
  name: 'set-immediate',
  description: 'await setImmediate after each round',
  expected: 'responsive at ~100% CPU, about 1.5x slower than sync: one full turn of the loop per round',
  advice: 'yield less often (partitioned)',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  async run(options) {
    const job = new Job('set-immediate', options);
    while (job.step()) await immediate();
    return job.finish();
  },
};
