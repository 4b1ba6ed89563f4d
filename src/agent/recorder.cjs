'use strict';
// Wires the agent together inside the target process: loop monitor, GC observer, listen
// detection, the side channel and the data files. Started once per loop: in the main thread of
// the app (and of each cluster worker), and with --threads in each worker thread (thread-agent.cjs),
// whose files carry the thread's id and whose commands come through the main thread's hub.

const dc = require('node:diagnostics_channel');
const { LoopMonitor, epochNow } = require('./loop-monitor.cjs');
const { GcObserver } = require('./gc-observer.cjs');
const { Sink } = require('./sink.cjs');
const { openChannel } = require('./channel.cjs');
const { startStacks } = require('./stacks.cjs');
const { startAsyncOrigin } = require('./async-origin.cjs');
const { WorkMeter } = require('./work-meter.cjs');
const { endAbandonedRun } = require('./tool-gone.cjs');
const { ThreadHub } = require('./thread-hub.cjs');
const { markThreadsProfiled } = require('./config.cjs');
const { PoolMeter, poolSize, poolStarted } = require('./pool-meter.cjs');
const { RequestMeter } = require('./request-meter.cjs');

const LONG_GC_MS = 10;
const KILL_AFTER_TOOL_GONE_MS = 5000;
// how long 'stop' waits for the worker threads to write their data (a stuck one never does)
const THREADS_STOP_MS = 1500;
const RECORDER_COMMANDS = ['start', 'window', 'window-end', 'stop', 'discard'];
// Node's own tracing channel, published when net.Server#listen has bound its address.
const listenChannel = dc.channel('tracing:net.server.listen:asyncEnd');

/**
 * @typedef {object} RecorderHooks for `attach`, where the agent was injected into a running app
 * @property {(command: {cmd: string}, send: (message: object) => void) => void} [onCommand] commands the
 *   recorder does not know, with a way to answer
 * @property {() => void} [onToolGone] replaces ending the app when the tool is gone
 * @property {{key: string, beat: SharedArrayBuffer,
 *   channel: (onCommand: (command: {cmd: string}) => void) => {send: (message: object) => void, close: () => void}}} [loop]
 *   a worker thread's loop (--threads): its files' key, its heartbeat shared with the watchdog, its channel
 * @property {(onCommand: (command: {cmd: string}) => void, onToolGone: () => void) => {send: (message: object) => void, close: () => void}} [channel]
 *   a channel already open to the tool (a candidate of `run -- <command>` the tool chose)
 * @property {object[]} [listens] listens that came before the recorder started, reported after its hello
 */

/**
 * @param {import('./config.cjs').AgentConfig} config
 * @param {RecorderHooks} [hooks]
 * @returns {{finish: () => void, close: () => void, discard: () => void}} close: drop the channel and
 *   the exit hook; discard: finish and remove this process's data files
 */
function start(config, hooks = {}) {
  const thread = hooks.loop ?? null;
  const sink = new Sink(config.dir, thread ? thread.key : String(process.pid));
  const push = (/** @type {object} */ event) => sink.push(event);
  const stacks = startStacks(config, push, thread ? { key: thread.key, beat: thread.beat } : undefined);
  if (stacks?.profilesThreads) markThreadsProfiled(process.env);
  const hub = !thread && config.threads && config.role === 'main'
    ? new ThreadHub(push, (threadId, beat) => stacks?.watchThread(threadId, beat)) : null;
  const clusterExits = thread ? null : watchClusterExits(push);
  // libuv's thread pool is the process's: measured from its main thread only
  const off = String(process.env.EVENTLOOP_PROBE_OFF ?? '').split(',');
  const pool = thread || off.includes('pool') || !mayTimePool(config, push) ? null : new PoolMeter(push, config.thresholdMs);
  const requests = off.includes('requests') ? null : new RequestMeter(push);
  // V8's profiler sampling this loop's thread: its busy time is capped by the thread's (loop-monitor.cjs)
  const monitor = new LoopMonitor({ ...config, capElu: Boolean(stacks) && config.profile }, (block) => {
    sink.push({ type: 'block', ...block });
    requests?.block(block.t, block.durationMs);
  }, stacks || pool ? (now, sched) => {
    stacks?.beat(now, sched);
    pool?.tick();
  } : undefined,
    (startup) => {
      // the main module has run: a script's window starts at the loop's first turn
      if (startup.loopAt !== null) resetCounters();
      const event = { type: 'startup', ...startup };
      sink.push(event);
      channel.send(event);
    });
  const origin = config.stacks === 'async-origin' ? startAsyncOrigin(config, push) : null;
  const gc = new GcObserver(LONG_GC_MS, (t, durationMs, kind) => {
    monitor.timeline.addGc(t, durationMs);
    if (durationMs >= LONG_GC_MS) sink.push({ type: 'gc', t, durationMs, kind });
  }, (run) => sink.push({ type: 'gcrun', ...run }));
  const memory = { rssMaxBytes: 0, heapUsedMaxBytes: 0 };
  const work = new WorkMeter(config.windowMs);
  /** @type {{stop: () => void} | null} */
  let scenario = null;
  let stopped = false;

  const channel = thread ? thread.channel(onCommand)
    : hooks.channel ? hooks.channel(onCommand, onToolGone)
    : config.channelFd ? openChannel(config.channelFd, onCommand, onToolGone)
      : { send() {}, close() {} };

  function sampleMemory() {
    const m = process.memoryUsage();
    memory.rssMaxBytes = Math.max(memory.rssMaxBytes, m.rss);
    memory.heapUsedMaxBytes = Math.max(memory.heapUsedMaxBytes, m.heapUsed);
    sink.push({ type: 'mem', t: epochNow(), rss: m.rss, heapUsed: m.heapUsed, heapTotal: m.heapTotal });
  }

  /** The measured window's totals, frozen when the window closes. @type {object | null} */
  let windowSummary = null;
  const liveSummary = () => ({
    pid: process.pid, stopped, ...monitor.summary(), gc: gc.summary(), memory: { ...memory }, work: work.summary(), routes: requests?.summary() ?? null,
    ...(pool ? { pool: { size: poolSize(), cores: cores() } } : {}),
  });

  /** @param {number} until */
  function flush(until) {
    gc.drain();
    requests?.flush();
    const windows = monitor.timeline.drain(until);
    if (windows.length) sink.push({ type: 'windows', windows });
    sampleMemory();
    sink.flush();
    sink.writeSummary(windowSummary ? { ...windowSummary, stopped } : liveSummary());
  }

  function resetCounters() {
    gc.reset();
    requests?.reset();
    work.reset();
    memory.rssMaxBytes = 0;
    memory.heapUsedMaxBytes = 0;
  }

  // Nothing here stalls the loop while the window is open: the costly profiler work happens at
  // 'start' (before the load) and at 'stop' (after the window closed).
  // Each step runs whatever an earlier one threw: one failing must not leave the profiler, the
  // watchdog or a timer running in the app. The first error is thrown at the end, for the channel
  // to report.
  function finish() {
    if (stopped) return;
    stopped = true;
    /** @type {unknown[]} */
    const errors = [];
    /** @param {() => void} fn */
    const step = (fn) => {
      try {
        fn();
      } catch (error) {
        errors.push(error);
      }
    };
    step(() => clearInterval(flushTimer));
    if (!thread) step(() => listenChannel.unsubscribe(onListen));
    step(() => clusterExits?.stop());
    step(() => pool?.stop());
    step(() => scenario?.stop());
    step(() => monitor.stop());
    step(() => requests?.stop());
    step(() => sink.push({ type: 'mark', name: 'stop', t: epochNow() }));
    step(() => flush(Infinity)); // the data first: the profiler's stop below may take a while on a big app
    step(() => monitor.close());
    step(() => stacks?.stop());
    step(() => origin?.stop());
    step(() => gc.stop());
    step(() => work.stop());
    step(() => sink.flush()); // what stopping said (a profile it lost, and why)
    if (errors.length) throw errors[0];
  }

  /** @param {{cmd: string}} message */
  function onCommand(message) {
    if (!RECORDER_COMMANDS.includes(message.cmd)) {
      hooks.onCommand?.(message, channel.send);
      return;
    }
    if (stopped) {
      if (message.cmd === 'stop') channel.send({ type: 'stopped' });
      return;
    }
    if (message.cmd === 'discard') {
      // `run -- node ...`: a process this one started listened first and is measured instead
      stacks?.discard();
      hub?.discard();
      finish();
      sink.discard();
      return;
    }
    if (message.cmd !== 'stop') hub?.command(message.cmd);
    if (message.cmd === 'start') {
      // Before the load: the start-up part of the profile goes now, and the counters restart
      // from here (the time that took is not part of what is measured).
      stacks?.prepare();
      // a loop that was busy when the command came (a worker thread hears it only when its loop
      // turns) reports that block before the heartbeat restarts
      monitor.beat();
      monitor.reset(true);
      resetCounters();
      if (config.scenario && !scenario) scenario = require('./scenario-runner.cjs').startScenario(config.scenario);
      pool?.start();
      sink.push({ type: 'mark', name: 'start', t: epochNow() });
      channel.send({ type: 'started' });
      flush(monitor.lastBeat); // on disk now, in case the loop never turns again
    } else if (message.cmd === 'window') {
      // the warm-up is over: the measured window's counters start here
      monitor.reset(false);
      resetCounters();
      // the memory the window starts with is in it: a loop busy until the window ends reads no other
      sampleMemory();
      sink.push({ type: 'mark', name: 'window', t: epochNow() });
    } else if (message.cmd === 'window-end') {
      sampleMemory();
      windowSummary = liveSummary();
      sink.push({ type: 'mark', name: 'window-end', t: epochNow() });
      flush(monitor.lastBeat);
    } else if (message.cmd === 'stop') {
      finish();
      // the worker threads write their data too (a stuck one is waited for a while only)
      // and the watchdog their profiles
      if (hub) {
        Promise.all([hub.stop(THREADS_STOP_MS), stacks?.settled(THREADS_STOP_MS * 2)])
          .then(() => { hub.close(); channel.send({ type: 'stopped' }); });
      } else channel.send({ type: 'stopped' });
    }
  }

  // The tool is gone (killed, even with SIGKILL): end the app the way the tool would have.
  function onToolGone() {
    if (hooks.onToolGone) {
      hooks.onToolGone(); // attached to an app we did not start: leave it running
      return;
    }
    if (stopped) return;
    if (config.role === 'cluster-worker') {
      finish(); // the primary's agent ends the app; a worker only stops measuring
      return;
    }
    stacks?.discard();
    hub?.discard();
    finish();
    endAbandonedRun(sink, KILL_AFTER_TOOL_GONE_MS);
  }

  /** @param {unknown} message */
  function onListen(message) {
    const server = /** @type {{server?: import('node:net').Server}} */ (message).server;
    const address = server && server.address();
    if (address && typeof address === 'object') {
      const event = { type: 'listen', t: epochNow(), port: address.port, address: address.address, family: address.family };
      sink.push(event);
      sink.flush();
      channel.send(event);
    }
  }

  if (!thread) listenChannel.subscribe(onListen);
  const flushTimer = setInterval(() => flush(monitor.lastBeat), config.flushMs);
  flushTimer.unref();
  monitor.start();
  // for the bench (EVENTLOOP_PROBE_OFF=gc): what observing every collection costs
  if (!off.includes('gc')) gc.start();
  work.start();
  /** @param {number} code */
  const onExit = (code) => {
    if (!stopped) sink.push({ type: 'exit', t: epochNow(), code });
    // the loop's last beat first: the watchdog's hang-up below may wait (up to 200 ms on a busy
    // machine), and that wait is the agent's own exit work, not a stall of the app
    monitor.stop();
    stacks?.beforeExit();
    try {
      finish();
    } catch (error) {
      // never an exception in the app's exit: said in the data, which the tool reads after
      sink.push({ type: 'note', text: `the agent failed stopping as the app exited (${/** @type {Error} */ (error)?.message}): its last data may be missing` });
      sink.flush();
    }
  };
  process.on('exit', onExit);
  const hello = { type: 'hello', t: epochNow(), pid: process.pid, nodeVersion: process.version, ...(thread ? { loop: thread.key } : {}) };
  sink.push(hello);
  sink.flush(); // written now: a loop that never turns again still leaves a sign of life
  channel.send(hello);
  for (const event of hooks.listens ?? []) {
    sink.push(event);
    channel.send(event);
  }
  return {
    finish,
    close() {
      process.off('exit', onExit);
      hub?.close();
      channel.close();
    },
    discard() {
      stacks?.discard();
      hub?.discard();
      finish();
      sink.discard();
    },
  };
}

/**
 * Whether the pool may be timed: always in an app the tool started; attached to a running app,
 * only when its pool threads already run (a canary would start them, and they never go away).
 * @param {import('./config.cjs').AgentConfig} config @param {(event: object) => void} push
 */
function mayTimePool(config, push) {
  if (!config.ownInspector) return true;
  const started = poolStarted();
  if (started === true) return true;
  if (started === null) push({ type: 'note', text: 'libuv\'s thread pool is not timed when attached on this Node (its threads cannot be told apart before Node 22, and timing it could start them in your app)' });
  return false;
}

/** The CPUs this process may run on. */
function cores() {
  const os = require('node:os');
  return typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
}

/**
 * How the cluster workers of this process ended (when it is a cluster primary): a worker killed
 * by a signal writes nothing of its own end. Only an 'exit' listener on cluster, which changes nothing.
 * @param {(event: object) => void} push
 */
function watchClusterExits(push) {
  /** @type {any} */
  let cluster = null;
  const onExit = (/** @type {any} */ worker, /** @type {number | null} */ code, /** @type {string | null} */ signal) => {
    push({ type: 'cluster-exit', t: epochNow(), pid: worker?.process?.pid ?? null, code, signal });
  };
  try {
    cluster = require('node:cluster');
    if (!cluster.isPrimary) return null;
    cluster.on('exit', onExit);
  } catch {
    return null;
  }
  return { stop() { cluster.off('exit', onExit); } };
}

module.exports = { start };
