'use strict';
// Whether a sampling CPU profiler runs in this process now: V8's (the inspector's Profiler domain,
// --cpu-prof, an APM's profiler built on it) catches SIGPROF while one runs and gives the signal
// back when the last one stops. Its signals interrupt the loop's wait for events, and libuv then
// counts part of the wait as busy time (see loop-monitor.cjs, capElu). Linux: the caught-signals
// mask of /proc/self/status; elsewhere, or unreadable: false.

const fs = require('node:fs');
const os = require('node:os');

const SIGPROF = BigInt(os.constants.signals.SIGPROF ?? 27);

function sigprofCaught() {
  try {
    const m = /^SigCgt:\s*([0-9a-fA-F]+)\s*$/m.exec(fs.readFileSync('/proc/self/status', 'latin1'));
    return m !== null && ((BigInt(`0x${m[1]}`) >> (SIGPROF - 1n)) & 1n) === 1n;
  } catch {
    return false;
  }
}

module.exports = { sigprofCaught };
