'use strict';
// `run -- <command>`: every Node.js process the command starts (npm, a shell's node, a build tool,
// tsx's child, the app) loads the preload, and none is known to be the app until one listens. So
// each one only connects to the tool (an unref'ed Unix socket) and watches Node's listen channel;
// the first that listens on a TCP port offers itself, and the tool answers: measure (this is the
// app, or one of its cluster workers), pass (not the port asked for: keep watching) or ignore
// (another process is measured). Only the measured process starts the agent; the others keep
// nothing of ours but a closed socket. When the tool goes away before any process was measured,
// the candidates end the command's process group, as the agent would.

const dc = require('node:diagnostics_channel');
const { openChannel } = require('./channel.cjs');
const { epochNow } = require('./clock.cjs');
const { markPrimary, markMeasured } = require('./config.cjs');
const { signalOwnGroup } = require('./tool-gone.cjs');

// Node's own tracing channel, published when net.Server#listen has bound its address.
const listenChannel = dc.channel('tracing:net.server.listen:asyncEnd');

/** @param {import('./config.cjs').AgentConfig} config */
function startCandidate(config) {
  /** @type {object[]} listens seen before the tool chose: the recorder reports them again */
  const listens = [];
  let state = 'waiting'; // 'measured' | 'done'
  /** the measured recorder's handlers, once there is one */
  let forward = { command: (/** @type {{cmd: string}} */ _c) => {}, gone: () => {} };
  const channel = openChannel(/** @type {string} */ (config.claim), onCommand, onClose);
  const clusterWorker = isClusterWorker();
  channel.send({ type: 'candidate', pid: process.pid, ppid: process.ppid, clusterWorker });

  function onListen(/** @type {unknown} */ message) {
    try {
      const server = /** @type {{server?: import('node:net').Server}} */ (message).server;
      const address = server && server.address();
      if (!address || typeof address !== 'object') return; // a Unix socket or a pipe: no port to load
      const event = { type: 'listen', t: epochNow(), port: address.port, address: address.address, family: address.family };
      listens.push(event);
      channel.send({ ...event, type: 'claim', pid: process.pid, ppid: process.ppid, clusterWorker });
    } catch {
      // never into the app
    }
  }

  /** @param {{cmd: string, role?: string}} message */
  function onCommand(message) {
    if (state === 'measured') {
      forward.command(message);
      return;
    }
    if (state !== 'waiting') return;
    if (message.cmd === 'ignore') {
      done();
      channel.close();
    } else if (message.cmd === 'measure') {
      listenChannel.unsubscribe(onListen);
      try {
        measure(message.role === 'cluster-worker');
      } catch {
        done();
        channel.close();
      }
    }
  }

  /** @param {boolean} asWorker */
  function measure(asWorker) {
    const { start } = require('./recorder.cjs');
    if (asWorker) {
      // a cluster worker of the measured process: its channel is the tool's socket for workers
      state = 'done';
      channel.close();
      start({ ...config, role: 'cluster-worker', channelFd: config.loopSocket, flushMs: config.workerFlushMs });
      return;
    }
    state = 'measured';
    const role = { ...config, role: /** @type {const} */ ('main') };
    markPrimary(process.env, role);
    markMeasured(process.env);
    start(role, {
      listens,
      channel(onMeasuredCommand, onToolGone) {
        forward = { command: onMeasuredCommand, gone: onToolGone };
        return channel;
      },
    });
  }

  function onClose() {
    if (state === 'measured') forward.gone();
    else if (state === 'waiting') {
      done();
      // The tool is gone and no process was measured. Under a launcher (npm start) nothing else
      // ends the command: end its group, as the agent would (its data folder goes too, when
      // empty). Under `run -- node ...` the agent of the process the tool started does it.
      if (!config.launcher) return;
      try { require('node:fs').rmdirSync(config.dir); } catch { /* not empty, or gone */ }
      signalOwnGroup();
    }
  }

  function done() {
    state = 'done';
    listenChannel.unsubscribe(onListen);
  }

  listenChannel.subscribe(onListen);
}

function isClusterWorker() {
  try {
    return Boolean(/** @type {{isWorker?: boolean}} */ (require('node:cluster')).isWorker);
  } catch {
    return false;
  }
}

module.exports = { startCandidate };
