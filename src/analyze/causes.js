// Why a stack is on the CPU: which kind of loop work it is (a macrotask callback and the loop
// phase that ran it, the microtask queue, the nextTick queue, start-up code, GC), told from the
// frames Node's own scheduler leaves at the bottom of every stack. The advice is remedies.js's.

/**
 * @typedef {'sync' | 'microtask' | 'nextTick' | 'gc' | 'startup'} Cause
 * @typedef {'timers' | 'poll' | 'check' | 'close' | 'microtasks' | 'nextTick' | 'main' | 'gc'} Phase
 */

const TIMERS = new Set(['processTimers', 'listOnTimeout']);
const CHECK = new Set(['processImmediate']);
const TICKS = 'processTicksAndRejections';
const MICROTASKS = 'runMicrotasks';
const MAIN = new Set(['executeUserEntryPoint', 'runMain', 'run_main', 'Module._compile', 'ModuleJob.run', 'runEntryPointWithESMLoader']);
const CLOSE = new Set(['emitCloseNT', 'onClose', 'onclose']);

/**
 * Cause and phase of one sample, from its frames (innermost first).
 * @param {{functionName: string, url: string, kind: string}[]} frames
 * @returns {{cause: Cause, phase: Phase} | null} null for a sample with no JavaScript
 */
export function classifyStack(frames) {
  if (frames.length === 0) return null;
  if (frames[0].kind === 'gc') return { cause: 'gc', phase: 'gc' };
  if (frames.length === 1 && (frames[0].functionName === '(program)' || frames[0].functionName === '(idle)')) return null;
  const names = frames.map((f) => f.functionName);
  const tick = names.indexOf(TICKS);
  if (tick >= 0) {
    const micro = names.indexOf(MICROTASKS);
    if (micro >= 0 && micro < tick) return { cause: 'microtask', phase: 'microtasks' };
    return { cause: 'nextTick', phase: 'nextTick' };
  }
  // After each timer and immediate callback Node drains the queues from JavaScript
  // (runNextTicks -> runMicrotasks), so these frames can sit above a phase's own frames.
  if (names.includes(MICROTASKS)) return { cause: 'microtask', phase: 'microtasks' };
  if (names.some((n) => MAIN.has(n))) return { cause: 'startup', phase: 'main' };
  if (names.some((n) => TIMERS.has(n))) return { cause: 'sync', phase: 'timers' };
  if (names.some((n) => CHECK.has(n))) return { cause: 'sync', phase: 'check' };
  if (names.some((n) => CLOSE.has(n))) return { cause: 'sync', phase: 'close' };
  // No scheduler frame below. An async function (or promise reaction) resumed by V8 draining the
  // microtask queue after a callback has nothing under it; a callback Node's C++ called for I/O
  // has its event plumbing (emit, onStreamRead, parserOn...) in node internals.
  const outer = frames[frames.length - 1];
  if (outer.kind === 'app' || outer.kind === 'node_modules') return { cause: 'microtask', phase: 'microtasks' };
  return { cause: 'sync', phase: 'poll' };
}

/**
 * Whether the callbacks the microtask queue ran were the app's own functions, in half or more of the
 * samples that show the queue: the frame just inside V8's runMicrotasks, or the outermost frame where V8
 * resumed a continuation with nothing under it. The app's async function resumed after its `await` is a
 * chain of its own; a package's continuation that called on into the app (an async middleware's `next()`
 * after its `await`, Fastify's async hooks) ran the app's work once. Null when no sample shows the queue.
 * @param {{frames: {functionName: string, url: string, kind: string}[]}[]} samples frames innermost first
 */
export function microtaskCallbackIsApp(samples) {
  let app = 0;
  let all = 0;
  for (const { frames } of samples) {
    if (classifyStack(frames)?.cause !== 'microtask') continue;
    const at = frames.findLastIndex((f) => f.functionName === MICROTASKS);
    const callback = at >= 0 ? frames[at - 1] : frames[frames.length - 1];
    if (!callback) continue;
    all++;
    if (callback.kind === 'app') app++;
  }
  return all ? app * 2 >= all : null;
}

/**
 * Whether the callback the nextTick queue ran (the frame just inside Node's processTicksAndRejections)
 * is the app's own function: the app scheduled itself. Null when the stack shows no tick queue.
 * @param {{functionName: string, kind: string}[] | null | undefined} stack innermost first
 */
export function tickCallbackIsApp(stack) {
  if (!stack) return null;
  const at = stack.findLastIndex((f) => f.functionName === TICKS);
  return at > 0 ? stack[at - 1].kind === 'app' : null;
}

const PHASE_NAMES = /** @type {Record<Phase, string>} */ ({
  timers: 'a timer callback (timers phase)',
  poll: 'an I/O callback (poll phase)',
  check: 'a setImmediate callback (check phase)',
  close: 'a close callback (close phase)',
  microtasks: 'the microtask queue',
  nextTick: 'the nextTick queue',
  main: 'start-up code',
  gc: 'garbage collection',
});

/** @param {Phase} phase */
export function phaseName(phase) {
  return PHASE_NAMES[phase] ?? phase;
}
