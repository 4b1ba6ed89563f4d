'use strict';
// Wall-clock time for the agent, and the offset that turns V8 profile timestamps (microseconds
// of the monotonic clock, the one process.hrtime reads) into it.

const { performance } = require('node:perf_hooks');

const epochNow = () => performance.timeOrigin + performance.now();

/** Milliseconds to add to a monotonic timestamp in ms to get epoch ms. */
function monotonicToEpochMs() {
  return epochNow() - Number(process.hrtime.bigint()) / 1e6;
}

module.exports = { epochNow, monotonicToEpochMs };
