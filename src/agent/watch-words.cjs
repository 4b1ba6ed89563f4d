'use strict';
// The Int32 words the main thread and its watchdog share, after the four Float64 beats of the main
// thread's heartbeat buffer (see stacks.cjs): one layout for both sides.

/** 1: the process exits (the watchdog hangs up) */
const EXITING = 0;
/** 1: the watchdog's inspector session is gone */
const HUNG_UP = 1;
/** bumped to wake the watchdog from its nap (the stop, a worker thread's announcement) */
const WAKE = 2;
/** 1: the main thread's own profile session has ended (the watchdog hangs up only then) */
const PROFILE_DONE = 3;

/** @param {SharedArrayBuffer} heartbeat the main thread's (48 bytes) */
const watchWords = (heartbeat) => new Int32Array(heartbeat, 32, 4);

/** Sets a word to 1 and wakes who waits on it. @param {Int32Array} words @param {number} i */
function raise(words, i) {
  Atomics.store(words, i, 1);
  Atomics.notify(words, i);
}

/** Changes a word and wakes who waits on it (a nap on its old value ends). @param {Int32Array} words @param {number} i */
function bump(words, i) {
  Atomics.add(words, i, 1);
  Atomics.notify(words, i);
}

module.exports = { EXITING, HUNG_UP, WAKE, PROFILE_DONE, watchWords, raise, bump };
