// Whose stall was it? A stall of the app's loop is the app's block unless the tool's own work
// made it (the agent times what it does on the loop, and its frames are on the stack), or the
// machine did (the loop's thread waited for a CPU most of the time: an overloaded machine, a
// noisy CI neighbour). Those are reported apart and never judged as the app's.

import { round } from './blocks.js';
import { isStarved } from '../agent/starved.cjs';

/**
 * @template {import('./blocks.js').Block & {tool?: boolean, toolMs?: number}} B
 * @param {B[]} blocks @param {number} thresholdMs
 * @param {{processThread?: boolean}} [o] processThread: a process's main thread (a worker thread that neither runs nor
 *   waits is waiting for work, loop-sections.js's rule)
 * @returns {{app: B[], tool: B[], starved: B[]}}
 */
export function splitByOwner(blocks, thresholdMs, o = {}) {
  /** @type {{app: B[], tool: B[], starved: B[]}} */
  const out = { app: [], tool: [], starved: [] };
  for (const b of blocks) out[ownerOf(b, thresholdMs, o)].push(b);
  return out;
}

/**
 * Whose a stall was: the one rule every count of the app's blocks follows (the blocks table, the
 * call sites, the verdict).
 * @param {{durationMs: number, waitMs?: number, runMs?: number, gcMs?: number, gcShare?: number, tool?: boolean, fix?: string, call?: {kind: string} | null,
 *   culprit?: {owner?: {kind: string}} | null}} block @param {number} thresholdMs
 * @param {{processThread?: boolean}} [o] as splitByOwner's
 * @returns {'app' | 'tool' | 'starved'}
 */
export function ownerOf(block, thresholdMs, o = {}) {
  // a stall its thread spent waiting for a CPU is the machine's whatever code the samples caught:
  // those taken while it waited fall on the first code that runs after (the tool's beat, mostly)
  if (isStarved(block.durationMs, machineMs(block), thresholdMs)) return 'starved';
  if (block.tool) return 'tool';
  return o.processThread && heldBySystem(block, thresholdMs) ? 'starved' : 'app';
}

const WAITING_CALLS = new Set(['fs-sync', 'child-process-sync', 'zlib-sync', 'crypto-sync', 'sync-wait']);

/**
 * The loop's thread neither ran nor waited for a CPU for most of the stall, and what it was in is
 * no call that waits (a synchronous file read, a child process, an addon's query): the system held
 * it (page faults on a busy disk, a paused VM), not the app's code.
 * @param {Parameters<typeof ownerOf>[0]} block @param {number} thresholdMs
 */
function heldBySystem(block, thresholdMs) {
  if (typeof block.runMs !== 'number' || !block.fix || block.fix === 'none') return false;
  const off = block.durationMs - block.runMs - (block.waitMs ?? 0);
  // the code ran less than half a threshold of it: whatever the thread did the rest of the time
  // (off a CPU, or waiting for one), the app's code did not hold the loop a threshold long
  const ranLittle = block.runMs < thresholdMs / 2 && (block.gcShare ?? 0) < 0.5;
  if (block.runMs >= thresholdMs || (off < thresholdMs && !ranLittle)) return false;
  const waits = (block.call && WAITING_CALLS.has(block.call.kind)) || block.culprit?.owner?.kind === 'native' || block.fix === 'native-sync';
  return !waits;
}

/**
 * How much of a stall was the machine's: its thread's wait for a CPU and, in a collection, the
 * collector's helper threads' wait for one. While helpers do a collection's parallel or concurrent
 * work, the loop's thread sleeps until they finish; on a crowded machine they wait for a CPU too,
 * and the pause grows by their wait. Their wait is not read: they are taken to have waited the same
 * share of their time as the loop's thread did in the stall (one scheduler shares the CPUs among
 * them all), a share of the time it slept, no more than the collection's length in the stall.
 * @param {{durationMs: number, waitMs?: number | null, runMs?: number, gcMs?: number, gcShare?: number}} block
 */
export function machineMs(block) {
  const wait = Math.max(0, block.waitMs ?? 0);
  if (wait === 0 || typeof block.runMs !== 'number') return wait;
  const asleep = Math.max(0, block.durationMs - block.runMs - wait);
  const inGc = Math.min(asleep, block.gcMs ?? (block.gcShare ?? 0) * block.durationMs);
  return wait + inGc * (wait / (wait + Math.max(0, block.runMs)));
}

export { isStarved };

/**
 * The tool's own work on the app's loop: the stalls it timed (in the window, and the longest before
 * the load began: the start-up part of the profile dropped), and the blocks that were its own. The
 * watchdog's capture starts are apart: each begins inside a block already under way (a late beat
 * starts it), and its time is the round trip from the watchdog's thread, an upper bound of what it
 * added to that block (on a crowded machine mostly the wait for a CPU), not a stall of its own.
 * @param {{t: number, durationMs: number, what: string}[]} stalls @param {any[]} toolBlocks
 * @param {number} from @param {number} to epoch ms, the window
 */
export function toolSection(stalls, toolBlocks, from, to) {
  const within = (/** @type {{t: number, durationMs: number}} */ s) => s.t + s.durationMs >= from && s.t <= to;
  const isCapture = (/** @type {{what: string}} */ s) => s.what === 'block capture start';
  const inWindow = stalls.filter((s) => within(s) && !isCapture(s));
  const captures = stalls.filter((s) => within(s) && isCapture(s));
  const before = stalls.filter((s) => s.t + s.durationMs < from);
  return {
    beforeLoadMs: round(before.reduce((m, s) => Math.max(m, s.durationMs), 0)),
    stallsInWindow: inWindow.length,
    longestStallMs: round(inWindow.reduce((m, s) => Math.max(m, s.durationMs), 0)),
    totalStallMs: round(inWindow.reduce((sum, s) => sum + s.durationMs, 0)),
    captureStarts: { inWindow: captures.length, longestMs: round(captures.reduce((m, s) => Math.max(m, s.durationMs), 0)) },
    blocks: toolBlocks.map((b) => ({ startMs: b.startMs, durationMs: b.durationMs, toolMs: b.toolMs ?? 0, by: b.toolBy ?? null })),
  };
}

/**
 * The machine's part: stalls spent waiting for a CPU, and the main thread's run-queue wait over
 * the window (null where the system does not tell).
 * @param {any[]} starved @param {number | null} runWaitMs @param {number} windowMs
 * @param {number | null} lagP99WithoutWaitMs lag p99 less each beat's wait for a CPU
 */
export function machineSection(starved, runWaitMs, windowMs, lagP99WithoutWaitMs) {
  return {
    runWaitMs: runWaitMs === null ? null : round(runWaitMs),
    lagP99WithoutWaitMs,
    runWaitShare: runWaitMs === null || windowMs <= 0 ? null : Math.round((runWaitMs / windowMs) * 1000) / 1000,
    starvedBlocks: starved.map((b) => ({ startMs: b.startMs, durationMs: b.durationMs, waitMs: b.waitMs ?? 0, ...(typeof b.runMs === 'number' ? { runMs: b.runMs } : {}) })),
  };
}

/**
 * Notes that say why stalls were left out of the app's blocks. Before the machine is blamed for
 * the loop's wait for a CPU: the app's own other threads (its thread pool, workers, GC helpers)
 * may be what kept the CPUs busy.
 * @param {any[]} tool @param {any[]} starved @param {number | null} runWaitShare
 * @param {{otherThreadsCores: number | null, cores: number | null} | null} [threads] the CPU of the app's other threads, in cores
 */
export function ownerNotes(tool, starved, runWaitShare, threads = null) {
  const at = (/** @type {any[]} */ list) => list.map((b) => `${Math.round(b.durationMs)} ms at ${Math.round(b.startMs)} ms`).join(', ');
  const notes = [];
  const by = [...new Set(tool.map((b) => b.toolBy).filter(Boolean))];
  if (tool.length) notes.push(`${tool.length} stall(s) of the loop were the tool's own work (${at(tool)}${by.length ? `; in ${by.join(', ')}` : ''}): not counted as the app's blocks; please report it`);
  if (starved.length) notes.push(`${starved.length} stall(s) of the loop were the machine's (${at(starved)}): the app's thread was waiting for a CPU (or, in a collection, the collector's helper threads were), or held by the system without running, for all but less than a threshold of that time, so they are not counted as the app's blocks`);
  if (runWaitShare !== null && runWaitShare >= 0.1) {
    const own = threads?.otherThreadsCores ?? null;
    const cores = threads?.cores ?? null;
    if (own !== null && cores !== null && own >= cores - 1) {
      notes.push(`the app's main thread waited for a CPU ${Math.round(runWaitShare * 100)}% of the window: the app's own other threads (its thread pool, worker threads, the garbage collector's helpers) used ${own} of the ${cores} cores`);
    } else {
      // with its other threads' CPU unknown (no pool measured, a production log), either may be the cause
      notes.push(own !== null
        ? `the app's main thread waited for a CPU ${Math.round(runWaitShare * 100)}% of the window while its other threads used ${own} cores: the machine was overloaded by other processes, and latencies are worse than the app alone would cause`
        : `the app's main thread waited for a CPU ${Math.round(runWaitShare * 100)}% of the window: the machine was overloaded (by other processes, or by the app's own other threads), and latencies are worse than the app's code alone would cause`);
    }
  }
  return notes;
}
