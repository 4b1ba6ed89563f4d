'use strict';
// The continuous CPU profile, cut into chunks without ever stopping V8's profiler.
//
// A V8 profiler that starts walks the heap for all compiled code, and one that stops drops its
// code map: on a large app each costs tens to hundreds of ms of a stalled loop. Profiles that
// overlap share one running profiler, so a chunk ends like this: a console profile (same
// session, same profiler) is opened, the chunk's profile stopped and the next one started while
// it holds the profiler up, then the console profile closed. Measured on a server that loaded the
// TypeScript compiler: a plain stop + start stalled 70 ms, the overlapped switch under 1 ms
// (plus the time to hand over the chunk's samples, which grows with the chunk).
//
// The chunk before the measured window (the app's start-up) is dropped at `begin()`, before any
// load; chunks of the window are written every `chunkMs` so V8 holds a bounded number of samples
// on long runs; the last one is written at `end()`, after the window closed.

const inspector = require('node:inspector');
const fs = require('node:fs');
const path = require('node:path');
const { epochNow, monotonicToEpochMs } = require('./clock.cjs');
const { writeProfile } = require('./profile-file.cjs');
const { sourceMapsOf } = require('./source-maps.cjs');
const { files } = require('./wire.cjs');

const TAG = 'eventloop-probe';
// Samples held in V8's memory at most before a chunk is written (~35 bytes each): at the default
// interval (10 ms) a chunk every 1000 s, so a run shorter than that never hands one over inside
// its window (a hand-over holds the loop for the time V8 takes to build the chunk, ~10 us a node).
const SAMPLES_PER_CHUNK = 100000;
const MIN_CHUNK_MS = 60000;
const RETRY_MS = 200;

// The console the app had when we loaded (it may replace console methods later).
const consoleProfile = console.profile;
const consoleProfileEnd = console.profileEnd;

class ProfileChunks {
  /**
   * @param {{dir: string, profileIntervalUs: number, profileChunkMs?: number}} config
   * @param {(event: object) => void} push
   * @param {() => boolean} busy true while the watchdog holds a profiler of its own
   * @param {string} [key] the loop's key in file names: the pid (default), or `<pid>-t<threadId>`
   */
  constructor(config, push, busy, key = String(process.pid)) {
    this.key = key;
    this.dir = config.dir;
    this.intervalUs = config.profileIntervalUs;
    this.chunkMs = config.profileChunkMs
      ?? Math.max(MIN_CHUNK_MS, (SAMPLES_PER_CHUNK * config.profileIntervalUs) / 1000);
    this.push = push;
    this.busy = busy;
    /** @type {'startup' | 'window' | 'ended'} */
    this.state = 'startup';
    this.discarded = false;
    this.written = 0;
    /** @type {Error | null} the error of the last post, if it failed */
    this.error = null;
    /** @type {Map<string, object>} chunks handed to an asynchronous write not yet on disk */
    this.pending = new Map();
    /** @type {NodeJS.Timeout | null} */
    this.timer = null;
    this.session = new inspector.Session();
    this.session.connect();
    this.post('Profiler.enable');
    this.post('Profiler.setSamplingInterval', { interval: this.intervalUs });
    this.post('Profiler.start');
  }

  /**
   * Synchronous for a session in this thread: the reply arrives before post returns.
   * @param {string} method @param {object} [params] @returns {any}
   */
  post(method, params) {
    /** @type {any} */
    let out = null;
    this.error = null;
    this.session.post(method, params, (error, result) => {
      if (error) this.error = error;
      else out = result;
    });
    return out;
  }

  /** The measured part begins: the start-up samples go, chunks are written from now on. */
  begin() {
    if (this.state !== 'startup') return;
    if (typeof consoleProfile !== 'function' || typeof consoleProfileEnd !== 'function') {
      this.state = 'window'; // no console profiles to overlap with: one profile, written at the end
      return;
    }
    this.switchChunk(false);
    this.state = 'window';
    this.schedule(this.chunkMs);
  }

  /** @param {number} ms */
  schedule(ms) {
    this.timer = setTimeout(() => {
      if (this.state !== 'window') return;
      if (this.busy()) { this.schedule(RETRY_MS); return; }
      this.switchChunk(true);
      this.schedule(this.chunkMs);
    }, ms);
    this.timer.unref();
  }

  /** Ends the current chunk and starts the next without stopping the profiler. @param {boolean} keep */
  switchChunk(keep) {
    const t = epochNow();
    const epochOffsetMs = monotonicToEpochMs();
    consoleProfile.call(console, TAG);
    const result = this.post('Profiler.stop');
    const stopError = this.error;
    this.post('Profiler.start');
    consoleProfileEnd.call(console, TAG);
    this.push({ type: 'tool', t, durationMs: epochNow() - t, what: 'profile chunk' });
    if (!keep || this.discarded) return;
    if (result) this.saveLater(result.profile, epochOffsetMs);
    else this.push({ type: 'note', text: `a part of the CPU profile of the window was lost, up to ${new Date(t).toISOString()}: the profiler's stop failed (${stopError?.message ?? 'it returned no profile'})` });
  }

  /**
   * Serialised and written on a later turn, asynchronously: the switch itself stays short.
   * @param {unknown} profile @param {number} epochOffsetMs
   */
  saveLater(profile, epochOffsetMs) {
    this.written += 1;
    const name = files.profile(this.key, 'c', this.written);
    const data = { kind: 'continuous', epochOffsetMs, intervalUs: this.intervalUs, profile };
    this.pending.set(name, data);
    setImmediate(() => {
      if (!this.pending.has(name)) return;
      const t = epochNow();
      const text = JSON.stringify({ ...data, sourceMaps: sourceMapsOf(/** @type {any} */ (profile)) });
      this.push({ type: 'tool', t, durationMs: epochNow() - t, what: 'profile write' });
      const file = path.join(this.dir, name);
      fs.writeFile(`${file}.part`, text, (error) => {
        // end() wrote it already (it was still pending when the window closed), or the write failed
        if (error || !this.pending.has(name)) { fs.rm(`${file}.part`, { force: true }, () => {}); return; }
        try { fs.renameSync(`${file}.part`, file); } catch { /* the folder is gone */ }
        this.pending.delete(name);
      });
    }).unref();
  }

  /** The tool is gone: nothing more is written. */
  discard() {
    this.discarded = true;
    this.pending.clear();
  }

  /** After the measured window (or at exit): the last chunk is written and the profiler stops. */
  end() {
    if (this.state === 'ended') return;
    this.state = 'ended';
    if (this.timer) clearTimeout(this.timer);
    const epochOffsetMs = monotonicToEpochMs();
    const result = this.post('Profiler.stop');
    const stopError = this.error;
    this.post('Profiler.disable');
    this.session.disconnect();
    if (this.discarded) return;
    // chunks whose asynchronous write has not finished (the process may be exiting)
    for (const [name, data] of this.pending) writeProfile(this.dir, name, /** @type {any} */ (data));
    this.pending.clear();
    if (!result) {
      // earlier chunks on disk keep their part of the window: only what followed them is lost
      const what = this.written ? 'the last part of the CPU profile of the window' : 'the CPU profile of the window';
      this.push({ type: 'note', text: `${what} was lost: the profiler's stop failed (${stopError?.message ?? 'it returned no profile'})` });
      return;
    }
    this.written += 1;
    writeProfile(this.dir, files.profile(this.key, 'c', this.written), {
      kind: 'continuous', epochOffsetMs, intervalUs: this.intervalUs, profile: result.profile, sourceMaps: sourceMapsOf(result.profile),
    });
  }
}

module.exports = { ProfileChunks };
