'use strict';
// Stack samples of the app's thread without V8's profiler: for an app whose heap makes the
// profiler's start costly (it walks the whole heap: production/capture-budget.js), and for an app
// run under 0x or clinic flame, whose V8 tick log stops while an inspector profiler runs. The
// agent's worker asks the app's thread, through its inspector session, to evaluate a small
// expression: the inspector runs it at the thread's next interrupt check, on top of whatever
// JavaScript is running, and the expression returns that stack (V8's structured call sites:
// function, file, line, and the line where the function begins) with the thread's monotonic
// time. No heap walk: each sample costs the app's thread a fraction of a millisecond, whatever its
// heap.
//
// What it cannot see, where a profile would: native code (a long C++ call answers once it returns
// to JavaScript, so its samples land after it) and garbage collection (observed apart, gc-observer).
// Nor V8's runMicrotasks, which a profile shows between Node's processTicksAndRejections and a
// promise's continuation (how a block in the microtask queue is told from one in the nextTick
// queue): the line processTicksAndRejections runs then tells it, learnt once from this thread's own
// queues (the same Node). A chain of awaits is mostly sampled between two continuations (V8 takes
// the interrupt there), so its samples show the queue more than the continuation's own line; the
// async callers an Error stack has (await chains) still name the app's function. The samples become
// a CPU profile of the same shape as V8's, so the same analysis reads them.

const path = require('node:path');

// the expression's own file name, under the agent's folder: a CPU profile running meanwhile (a
// production capture's witness, agent/../production/log-worker.mjs) shows its frames as the tool's
const SAMPLE_URL = path.join(__dirname, 'stack-sample-expression.js');

// How deep a sample reads the stack. The bottom frames say why the code runs (Node's scheduler: an I/O
// callback, a timer, the microtask queue), and an express handler behind five middleware already runs
// 88 frames deep: a stack cut at 64 lost its bottom, and a cut stack whose last frame was a package's
// read as a promise continuation. A stack of LIMIT frames or more keeps its innermost LIMIT - 1 and
// ends in a '(more frames)' frame, which the analysis reads as no scheduler frame of its own: code,
// not a queue (a continuation resumed from the microtask queue has a shallow stack). Each frame
// read costs the app's thread about 1 µs (bench/sample-depth.cjs), so no deeper than this.
const LIMIT = 128;
const MORE = '(more frames)';

/**
 * The expression the app's thread evaluates: its stack below the evaluation, innermost first, as
 * [function, file, line, column, function's line, function's column], and process.hrtime in µs.
 * Error.prepareStackTrace and stackTraceLimit are the app's again before it returns.
 */
const SAMPLE_EXPRESSION = `(function eventloopProbeSample() {
  const prepare = Error.prepareStackTrace, limit = Error.stackTraceLimit, holder = {};
  try {
    Error.stackTraceLimit = ${LIMIT};
    const row = (s) => [s.getFunctionName() || '', s.getFileName() || '', s.getLineNumber() || 0, s.getColumnNumber() || 0,
      typeof s.getEnclosingLineNumber === 'function' ? s.getEnclosingLineNumber() || 0 : 0, typeof s.getEnclosingColumnNumber === 'function' ? s.getEnclosingColumnNumber() || 0 : 0];
    Error.prepareStackTrace = (_, sites) => (sites.length < ${LIMIT} ? sites.map(row) : [...sites.slice(0, ${LIMIT - 1}).map(row), ['${MORE}', '', 0, 0, 0, 0]]);
    Error.captureStackTrace(holder, eventloopProbeSample);
    return JSON.stringify([Number(process.hrtime.bigint() / 1000n), holder.stack]);
  } catch {
    return '[0,[]]';
  } finally {
    Error.prepareStackTrace = prepare;
    Error.stackTraceLimit = limit;
  }
})()
//# sourceURL=${SAMPLE_URL}`;

/**
 * One sample from the evaluation's result: its time (µs, monotonic) and the app's frames,
 * innermost first (the evaluation's own top-level frame dropped). Null when unreadable.
 * @param {unknown} value @returns {{us: number, frames: (string | number)[][]} | null}
 */
function sampleOf(value) {
  if (typeof value !== 'string') return null;
  try {
    const [us, frames] = JSON.parse(value);
    if (typeof us !== 'number' || !Array.isArray(frames) || us <= 0) return null;
    // the evaluated script's own top-level frame, always the first (V8 gives it no file), any of the
    // expression's, and a builtin the interrupt came in (String.replace, RegExp.exec: no file, no line),
    // whose time a profile gives the line that called it; a frame with no file but a line is the app's
    // code made at run time (new Function, eval), kept
    let i = frames.length ? 1 : 0;
    while (i < frames.length && ((frames[i][1] === '' && !frames[i][2]) || frames[i][1] === SAMPLE_URL)) i++;
    return { us, frames: frames.slice(i) };
  } catch {
    return null;
  }
}

/** The thread's monotonic clock in µs, as the samples give it. */
const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/**
 * Samples a thread's stack until stopped, through its inspector session: one evaluation at a time
 * (a thread inside a native call answers once it returns), then `intervalMs` of sleep.
 * @param {(method: string, params?: object) => Promise<any>} send the session's call
 * @param {number} intervalMs
 * @returns {{samples: {us: number, frames: (string | number)[][]}[], startUs: number, stop: () => Promise<Error | null>}}
 *   stop ends the loop and resolves with the error that ended it first, if one did
 */
function sampleStacks(send, intervalMs) {
  /** @type {{us: number, frames: (string | number)[][]}[]} */
  const samples = [];
  let running = true;
  const done = (async () => {
    while (running) {
      const r = await send('Runtime.evaluate', { expression: SAMPLE_EXPRESSION, returnByValue: true, silent: true });
      const sample = sampleOf(r?.result?.value);
      if (sample) samples.push(sample);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
    return null;
  })().catch((/** @type {Error} */ error) => error);
  return { samples, startUs: nowUs(), stop: () => { running = false; return done; } };
}

const TASK_QUEUES = 'node:internal/process/task_queues';

/**
 * The line of Node's processTicksAndRejections that runs the microtask queue (runMicrotasks), learnt
 * from this thread: a promise's continuation scheduled from a nextTick callback runs from there.
 * Null when not seen.
 * @returns {Promise<number | null>}
 */
function microtasksLine() {
  const lineHere = () => {
    const holder = /** @type {{stack?: any}} */ ({});
    const prepare = Error.prepareStackTrace;
    try {
      Error.prepareStackTrace = (_, sites) => sites;
      Error.captureStackTrace(holder);
      const site = /** @type {any[]} */ (holder.stack).find((x) => x.getFunctionName() === 'processTicksAndRejections' && x.getFileName() === TASK_QUEUES);
      return site ? site.getLineNumber() : null;
    } finally {
      Error.prepareStackTrace = prepare;
    }
  };
  return new Promise((resolve) => {
    process.nextTick(() => {
      const tick = lineHere();
      Promise.resolve().then(() => {
        const micro = lineHere();
        resolve(micro !== null && micro !== tick ? micro : null);
      });
    });
  });
}

/**
 * The samples as a V8 CPU profile: a node per call path, its call frame where the function begins
 * (as V8 gives it), the running line as the leaf's position ticks; a sample with no app frame is
 * the loop idle ('(idle)', which the analysis leaves out, as V8's).
 * @param {{us: number, frames: (string | number)[][]}[]} samples in time order @param {number} startUs @param {number} endUs
 * @param {number | null} [microLine] processTicksAndRejections's line that runs the microtask queue (microtasksLine)
 */
function profileOf(samples, startUs, endUs, microLine = null) {
  /** @type {{id: number, callFrame: {functionName: string, scriptId: string, url: string, lineNumber: number, columnNumber: number}, hitCount: number, children: number[], positionTicks?: {line: number, ticks: number, column: number}[]}[]} */
  const nodes = [{ id: 1, callFrame: { functionName: '(root)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 }, hitCount: 0, children: [] }];
  /** @type {Map<string, number>} */
  const byPath = new Map();
  /** @param {number} parent @param {string} key @param {{functionName: string, scriptId: string, url: string, lineNumber: number, columnNumber: number}} callFrame */
  const child = (parent, key, callFrame) => {
    const k = `${parent}\n${key}`;
    let id = byPath.get(k);
    if (id === undefined) {
      id = nodes.length + 1;
      nodes.push({ id, callFrame, hitCount: 0, children: [] });
      nodes[parent - 1].children.push(id);
      byPath.set(k, id);
    }
    return id;
  };
  /** @type {number[]} */ const ids = [];
  /** @type {number[]} */ const timeDeltas = [];
  let last = startUs;
  for (const s of samples) {
    let id = 1;
    if (!s.frames.length) id = child(1, '(idle)', { functionName: '(idle)', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 });
    for (let i = s.frames.length - 1; i >= 0; i--) {
      const [fn, url, , , line, column] = s.frames[i];
      const callFrame = { functionName: String(fn), scriptId: '0', url: String(url), lineNumber: Number(line) - 1, columnNumber: Number(column) - 1 };
      id = child(id, `${fn}\0${url}\0${line}\0${column}`, callFrame);
      // also as the leaf: V8 takes the interrupt between two continuations, in runMicrotasks itself
      if (microLine !== null && fn === 'processTicksAndRejections' && url === TASK_QUEUES && s.frames[i][2] === microLine) {
        id = child(id, 'runMicrotasks', { functionName: 'runMicrotasks', scriptId: '0', url: '', lineNumber: -1, columnNumber: -1 });
      }
    }
    const node = nodes[id - 1];
    node.hitCount++;
    const leaf = s.frames[0];
    if (leaf) {
      // the column too (V8's profile has lines only): in a minified bundle every function is on line 1
      const ticks = (node.positionTicks ??= []);
      const at = ticks.find((x) => x.line === leaf[2] && x.column === leaf[3]);
      if (at) at.ticks++;
      else ticks.push({ line: Number(leaf[2]), ticks: 1, column: Number(leaf[3]) });
    }
    ids.push(id);
    timeDeltas.push(s.us - last);
    last = s.us;
  }
  return { nodes, startTime: startUs, endTime: Math.max(endUs, last), samples: ids, timeDeltas };
}

module.exports = { SAMPLE_EXPRESSION, sampleOf, sampleStacks, nowUs, microtasksLine, profileOf };
