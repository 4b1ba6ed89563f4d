'use strict';
// Who was running: the continuous CPU profile (a main-thread inspector session, sampled by V8's
// profiler thread) and the watchdog worker that captures the stacks of blocks as they happen.
// Only the Profiler domain is used: enabling the Debugger deoptimises the running code.
//
// Starting V8's profiler walks the heap for every function compiled so far: on an app that has
// loaded a framework that stalls the loop for 50-200 ms. So the profile starts with the agent,
// before the app's code exists, and is never restarted: it is cut into chunks by overlapping
// profiles (see profile-chunks.cjs), which never stops the profiler itself.

const inspector = require('node:inspector');
const path = require('node:path');
const { Worker } = require('node:worker_threads');
const { ProfileChunks } = require('./profile-chunks.cjs');

const CHUNK_MS = 1000;
// With the continuous profile on, blocks are already sampled; the watchdog steps in only for a
// block this long, which may never end (its chunk would then never be written).
const ONGOING_AFTER_MS = 1000;

/**
 * Heartbeat shared with the watchdog (Float64Array over a SharedArrayBuffer):
 * [0] epoch ms of the last beat, [1] 1 stop / 2 stop and write nothing, [2] 1 while it captures.
 * @param {import('./config.cjs').AgentConfig} config
 * @param {(event: object) => void} push
 */
function startStacks(config, push) {
  const heartbeat = new SharedArrayBuffer(32);
  const beat = new Float64Array(heartbeat);
  const wantProfile = config.profile;
  const wantWatchdog = config.stacks === 'running';
  if (!wantProfile && !wantWatchdog) return null;
  if (inspector.url() && !config.ownInspector) {
    push({ type: 'note', text: 'an inspector is already open (--inspect): stacks and the CPU profile are off so as not to disturb it; delay and blocks are still measured' });
    return null;
  }

  const chunks = wantProfile ? new ProfileChunks(config, push, () => beat[2] === 1) : null;

  /** @type {Worker | null} */
  let worker = null;
  if (wantWatchdog) {
    beat[0] = Date.now();
    worker = new Worker(path.join(__dirname, 'watchdog-worker.cjs'), {
      workerData: {
        heartbeat, dir: config.dir, pid: process.pid, resolutionMs: config.resolutionMs,
        startAfterMs: wantProfile ? ONGOING_AFTER_MS : config.thresholdMs,
        intervalUs: config.stackIntervalMs * 1000, chunkMs: CHUNK_MS,
        // with the profile on, the watchdog acts only after a second of blocking: no need to look often
        pollMs: wantProfile ? 100 : Math.max(2, Math.min(10, config.thresholdMs / 5)),
      },
      stdout: true, stderr: true, // nothing of ours reaches the app's output
      env: { ...process.env, EVENTLOOP_PROBE: '' }, // our preload stays inert in our own worker
    });
    worker.on('message', (message) => { if (message && message.type === 'tool') push(message); });
    worker.on('error', (error) => push({ type: 'note', text: `the stack watchdog stopped: ${error.message}` }));
    worker.unref(); // after the listeners: adding a 'message' listener refs the worker again
  }

  return {
    /** @param {number} now epoch ms of a heartbeat */
    beat(now) { beat[0] = now; },
    /** before the load starts: the start-up samples go, the window's chunks begin */
    prepare() { chunks?.begin(); },
    /** the tool is gone: no profile is written from now on */
    discard() { beat[1] = 2; chunks?.discard(); },
    /** the run is over (after the measured window), or the process exits */
    stop() {
      beat[1] = Math.max(beat[1], 1);
      chunks?.end();
    },
  };
}

module.exports = { startStacks };
