'use strict';
// When the tool dies without stopping us (killed, even with SIGKILL), the agent ends the run the
// way the tool would have: its data files go (no report will be built from them), then SIGTERM to
// the app's process group (the tool made the app a group leader), SIGKILL to it after a grace.

/**
 * @param {{discard: () => void}} sink
 * @param {number} graceMs
 */
function endAbandonedRun(sink, graceMs) {
  sink.discard();
  const group = -process.pid;
  signalGroup(group, 'SIGTERM');
  setTimeout(() => signalGroup(group, 'SIGKILL'), graceMs).unref();
}

/** @param {number} group @param {NodeJS.Signals} signal */
function signalGroup(group, signal) {
  try {
    process.kill(group, signal);
  } catch {
    // not a group leader after all (started some other way): end this process only
    try { process.kill(process.pid, signal); } catch { /* gone */ }
  }
}

module.exports = { endAbandonedRun };
