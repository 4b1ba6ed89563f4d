'use strict';
// When the tool dies without stopping us (killed, even with SIGKILL), the agent ends the run the
// way the tool would have: its data files go (no report will be built from them), then SIGTERM to
// the app's process group (the group the tool started), SIGKILL to it after a grace.

/**
 * @param {{discard: () => void}} sink
 * @param {number} graceMs
 */
function endAbandonedRun(sink, graceMs) {
  sink.discard();
  const group = -ownGroup();
  signalGroup(group, 'SIGTERM');
  setTimeout(() => signalGroup(group, 'SIGKILL'), graceMs).unref();
}

/**
 * This process's group: the tool made the process it started a group leader, and the app is in
 * that group (the app itself, or `npm start`'s node below npm and a shell). Read from /proc
 * (Linux); elsewhere the app is taken for the leader.
 */
function ownGroup() {
  try {
    const stat = require('node:fs').readFileSync('/proc/self/stat', 'utf8');
    const pgrp = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]);
    return pgrp > 1 ? pgrp : process.pid;
  } catch {
    return process.pid;
  }
}

/** A candidate of `run -- <command>` whose tool is gone: the command's group ends. */
function signalOwnGroup() {
  signalGroup(-ownGroup(), 'SIGTERM');
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

module.exports = { endAbandonedRun, signalOwnGroup };
