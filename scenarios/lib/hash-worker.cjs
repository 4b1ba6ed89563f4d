'use strict';
// A worker of the worker-thread scenario: runs whole jobs off the main thread. Progress goes to
// the main thread (which publishes it), cancellation comes through a shared flag because the
// worker's own loop is busy while it works.

const { parentPort } = require('node:worker_threads');
const { Job } = require('./job.cjs');

const PROGRESS_EVERY = 5; // checkpoints (of 100 rounds) per progress message

if (parentPort) {
  const port = parentPort;
  port.on('message', (/** @type {{id: number, rounds: number, budgetMs: number, flag: SharedArrayBuffer}} */ task) => {
    const flag = new Int32Array(task.flag);
    let unsent = 0;
    let checkpoints = 0;
    const job = new Job('worker-thread', {
      rounds: task.rounds,
      budgetMs: task.budgetMs,
      signal: { get aborted() { return Atomics.load(flag, 0) === 1; } },
      onProgress(n) {
        unsent += n;
        if (++checkpoints % PROGRESS_EVERY === 0) {
          port.postMessage({ id: task.id, progress: unsent });
          unsent = 0;
        }
      },
    });
    while (job.step());
    const rounds = job.finish();
    port.postMessage({ id: task.id, progress: unsent, rounds, digest: job.digest });
  });
}
