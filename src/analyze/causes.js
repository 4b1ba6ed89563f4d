// Why a stack is on the CPU: which kind of loop work it is (a macrotask callback and the loop
// phase that ran it, the microtask queue, the nextTick queue, start-up code, GC), told from the
// frames Node's own scheduler leaves at the bottom of every stack. And one line of advice each.

import { callFix } from './known-calls.js';

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

/** A block whose GC share is at least this says so in its advice. */
export const GC_SHARE_NOTED = 0.25;

/**
 * One specific line of advice for a block: the known blocking call it was in and its fix
 * (known-calls.js), else the fix for its cause; and the share garbage collection took of it.
 * @param {Cause | 'tool'} cause @param {Phase} phase @param {number} durationMs @param {string | null} site
 * @param {{call?: import('./known-calls.js').KnownCall | null, matched?: string, gcShare?: number}} [extra]
 *   matched: the frame that matched the call, as shown ("readFileSync node:fs:441")
 */
export function adviceFor(cause, phase, durationMs, site, extra = {}) {
  const ms = Math.round(durationMs);
  const gcShare = extra.gcShare ?? 0;
  const gc = cause !== 'gc' && gcShare >= GC_SHARE_NOTED
    ? `; garbage collection took ${Math.round(gcShare * 100)}% of it: allocate less per request (smaller payloads, fewer temporary objects and strings, bounded caches)`
    : '';
  if (extra.call) {
    const c = extra.call;
    const at = site ? ` in ${site}` : '';
    const matched = extra.matched ?? `${c.frame.functionName} ${c.frame.url ? `${c.frame.url}:${c.frame.line}` : '(native)'}`;
    const what = c.pattern !== undefined ? `the regular expression /${c.pattern}/` : c.name;
    const share = cause === 'gc' ? `, ${Math.round(gcShare * 100)}% of it garbage collection (the objects it makes)` : '';
    return `${what}${at} held the loop ${ms} ms${share} [matched frame: ${matched}]: ${callFix(c)}${gc}`;
  }
  return generalAdvice(cause, phase, ms, site, gcShare) + gc;
}

/** @param {Cause | 'tool'} cause @param {Phase} phase @param {number} ms @param {string | null} site @param {number} gcShare */
function generalAdvice(cause, phase, ms, site, gcShare) {
  const at = site ? ` at ${site}` : '';
  switch (cause) {
    case 'microtask':
      return `a promise chain${at} kept the microtask queue busy for ${ms} ms: awaiting an already-resolved promise never yields to I/O; yield with setImmediate every ~10 ms of work, or move the work to a worker thread`;
    case 'nextTick':
      return `recursive process.nextTick${at} ran ${ms} ms: the nextTick queue is drained before any I/O; schedule the next step with setImmediate, or move the work to a worker thread`;
    case 'gc':
      return `garbage collection ${gcShare > 0 ? `took ${Math.round(gcShare * 100)}% of this ${ms} ms block` : `paused the loop for ${ms} ms`}${site ? ` while ${site} ran` : ''}: allocate less per request (large strings, arrays, JSON), bound caches, and check the heap with a heap profile`;
    case 'startup':
      return `start-up code${at} ran ${ms} ms before the loop could turn: load lazily, or do the work before the server accepts traffic`;
    default:
      return `${phaseName(phase)}${at} ran ${ms} ms without yielding: split the work and yield with setImmediate every ~10 ms, or move it to a worker thread`;
  }
}
