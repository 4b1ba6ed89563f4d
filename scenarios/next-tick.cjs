'use strict';
const { Job } = require('./lib/job.cjs');

module.exports = {
  name: 'next-tick',
  description: 'recursive process.nextTick, one round per tick',
  expected: 'starves I/O: the nextTick queue is emptied, new entries included, before the loop continues',
  advice: 'nextTick does not yield: partition',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  run(options) {
    const job = new Job('next-tick', options);
    return new Promise((resolve) => {
      const tick = () => (job.step() ? process.nextTick(tick) : resolve(job.finish()));
      process.nextTick(tick);
    });
  },
};
