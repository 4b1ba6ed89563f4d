'use strict';
// Who was running: the continuous CPU profile of the measured window (a main-thread inspector
// session, sampled by V8's profiler thread) and the watchdog worker that captures the stacks of
// blocks as they happen. Only the Profiler domain is used: enabling the Debugger deoptimises the
// running code (a block captured that way runs 2-10x longer) and costs promise-heavy code dearly.

const inspector = require('node:inspector');
const path = require('node:path');
const { Worker } = require('node:worker_threads');
const { monotonicToEpochMs } = require('./clock.cjs');
const { writeProfile } = require('./profile-file.cjs');

const CHUNK_MS = 1000;
// With the continuous profile on, blocks are already sampled; the watchdog steps in only for a
// block this long, which may never end (its profile would then never be written).
const ONGOING_AFTER_MS = 1000;

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @param {(event: object) => void} push
 */
function startStacks(config, push) {
  const heartbeat = new SharedArrayBuffer(16);
  const beat = new Float64Array(heartbeat);
  const wantProfile = config.profile;
  const wantWatchdog = config.stacks === 'running';
  if (!wantProfile && !wantWatchdog) return null;
  if (inspector.url() && !config.attached) { // attached: the open inspector is the tool's own
    push({ type: 'note', text: 'an inspector is already open (--inspect): stacks and the CPU profile are off so as not to disturb it; delay and blocks are still measured' });
    return null;
  }

  /** @type {inspector.Session | null} */
  let session = null;
  let profiling = false;
  let profiles = 0;

  /** @param {string} method @param {object} [params] */
  function postSync(method, params) {
    /** @type {any} */
    let out = null;
    session?.post(method, params, (error, result) => { if (!error) out = result; });
    return out;
  }

  function startProfile() {
    if (!session) return;
    if (profiling) postSync('Profiler.stop'); // the start-up profile is not part of the window
    postSync('Profiler.setSamplingInterval', { interval: config.profileIntervalUs });
    postSync('Profiler.start');
    profiling = true;
  }

  function stopProfile() {
    if (!session || !profiling) return;
    profiling = false;
    if (beat[1] === 2) { postSync('Profiler.stop'); return; } // discarded: write nothing
    const epochOffsetMs = monotonicToEpochMs();
    const result = postSync('Profiler.stop');
    if (!result) return;
    profiles += 1;
    writeProfile(config.dir, `profile-${process.pid}-c${profiles}.json`, {
      kind: 'continuous', epochOffsetMs, intervalUs: config.profileIntervalUs, profile: result.profile,
    });
  }

  if (wantProfile) {
    session = new inspector.Session();
    session.connect();
    postSync('Profiler.enable');
    startProfile();
  }

  /** @type {Worker | null} */
  let worker = null;
  if (wantWatchdog) {
    beat[0] = Date.now();
    worker = new Worker(path.join(__dirname, 'watchdog-worker.cjs'), {
      workerData: {
        heartbeat, dir: config.dir, pid: process.pid, resolutionMs: config.resolutionMs,
        startAfterMs: wantProfile ? ONGOING_AFTER_MS : config.thresholdMs,
        intervalUs: config.stackIntervalMs * 1000, chunkMs: CHUNK_MS,
        pollMs: Math.max(2, Math.min(10, config.thresholdMs / 5)),
      },
      stdout: true, stderr: true, // nothing of ours reaches the app's output
      env: { ...process.env, EVENTLOOP_PROBE: '' }, // our preload stays inert in our own worker
    });
    worker.unref();
    worker.on('error', (error) => push({ type: 'note', text: `the stack watchdog stopped: ${error.message}` }));
  }

  return {
    /** @param {number} now epoch ms of a heartbeat */
    beat(now) { beat[0] = now; },
    /** the measured window starts */
    restart() { startProfile(); },
    /** the tool is gone: no profile is written from now on */
    discard() { beat[1] = 2; },
    /** the measured window ends, or the process exits */
    stop() {
      beat[1] = Math.max(beat[1], 1);
      stopProfile();
      if (session) {
        postSync('Profiler.disable');
        session.disconnect();
        session = null;
      }
    },
  };
}

module.exports = { startStacks };
