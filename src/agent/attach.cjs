'use strict';
// The agent's entry for `eventloop-probe attach`: loaded into a process that is already running,
// through the inspector the tool opened with SIGUSR1 (Runtime.evaluate hands us `require` for the
// length of that evaluation only: everything we need is required now). It starts the same
// recorder as `run`, with the tool's Unix socket as its channel, and detaches completely when the
// tool says so, or when its socket closes without a word (the tool died: our data files go too):
// recorder stopped (timers, observers, the watchdog worker, the profiler session), the inspector
// closed, our modules forgotten. The app keeps running as it was.

const inspector = require('node:inspector');
const path = require('node:path');
const { isMainThread } = require('node:worker_threads');
const { start } = require('./recorder.cjs');
const { detachThreads } = require('./attach-thread.cjs');

const ATTACHED = Symbol.for('eventloop-probe.attached');

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @returns {{ok: true, pid: number, nodeVersion: string, uptimeS: number} | {ok: false, reason: string}}
 */
function attach(config) {
  const g = /** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis));
  if (!isMainThread) return { ok: false, reason: 'not the main thread' };
  if (g[ATTACHED]) return { ok: false, reason: 'another eventloop-probe is attached to this process' };
  g[ATTACHED] = true;
  let detached = false;
  let released = false;

  /** @param {boolean} keepData */
  function detach(keepData) {
    if (detached || !recorder) return;
    detached = true;
    if (keepData) recorder.finish();
    else recorder.discard();
    recorder.close();
    if (config.threads) detachThreads(keepData);
    if (!released) closeInspector(); // the tool went before it let the inspector go
    forgetModules();
    delete g[ATTACHED];
  }

  /** @param {{cmd: string}} message @param {(message: object) => void} send */
  function onCommand(message, send) {
    // The tool has its answer and closed its WebSocket: the port goes now, not at the end.
    if (message.cmd === 'release' && !released) {
      released = true; // the inspector is ours to close once only: a later one is the user's
      closeInspector(() => send({ type: 'released' }));
    }
    if (message.cmd === 'detach') detach(true);
  }

  /** @type {ReturnType<typeof start> | undefined} */
  let recorder;
  try {
    recorder = start({ ...config, ownInspector: true, role: 'main' }, { onCommand, onToolGone: () => detach(false) });
  } catch (error) {
    delete g[ATTACHED];
    throw error;
  }
  return { ok: true, pid: process.pid, nodeVersion: process.version, uptimeS: process.uptime() };
}

// In a check-phase callback: SIGUSR1 also queued a "start the inspector" callback on the loop
// (it runs when the loop turns, after a block); closing before it ran would let it reopen the port.
/** @param {() => void} [then] */
function closeInspector(then) {
  setImmediate(() => {
    if (inspector.url()) inspector.close();
    then?.();
  });
}

// A later attach loads the agent afresh (the tool may have been upgraded in between).
function forgetModules() {
  for (const file of Object.keys(require.cache)) {
    if (file.startsWith(__dirname + path.sep)) delete require.cache[file];
  }
}

module.exports = { attach };
