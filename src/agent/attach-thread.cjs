'use strict';
// `attach --threads`: loaded into one worker thread of a running app (through the worker's own
// inspector session, `require` lent for the evaluation only). It runs the thread agent of
// `run --threads` (the thread profiles itself: its code is already running, the watchdog could not
// profile it from its start), until the main thread's attach agent says on a BroadcastChannel that
// the tool detached (or is gone: then the thread's files go too). Unref'ed: it never keeps a worker alive.

const path = require('node:path');
const { BroadcastChannel, isMainThread, threadId } = require('node:worker_threads');
const { startThreadAgent } = require('./thread-agent.cjs');

const DETACH_CHANNEL = 'eventloop-probe:detach';
const ATTACHED = Symbol.for('eventloop-probe.attached-thread');

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @returns {{ok: boolean, threadId: number}}
 */
function attachThread(config) {
  const g = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (isMainThread || g[ATTACHED]) return { ok: false, threadId };
  g[ATTACHED] = true;
  const recorder = startThreadAgent({ ...config, threadsProfiled: false });
  const channel = new BroadcastChannel(DETACH_CHANNEL);
  channel.unref();
  channel.onmessage = (event) => {
    if (/** @type {MessageEvent} */ (event).data === 'discard') recorder.discard();
    else recorder.finish();
    recorder.close();
    channel.close();
    for (const file of Object.keys(require.cache)) {
      if (file.startsWith(__dirname + path.sep)) delete require.cache[file];
    }
    delete g[ATTACHED];
  };
  return { ok: true, threadId };
}

/** From the main thread: every attached thread stops. @param {boolean} keepData */
function detachThreads(keepData) {
  const channel = new BroadcastChannel(DETACH_CHANNEL);
  channel.postMessage(keepData ? 'detach' : 'discard');
  channel.close();
}

module.exports = { attachThread, detachThreads, DETACH_CHANNEL };
