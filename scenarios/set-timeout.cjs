'use strict';
const { Job } = require('./lib/job.cjs');

const sleep0 = () => new Promise((resolve) => setTimeout(resolve, 0));

module.exports = {
  name: 'set-timeout',
  description: 'await setTimeout(0) after each round',
  expected: 'responsive but idle (~10% CPU): setTimeout(0) is really 1 ms, so the work takes ages',
  advice: 'too slow: yield every ~10 ms instead',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  async run(options) {
    const job = new Job('set-timeout', options);
    while (job.step()) await sleep0();
    return job.finish();
  },
};
