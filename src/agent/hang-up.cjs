'use strict';
// The end of one of our threads that had an inspector session to the main thread. The main thread
// removes a session hung up from here when its inspector handles the hang-up, and then tells this
// thread's side: a thread already gone by then aborts the app (SIGABRT in
// MainThreadInterface::Post, seen on Node 22). So after hanging up, the thread asks the main thread
// and ends once it answers: the main thread's JS runs only after its inspector's pending work. A
// main thread that never answers (it exits, or stays blocked) takes the unref'ed thread with it.

const ANSWER = 'eventloop-probe:answer';

/**
 * In our thread, after the hang-up: posts `message` to the main thread and resolves once it answered.
 * @param {import('node:worker_threads').MessagePort} port @param {unknown} message
 * @returns {Promise<void>}
 */
function mainAnswered(port, message) {
  return new Promise((resolve) => {
    const onMessage = (/** @type {unknown} */ m) => {
      if (m !== ANSWER) return;
      port.off('message', onMessage);
      resolve();
    };
    port.on('message', onMessage); // keeps the thread alive until the answer
    port.postMessage(message);
  });
}

/** On the main thread: the answer to our thread's message. @param {import('node:worker_threads').Worker | null} worker */
function answer(worker) {
  try {
    worker?.postMessage(ANSWER);
  } catch {
    // the thread is gone already
  }
}

module.exports = { mainAnswered, answer };
