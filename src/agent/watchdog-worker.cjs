'use strict';
// The watchdog: a worker thread that watches the main thread's heartbeat (a SharedArrayBuffer the
// main thread writes on every beat) and, when a beat is late past the threshold, records what the
// main thread is running with a CPU profile taken through an inspector session to the main thread.
// The session's messages reach the main thread by interrupt, so this works while its loop is
// stuck, even in an endless loop. The profile of a block is written when the block ends, and every
// `chunkMs` while it lasts, so a block that never ends still leaves its stacks behind.
// The Profiler domain is enabled only while capturing (the main thread's profile chunks rely on
// console profiles that would otherwise start a second profiler here), and the time a capture's
// start held the main thread (V8 walks the compiled code) is reported as the tool's.

const inspector = require('node:inspector');
const { workerData, parentPort } = require('node:worker_threads');
const { epochNow, monotonicToEpochMs } = require('./clock.cjs');
const { writeProfile } = require('./profile-file.cjs');

/**
 * @typedef {object} WatchdogData
 * @property {SharedArrayBuffer} heartbeat Float64 [last beat epoch ms, 1 stop / 2 stop and write nothing, 1 capturing]
 * @property {string} dir
 * @property {number} pid
 * @property {number} resolutionMs
 * @property {number} startAfterMs lateness (beyond the resolution) that starts a capture
 * @property {number} intervalUs sampling interval of a capture
 * @property {number} chunkMs longest capture before it is written and restarted
 * @property {number} pollMs
 */

const data = /** @type {WatchdogData} */ (workerData);
const beat = new Float64Array(data.heartbeat);
const session = new inspector.Session();
session.connectToMainThread();

/** @param {string} method @param {object} [params] @returns {Promise<any>} */
function post(method, params) {
  return new Promise((resolve, reject) => {
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));
let capturing = false;
let captureStartedAt = 0;
let written = 0;

async function startCapture() {
  beat[2] = 1;
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: data.intervalUs });
  const t = epochNow();
  await post('Profiler.start');
  parentPort?.postMessage({ type: 'tool', t, durationMs: epochNow() - t, what: 'block capture start' });
  capturing = true;
  captureStartedAt = epochNow();
}

async function stopCapture() {
  capturing = false;
  const epochOffsetMs = monotonicToEpochMs();
  const { profile } = await post('Profiler.stop');
  await post('Profiler.disable');
  beat[2] = 0;
  if (beat[1] === 2) return; // the tool is gone and its folder with it
  written += 1;
  writeProfile(data.dir, `profile-${data.pid}-b${written}.json`, {
    kind: 'block', epochOffsetMs, intervalUs: data.intervalUs, profile,
  });
}

async function watch() {
  while (!beat[1]) {
    await sleep(data.pollMs);
    const late = epochNow() - beat[0] - data.resolutionMs;
    if (!capturing && late >= data.startAfterMs) {
      await startCapture();
    } else if (capturing && late < data.startAfterMs / 2) {
      await stopCapture(); // the loop turned again: the block is over
    } else if (capturing && epochNow() - captureStartedAt >= data.chunkMs) {
      await stopCapture();
      await startCapture();
    }
  }
  if (capturing) await stopCapture();
}

// Inspector replies hold no handle of the worker's loop: keep it turning while we watch (the
// worker itself is unref'ed, so this never keeps the app alive).
const keepAlive = setInterval(() => {}, 1 << 30);
watch()
  .catch(() => {}) // the main thread is exiting or an inspector error: stop watching quietly
  .finally(() => {
    try { session.disconnect(); } catch { /* already gone */ }
    clearInterval(keepAlive);
    parentPort?.postMessage('done');
  });
