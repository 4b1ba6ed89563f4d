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
//   which has every frame, and falls where the time goes: V8 takes the interrupt at the next call or
//   loop turn): the block's samples that show a package's or Node's frames alone ran what most
//   witnesses had over those frames, an app's function first;
// - the blocks of the same calls before (the same frames, the same route): they ran the app's function
//   over the package's frames with almost none of the package's own time, and this block runs the
//   package's frames alone for most of its time (two such blocks, or one of the same route). A package
//   that does work of its own under those calls shows it beside the app's function in the earlier
//   blocks, and nothing is moved.
// Such a block's samples get back the stacks that ran over those frames (the app's function and what
// it called, a package's parser among them), each in the share of the time it had there, with the
// line it ran; and its advice says so. Pure.

import path from 'node:path';
import { packageName } from './pool-app-line.js';

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
/** The stacks over a call a lesson keeps, the heaviest. */
const KEEP_STACKS = 8;

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./block-samples.js').BlockSample} BlockSample
 * @typedef {{above: Frame[], line: import('./known-calls.js').SourceLine | null, ms: number}} Over a stack over a call (its
 *   frames above the package's, innermost first), the line its innermost frame ran, and its time
 * @typedef {{key: string, route: string | null, callee: Frame, stacks: Over[]}} Teacher an earlier block that ran the app's
 *   function `callee` over the package frames `key` (and what it called: `stacks`), and its route
 */

/** The frames a sample's key starts at. @param {Frame[]} frames @param {number} at */
export const keyOf = (frames, at) => frames.slice(at, at + DEPTH).map((f) => `${f.functionName}\0${f.url}\0${f.line}`).join('\n');

/** @param {Frame} f */
export const frameKey = (f) => `${f.functionName}\0${f.url}\0${f.line}`;

/** A function's identity wherever in it a frame ran (its name and file). @param {Frame} f */
export const functionKey = (f) => `${f.functionName}\0${f.url}`;

/**
 * Where the app's code meets what called it: the first frame, from the innermost, that is not the
 * app's and has the app's right over it (of a package's, or with `node`, of Node's too); else -1.
 * @param {Frame[]} frames @param {boolean} [node]
 */
function underApp(frames, node = false) {
  for (let j = 1; j < frames.length; j++) {
    const kind = frames[j].kind;
    if (frames[j - 1].kind === 'app' && (kind === 'node_modules' || (node && kind !== 'app'))) return j;
  }
  return -1;
}

/** Adds a stack over a call to a list. @param {Map<string, Over>} list @param {Frame[]} above @param {any} line @param {number} ms */
function addOver(list, above, line, ms) {
  const id = above.map(frameKey).join('\n');
  const o = list.get(id) ?? { above, line, ms: 0 };
  o.ms += ms;
  if (!o.line && line) o.line = line;
  list.set(id, o);
}

/** The heaviest stacks of a list. @param {Iterable<Over>} list */
const heaviest = (list) => [...list].sort((a, b) => b.ms - a.ms).slice(0, KEEP_STACKS);

/**
 * What each block ran over each call: per key, the app functions right over it (time, and the stacks
 * over it through each), and the package's own time there.
 * @param {BlockSample[]} samples
 */
function callsOf(samples) {
  /** @type {Map<string, {self: number, callees: Map<string, {frame: Frame, ms: number, stacks: Map<string, Over>}>}>} */
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
    if (s.frames[0]?.kind === 'node_modules') at(keyOf(s.frames, 0)).self += w;
    const j = underApp(s.frames);
    if (j < 0) continue;
    const callee = s.frames[j - 1];
    const c = at(keyOf(s.frames, j));
    let e = c.callees.get(frameKey(callee));
    if (!e) c.callees.set(frameKey(callee), (e = { frame: callee, ms: 0, stacks: new Map() }));
    e.ms += w;
    addOver(e.stacks, s.frames.slice(0, j), s.line, w);
  }
  return { calls, total };
}

/**
 * The blocks whose package frames ran alone where a stack of their thread, or other blocks of the
 * same calls, ran the app's function over them, with what ran over them given back.
 * @param {{samples: BlockSample[], route: string | null, witnesses?: BlockSample[]}[]} blocks each block's samples of code (the app's and
 *   packages'), its route, and the stacks its thread gave while a capture ran
 * @param {Teacher[]} [earlier] what blocks read before these taught (a production log's)
 * @returns {{restore: (i: number, samples: BlockSample[]) => BlockSample[], said: Map<number, string>, teachers: Teacher[]}}
 *   restore: block i's samples, given back what ran over the calls; said: the sentence each such block's advice adds;
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
      teachers.push({ key, route: blocks[i].route, callee: top.frame, stacks: heaviest(top.stacks.values()) });
    }
  });
  const known = [...earlier, ...teachers];
  /** @type {Map<number, {key: string, stacks: Over[]}>} */
  const moved = new Map();
  /** @type {Map<number, string>} */
  const said = new Map();
  read.forEach(({ calls, total }, i) => {
    if (total <= 0) return;
    const seen = witnessed(blocks[i].samples, blocks[i].witnesses ?? [], total);
    if (seen) {
      moved.set(i, seen);
      // and what it saw is a lesson for the blocks after it (a capture's later blocks may have no witness)
      if (seen.callee.kind === 'app') teachers.push({ key: seen.key, route: blocks[i].route, callee: seen.callee, stacks: seen.stacks });
      said.set(i, ` Most of its samples show ${callerText(seen.key)} alone; the stacks the app's thread gave during the capture ran ${frameText(seen.callee)} over it${shareText(seen.stacks, seen.callee)}, which V8's profiler did not show (code V8 compiled before the capture began, or inlined into its caller): that time is theirs.`);
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
      const names = new Set(same.map((t) => frameKey(t.callee)));
      if (names.size !== 1 || [...c.callees.keys()].some((k) => !names.has(k))) continue;
      /** @type {Map<string, Over>} */
      const stacks = new Map();
      for (const t of same) for (const o of t.stacks) addOver(stacks, o.above, o.line, o.ms);
      const callee = same[same.length - 1].callee;
      moved.set(i, { key, stacks: heaviest(stacks.values()) });
      said.set(i, ` Most of its samples show ${callerText(key)} alone, where ${same.length} other block${same.length === 1 ? '' : 's'} of the same calls${route ? ` (${route})` : ''} ran the app's ${frameText(callee)} over it: V8 had compiled what ran there where its profiler does not see it (inlined into its caller), so that time is given to what ran there before.`);
      break;
    }
  });
  return {
    restore(i, samples) {
      const m = moved.get(i);
      if (!m) return samples;
      const alone = samples.map((s) => keyOf(s.frames, 0) === m.key);
      const count = alone.filter(Boolean).length;
      const total = m.stacks.reduce((sum, o) => sum + o.ms, 0);
      // each of those samples takes a stack, in the share of the time each had (in time order)
      let n = 0;
      return samples.map((s, k) => {
        if (!alone[k]) return s;
        const at = ((n++ + 0.5) / count) * total;
        let sum = 0;
        const o = m.stacks.find((x) => (sum += x.ms) >= at) ?? m.stacks[m.stacks.length - 1];
        return { ...s, frames: [...o.above, ...s.frames], line: o.line };
      });
    },
    said,
    teachers,
  };
}

/**
 * What the block's witnesses ran over frames of a package or Node that its samples show alone for
 * most of its time. The witnesses fall where the time goes: more than twice as many must have the
 * app's code over those frames as show the frames running alone; and where the profile shows the
 * app's code over them at times (it ran unoptimized before), two witnesses at least.
 * @param {BlockSample[]} samples @param {BlockSample[]} witnesses @param {number} total the samples' time
 * @returns {{key: string, callee: Frame, stacks: Over[]} | null}
 */
function witnessed(samples, witnesses, total) {
  /** @type {Map<string, {n: number, stacks: Map<string, Over>, callees: Map<string, {frame: Frame, n: number}>}>} */
  const found = new Map();
  for (const w of witnesses) {
    const j = underApp(w.frames, true);
    if (j < 0) continue;
    const key = keyOf(w.frames, j);
    let alone = 0;
    for (const s of samples) if (keyOf(s.frames, 0) === key) alone += s.weightMs > 0 ? s.weightMs : 0;
    if (alone < SELF_SHARE * total) continue;
    const f = found.get(key) ?? { n: 0, stacks: new Map(), callees: new Map() };
    f.n++;
    addOver(f.stacks, w.frames.slice(0, j), w.line, 1);
    const callee = w.frames[j - 1];
    const c = f.callees.get(frameKey(callee)) ?? { frame: callee, n: 0 };
    c.n++;
    f.callees.set(frameKey(callee), c);
    found.set(key, f);
  }
  const [key, best] = [...found].sort((a, b) => b[1].n - a[1].n)[0] ?? [];
  if (!key || !best) return null;
  const aloneWitnesses = witnesses.filter((w) => keyOf(w.frames, 0) === key).length;
  if (best.n <= 2 * aloneWitnesses) return null;
  const shown = samples.some((s) => {
    const j = underApp(s.frames, true);
    return j > 0 && keyOf(s.frames, j) === key;
  });
  if (shown && best.n < 2) return null;
  const callee = [...best.callees.values()].sort((a, b) => b.n - a.n)[0].frame;
  return { key, callee, stacks: heaviest(best.stacks.values()) };
}

/** "hono's #dispatch", "emit": a key's first frame, with its package. @param {string} key */
function callerText(key) {
  const [caller, url] = key.split('\n')[0].split('\0');
  const pkg = packageName(url);
  return `${pkg ? `${pkg}'s ` : ''}${caller || '(anonymous)'}`;
}

/** @param {Frame} f */
const frameText = (f) => `${f.functionName || '(anonymous)'} (${path.basename(f.url)}:${f.line})`;

/**
 * " (60% of them in sanitizeWord (pluralize.js:107))": where the stacks over the call ran most, when
 * not in the function itself. @param {Over[]} stacks @param {Frame} callee
 */
function shareText(stacks, callee) {
  const total = stacks.reduce((sum, o) => sum + o.ms, 0);
  const top = stacks[0];
  return frameKey(top.above[0]) === frameKey(callee) ? '' : ` (${Math.round((top.ms / total) * 100)}% of them in ${frameText(top.above[0])})`;
}
