'use strict';
// How long a thread ran on a CPU and how long it waited for one while it was ready to run (Linux:
// the first two fields of /proc/thread-self/schedstat, in ns). A stall of the loop spent mostly
// waiting for a CPU is the machine being overloaded, not the app's code holding the loop; a stall
// in which the thread neither ran nor waited for a CPU was a wait (Atomics.wait, a synchronous
// read). Elsewhere they read null.

const fs = require('node:fs');

/**
 * @param {string} [file] another thread's schedstat (/proc/<pid>/task/<tid>/schedstat)
 * @returns {() => {runMs: number, waitMs: number} | null} milliseconds so far
 */
function schedstatReader(file = '/proc/thread-self/schedstat') {
  let fd = -1;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return () => null;
  }
  const buf = Buffer.alloc(96);
  return () => {
    try {
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      const [run, wait] = buf.toString('latin1', 0, n).split(' ').map(Number);
      return Number.isFinite(run) && Number.isFinite(wait) ? { runMs: run / 1e6, waitMs: wait / 1e6 } : null;
    } catch {
      return null;
    }
  };
}

/** @returns {() => number | null} milliseconds of run-queue wait of the calling thread so far */
function runWaitReader() {
  const read = schedstatReader();
  return () => read()?.waitMs ?? null;
}

/** This thread's id in the OS (Linux), or null: how others read its schedstat. */
function osThreadId() {
  try {
    return Number(fs.readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

module.exports = { runWaitReader, schedstatReader, osThreadId };
