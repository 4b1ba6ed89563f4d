'use strict';
// How long a thread ran on a CPU and how long it waited for one while it was ready to run (Linux:
// the first two fields of /proc/thread-self/schedstat, in ns). A stall of the loop spent mostly
// waiting for a CPU is the machine being overloaded, not the app's code holding the loop; a stall
// in which the thread neither ran nor waited for a CPU was a wait (Atomics.wait, a synchronous
// read). Elsewhere they read null.

const fs = require('node:fs');

/**
 * A reader of a thread's schedstat that keeps its file open between reads; whoever makes one
 * closes it (`close()`), or the descriptor stays open in the app for as long as it runs.
 * @param {string} [file] another thread's schedstat (/proc/<pid>/task/<tid>/schedstat)
 * @returns {{read: () => {runMs: number, waitMs: number} | null, close: () => void}} read: milliseconds so far
 */
function schedstatReader(file = '/proc/thread-self/schedstat') {
  let fd = -1;
  try {
    fd = fs.openSync(file, 'r');
  } catch {
    return { read: () => null, close() {} };
  }
  const buf = Buffer.alloc(96);
  return {
    read() {
      if (fd < 0) return null;
      try {
        const n = fs.readSync(fd, buf, 0, buf.length, 0);
        return parse(buf.toString('latin1', 0, n));
      } catch {
        return null;
      }
    },
    close() {
      if (fd < 0) return;
      try {
        fs.closeSync(fd);
      } catch {
        // already closed
      }
      fd = -1;
    },
  };
}

/** One reading of the calling thread's schedstat, opening and closing the file. */
function readSchedstatOnce() {
  try {
    return parse(fs.readFileSync('/proc/thread-self/schedstat', 'latin1'));
  } catch {
    return null;
  }
}

/** @param {string} text "<run ns> <wait ns> <slices>" */
function parse(text) {
  const [run, wait] = text.split(' ').map(Number);
  return Number.isFinite(run) && Number.isFinite(wait) ? { runMs: run / 1e6, waitMs: wait / 1e6 } : null;
}

/** This thread's id in the OS (Linux), or null: how others read its schedstat. */
function osThreadId() {
  try {
    return Number(fs.readlinkSync('/proc/thread-self').split('/').pop()) || null;
  } catch {
    return null;
  }
}

module.exports = { schedstatReader, readSchedstatOnce, osThreadId };
