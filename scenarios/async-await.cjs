'use strict';
const { Job } = require('./lib/job.cjs');

module.exports = {
  name: 'async-await',
  description: 'await an async function each round',
  expected: 'still blocks: every await resumes from the microtask queue, which drains before the loop moves on',
  advice: 'await does not yield: partition',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  async run(options) {
    const job = new Job('async-await', options);
    const update = async () => job.step();
    while (await update());
    return job.finish();
  },
};
