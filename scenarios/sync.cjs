'use strict';
const { Job } = require('./lib/job.cjs');

module.exports = {
  name: 'sync',
  description: 'a plain for loop: every round in one go',
  expected: 'the request holds the loop for its whole length; health checks time out until it ends (~100% CPU)',
  advice: 'partition it or use a worker',
  /** @param {import('./lib/job.cjs').JobOptions} options @returns {Promise<number>} */
  async run(options) {
    const job = new Job('sync', options);
    while (job.step());
    return job.finish();
  },
};
