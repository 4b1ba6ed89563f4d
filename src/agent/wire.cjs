'use strict';
// The agent's wire format, the one module the agent and the tool both import for it: the
// environment variable that hands the agent its configuration, the files it leaves in the run's
// data folder (an event log and a summary a loop, its CPU profiles), the commands and messages of
// the live channel, and their framing (one JSON object a line) with its readers.

/** The environment variable holding the agent's configuration, as JSON. */
const ENV_NAME = 'EVENTLOOP_PROBE';

/** What the tool asks over the channel. */
const COMMANDS = Object.freeze({
  start: 'the load is about to start: the start-up profile goes, the counters restart',
  window: 'the warm-up is over: the measured window starts now',
  'window-end': 'the window closed: its totals are frozen',
  stop: 'write everything held (the CPU profile too), then answer stopped',
  discard: 'stop, and remove this process\'s files (another process is measured)',
  measure: 'to a candidate of `run -- <command>`: you are the app',
  ignore: 'to a candidate of `run -- <command>`: you are not the app',
  pass: 'to a candidate of `run -- <command>`: not this listen, keep watching',
  release: 'attach: close the inspector the tool opened',
  detach: 'attach: stop everything, keep the data files, leave the app as it was',
});

/** What the agent (and, under 0x or clinic, the profiler runner) says over the channel. */
const MESSAGES = Object.freeze({
  hello: 'the agent runs: pid, Node.js version',
  startup: 'the main module ran: how long, when the loop first turned',
  listen: 'a server listens: port, address',
  started: 'answer to start',
  stopped: 'answer to stop: everything is written',
  released: 'answer to release: the inspector is closed',
  'agent-error': 'a command\'s handler failed inside the app: which command, the message',
  candidate: 'a process of the command\'s tree runs Node.js and waits',
  claim: 'that process listens: is it the app?',
  'app-exit': 'the profiler runner: the app exited',
  'profiler-done': 'the profiler runner: the profiler wrote its output',
  'profiler-failed': 'the profiler runner: the profiler failed',
});

/** What the event log holds (events-<key>.ndjson), one JSON object a line. */
const EVENTS = Object.freeze({
  hello: 'the agent started in this loop',
  startup: 'the main module\'s run before the loop\'s first turn',
  listen: 'a server listens',
  mark: 'a command arrived: start, window, window-end, stop',
  windows: 'the timeline: lag, ELU, CPU and GC of each window',
  block: 'a stall of the loop over the threshold',
  gc: 'a garbage collection pause of 10 ms or more',
  gcrun: 'shorter pauses, summed over a run of them',
  mem: 'memory readings',
  tool: 'the agent\'s own work that held the loop',
  note: 'what the agent wants the reader to know (what it lost, and why)',
  origin: 'where a blocking callback was scheduled (--stacks async-origin)',
  pool: 'a thread-pool canary: how long it waited',
  'pool-callers': 'the stacks of thread-pool requests made while looking',
  'block-requests': 'the requests around a block',
  'thread-outside': 'a worker thread seen from outside its loop',
  'thread-exit': 'a worker thread ended',
  'cluster-exit': 'a cluster worker ended',
  exit: 'the loop\'s own end: its exit code',
});

/** The data folder's files of one loop; key: its pid, or `<pid>-t<threadId>` for a worker thread. */
const files = {
  /** @param {string | number} key */
  events: (key) => `events-${key}.ndjson`,
  /** @param {string | number} key */
  summary: (key) => `summary-${key}.json`,
  /**
   * A CPU profile: {kind, epochOffsetMs, intervalUs, profile, sourceMaps?}, written by rename.
   * @param {string | number} key @param {'c' | 'b'} kind c: continuous (a chunk), b: a block capture @param {number} n
   */
  profile: (key, kind, n) => `profile-${key}-${kind}${n}.json`,
};

/** An event log's name: groups key, pid, threadId. */
const EVENTS_FILE = /^events-((\d+)(?:-t(\d+))?)\.ndjson$/;

/** @param {string | number} key @returns {RegExp} the names of that loop's profile files */
const profileFiles = (key) => new RegExp(`^profile-${key}-[cb]\\d+\\.json$`);

/** One message, framed. @param {object} message */
function encode(message) {
  return `${JSON.stringify(message)}\n`;
}

/**
 * The lines of a stream, as they complete.
 * @param {import('node:net').Socket} socket @param {(line: string) => void} onLine
 */
function onLines(socket, onLine) {
  let buffered = '';
  socket.setEncoding('utf8');
  socket.on('data', (/** @type {string} */ chunk) => {
    buffered += chunk;
    let nl;
    while ((nl = buffered.indexOf('\n')) >= 0) {
      const line = buffered.slice(0, nl);
      buffered = buffered.slice(nl + 1);
      if (line) onLine(line);
    }
  });
}

/**
 * A line's object, or null when it is not a JSON object (a line cut short by a kill, or garbage).
 * @param {string} line @returns {any} an object as it came over the wire, or null
 */
function decode(line) {
  let value;
  try {
    value = JSON.parse(line);
  } catch {
    return null;
  }
  return value && typeof value === 'object' && !Array.isArray(value) ? value : null;
}

/**
 * The objects of a stream, one a line; a line that is not one is skipped.
 * @param {import('node:net').Socket} socket @param {(message: any) => void} onMessage
 */
function onMessages(socket, onMessage) {
  onLines(socket, (line) => {
    const message = decode(line);
    if (message) onMessage(message);
  });
}

/** The objects of a whole text, one a line (an event log). @param {string} text @returns {any[]} */
function decodeAll(text) {
  const out = [];
  for (const line of text.split('\n')) {
    const value = line ? decode(line) : null;
    if (value) out.push(value);
  }
  return out;
}

module.exports = { ENV_NAME, COMMANDS, MESSAGES, EVENTS, files, EVENTS_FILE, profileFiles, encode, decode, onLines, onMessages, decodeAll };
