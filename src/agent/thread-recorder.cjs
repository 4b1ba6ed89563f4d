'use strict';
// --threads: the event loop of a worker thread of the app, measured like the main thread's
// (heartbeat delay, utilisation, blocks) and written to thread-<pid>-<threadId>.json every flush
// and when the thread ends. Timers unref'ed: a worker with nothing else to do still exits.

const fs = require('node:fs');
const path = require('node:path');
const { threadId } = require('node:worker_threads');
const { LoopMonitor } = require('./loop-monitor.cjs');

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @returns {{stop: (discard?: boolean) => void}} (attach stops it; under run it ends with its thread)
 */
function startThread(config) {
  /** @type {{t: number, durationMs: number}[]} */
  const blocks = [];
  const monitor = new LoopMonitor(config, (b) => { if (blocks.length < 10000) blocks.push({ t: b.t, durationMs: b.durationMs }); });
  const file = path.join(config.dir, `thread-${process.pid}-${threadId}.json`);
  let done = false;
  function write() {
    const s = monitor.summary();
    try {
      fs.writeFileSync(`${file}.tmp`, JSON.stringify({ threadId, lag: s.lag, elu: s.elu, cpu: null, start: s.measureStart, end: s.measureEnd, blocks }));
      fs.renameSync(`${file}.tmp`, file);
    } catch {
      // the report folder is gone: the tool ended
    }
  }
  const timer = setInterval(write, config.flushMs);
  timer.unref();
  monitor.start();
  /** @param {boolean} [discard] write nothing more and remove the file (the tool is gone) */
  function stop(discard) {
    if (done) return;
    done = true;
    clearInterval(timer);
    monitor.stop();
    process.off('exit', onExit);
    if (!discard) write();
    else fs.rmSync(file, { force: true });
  }
  const onExit = () => stop();
  process.on('exit', onExit);
  return { stop };
}

module.exports = { startThread };
