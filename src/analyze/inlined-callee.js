// A function whose code V8 compiled in a way its CPU profiler does not see has no frame of its own in
// a profile: its samples show its caller alone, as the caller's own time. Two ways seen: a function
// inlined into its caller, and a loop's on-stack-replacement code compiled before the profiler
// started (the production agent's captures start once a block is half a threshold old, long after
// a hot loop was compiled: V8 does not list that code to a profiler started later). A package that
// calls a function of the app (a router calling the handler of its one hot route) is then named for
// the app's loop: hono's dispatch instead of the app's nested loop.
//
// Two witnesses give the frame back:
// - the stacks the app's thread gave during the capture (agent/stack-sampler.cjs: an Error's stack,
//   which has every frame, and falls where the time goes): the block's samples that show a package's
//   or Node's frames alone ran the app's function most witnesses had over those frames;
// - the blocks of the same calls before (the same frames, the same route): they ran the app's function
//   over the package's frames with almost none of the package's own time, and this block runs the
//   package's frames alone for most of its time (two such blocks, or one of the same route). A package
//   that does work of its own under those calls shows it beside the app's function in the earlier
//   blocks, and nothing is moved.
// Such a block's samples get those frames back (and the line the witness ran), and its advice says so.
// Pure.

import path from 'node:path';
import { packageDir } from '../sources/app-sources.js';

/** How many frames, from the package's that called the app, make "the same calls". */
const DEPTH = 4;
/** An earlier block teaches a call when the app's function over it held at least this share of the time under it... */
const CALLEE_SHARE = 0.9;
/** ...for at least this much of the block (ms)... */
const MIN_CALLEE_MS = 5;
/** ...and the block being read ran the package's frames alone for at least this share of its time. */
const SELF_SHARE = 0.5;
/** Blocks that teach a call, at least (one block does not make a habit of the calls)... */
const MIN_TEACHERS = 2;
/** ...but one of the same route does (a route runs the same calls each time). */
const MIN_ROUTE_TEACHERS = 1;

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./block-samples.js').BlockSample} BlockSample
 * @typedef {{key: string, route: string | null, callee: Frame, line: import('./known-calls.js').SourceLine | null}} Teacher
 *   an earlier block that ran the app's function `callee` over the package frames `key`: its route, and the line it ran most
 */

/** The package frames a sample's key starts at. @param {Frame[]} frames @param {number} at */
const keyOf = (frames, at) => frames.slice(at, at + DEPTH).map((f) => `${f.functionName}\0${f.url}\0${f.line}`).join('\n');

/** @param {Frame} f */
const calleeKey = (f) => `${f.functionName}\0${f.url}\0${f.line}`;

/**
 * Where a sample's app code meets the package that called it: the index of the first frame under the
 * app's frames on top, when that one is a package's; else -1. @param {Frame[]} frames
 */
function packageUnderApp(frames) {
  let i = 0;
  while (i < frames.length && frames[i].kind === 'app') i++;
  return i > 0 && i < frames.length && frames[i].kind === 'node_modules' ? i : -1;
}

/**
 * What each block ran over each call: per key, the app functions on top of it (time, and the line
 * each ran most), and the package's own time there.
 * @param {BlockSample[]} samples
 */
function callsOf(samples) {
  /** @type {Map<string, {self: number, callees: Map<string, {frame: Frame, ms: number, lines: Map<number, {line: any, ms: number}>}>}>} */
  const calls = new Map();
  let total = 0;
  const at = (/** @type {string} */ key) => {
    let c = calls.get(key);
    if (!c) calls.set(key, (c = { self: 0, callees: new Map() }));
    return c;
  };
  for (const s of samples) {
    const w = s.weightMs > 0 ? s.weightMs : 0;
    total += w;
    if (s.frames[0]?.kind === 'node_modules') {
      at(keyOf(s.frames, 0)).self += w;
      continue;
    }
    const i = packageUnderApp(s.frames);
    if (i < 0) continue;
    const callee = s.frames[i - 1];
    const c = at(keyOf(s.frames, i));
    let e = c.callees.get(calleeKey(callee));
    if (!e) c.callees.set(calleeKey(callee), (e = { frame: callee, ms: 0, lines: new Map() }));
    e.ms += w;
    // the line the callee ran, when it was the innermost frame with source
    if (i === 1 && s.line && s.line.frameIndex === 0) {
      const l = e.lines.get(s.line.line) ?? { line: s.line, ms: 0 };
      l.ms += w;
      e.lines.set(s.line.line, l);
    }
  }
  return { calls, total };
}

/**
 * The blocks whose package frames ran alone where a stack of their thread, or other blocks of the
 * same calls, ran the app's function over them, with that function given back.
 * @param {{samples: BlockSample[], route: string | null, witnesses?: BlockSample[]}[]} blocks each block's samples of code (the app's and
 *   packages'), its route, and the stacks its thread gave while a capture ran
 * @param {Teacher[]} [earlier] what blocks read before these taught (a production log's)
 * @returns {{restore: (i: number, samples: BlockSample[]) => BlockSample[], said: Map<number, string>, teachers: Teacher[]}}
 *   restore: block i's samples, given back the inlined frame; said: the sentence each such block's advice adds;
 *   teachers: these blocks' own lessons, for a later call's `earlier`
 */
export function inlinedCallees(blocks, earlier = []) {
  const read = blocks.map((b) => callsOf(b.samples));
  /** @type {Teacher[]} */
  const teachers = [];
  read.forEach(({ calls }, i) => {
    for (const [key, c] of calls) {
      const callees = [...c.callees.values()];
      const under = c.self + callees.reduce((sum, e) => sum + e.ms, 0);
      const top = callees.reduce((a, e) => (!a || e.ms > a.ms ? e : a), /** @type {typeof callees[number] | undefined} */ (undefined));
      if (!top || top.ms < MIN_CALLEE_MS || top.ms < CALLEE_SHARE * under) continue;
      const hot = [...top.lines.values()].reduce((a, l) => (!a || l.ms > a.ms ? l : a), /** @type {{line: any, ms: number} | undefined} */ (undefined));
      teachers.push({ key, route: blocks[i].route, callee: top.frame, line: hot?.line ?? null });
    }
  });
  const known = [...earlier, ...teachers];
  /** @type {Map<number, {key: string, above: Frame[], line: any}>} */
  const moved = new Map();
  /** @type {Map<number, string>} */
  const said = new Map();
  read.forEach(({ calls, total }, i) => {
    if (total <= 0) return;
    const seen = witnessed(blocks[i].samples, blocks[i].witnesses ?? [], total);
    if (seen) {
      moved.set(i, seen);
      // and what it saw is a lesson for the blocks after it (a capture's later blocks may have no witness)
      teachers.push({ key: seen.key, route: blocks[i].route, callee: seen.above[0], line: seen.line });
      said.set(i, ` Most of its samples show ${callerText(seen.key)} alone; a stack the app's thread gave during the capture ran ${frameText(seen.above[0])} over it, which V8's profiler did not show (code V8 compiled before the capture began, or inlined into its caller): that time is named after it.`);
      return;
    }
    for (const [key, c] of calls) {
      if (c.self < SELF_SHARE * total || c.callees.size > 1) continue;
      // the same calls, on the same route when both blocks know theirs
      const route = blocks[i].route;
      const same = known.filter((t) => t.key === key && (!route || !t.route || t.route === route));
      const ofRoute = route ? same.filter((t) => t.route === route).length : 0;
      if (same.length < MIN_TEACHERS && ofRoute < MIN_ROUTE_TEACHERS) continue;
      // one function, always the same: a call site that sees one callee
      const names = new Set(same.map((t) => calleeKey(t.callee)));
      if (names.size !== 1 || [...c.callees.keys()].some((k) => !names.has(k))) continue;
      const t = same[same.length - 1];
      moved.set(i, { key, above: [t.callee], line: t.line });
      said.set(i, ` Most of its samples show ${callerText(key)} alone, where ${same.length} other block${same.length === 1 ? '' : 's'} of the same calls${route ? ` (${route})` : ''} ran the app's ${frameText(t.callee)} over it: V8 had compiled that function where its profiler does not see it (inlined into its caller), so that time is named after it.`);
      break;
    }
  });
  return {
    restore(i, samples) {
      const m = moved.get(i);
      if (!m) return samples;
      return samples.map((s) => (keyOf(s.frames, 0) === m.key
        ? { ...s, frames: [...m.above, ...s.frames], line: m.line }
        : s));
    },
    said,
    teachers,
  };
}

/**
 * The app's function the block's witnesses ran under frames of a package or Node that its samples
 * show alone for most of its time. The witnesses fall where the time goes (V8 takes the interrupt
 * at the next call or loop turn): most of them must have it there, more than twice those that show the
 * package's frames running alone; and where the profile shows the function over those frames at times
 * (it ran unoptimized before), two witnesses at least.
 * @param {BlockSample[]} samples @param {BlockSample[]} witnesses @param {number} total the samples' time
 * @returns {{key: string, above: [Frame], line: any} | null}
 */
function witnessed(samples, witnesses, total) {
  /** @type {Map<string, {key: string, over: Frame, line: any, n: number}>} */
  const found = new Map();
  for (const w of witnesses) {
    for (let k = 1; k < w.frames.length; k++) {
      // only where the profile would name a package's or Node's code for the app's time
      if (w.frames[k].kind === 'app' || w.frames[k - 1].kind !== 'app') continue;
      const key = keyOf(w.frames, k);
      let alone = 0;
      for (const s of samples) if (keyOf(s.frames, 0) === key) alone += s.weightMs > 0 ? s.weightMs : 0;
      if (alone < SELF_SHARE * total) continue;
      // the app's function that code called, not what the witness ran above it: a witness often
      // stops at a call's entry, in a helper the app's loop calls
      const over = w.frames[k - 1];
      const id = `${key}\n\n${calleeKey(over)}`;
      const f = found.get(id) ?? { key, over, line: null, n: 0 };
      f.n++;
      if (k === 1 && !f.line && w.line && w.line.frameIndex === 0) f.line = w.line;
      found.set(id, f);
      break;
    }
  }
  const best = [...found.values()].sort((a, b) => b.n - a.n)[0];
  if (!best) return null;
  const aloneWitnesses = witnesses.filter((w) => keyOf(w.frames, 0) === best.key).length;
  if (best.n <= 2 * aloneWitnesses) return null;
  const over = calleeKey(best.over);
  const shown = samples.some((s) => s.frames.some((f, j) => j > 0 && calleeKey(s.frames[j - 1]) === over && keyOf(s.frames, j) === best.key));
  if (shown && best.n < 2) return null;
  return { key: best.key, above: [best.over], line: best.line };
}

/** "hono's #dispatch", "emit": a key's first frame, with its package. @param {string} key */
function callerText(key) {
  const [caller, url] = key.split('\n')[0].split('\0');
  const dir = packageDir(url);
  const pkg = dir ? dir.split(/[\\/]/).slice(-2).filter((part, k) => k === 1 || part.startsWith('@')).join('/') : null;
  return `${pkg ? `${pkg}'s ` : ''}${caller || '(anonymous)'}`;
}

/** @param {Frame} f */
const frameText = (f) => `${f.functionName || '(anonymous)'} (${path.basename(f.url)}:${f.line})`;
