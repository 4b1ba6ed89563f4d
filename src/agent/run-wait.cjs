'use strict';
// How long this thread waited for a CPU while it was ready to run (Linux: the second field of
// /proc/thread-self/schedstat, in ns). A stall of the loop spent mostly waiting is the machine
// being overloaded, not the app's code holding the loop. Elsewhere it reads null.

const fs = require('node:fs');

/** @returns {() => number | null} milliseconds of run-queue wait of the calling thread so far */
function runWaitReader() {
  let fd = -1;
  try {
    fd = fs.openSync('/proc/thread-self/schedstat', 'r');
  } catch {
    return () => null;
  }
  const buf = Buffer.alloc(96);
  return () => {
    try {
      const n = fs.readSync(fd, buf, 0, buf.length, 0);
      const waitNs = Number(buf.toString('latin1', 0, n).split(' ')[1]);
      return Number.isFinite(waitNs) ? waitNs / 1e6 : null;
    } catch {
      return null;
    }
  };
}

module.exports = { runWaitReader };
