// V8's CPU profiler leaves out the frame of code it was not told of when it started: a loop's
// on-stack-replacement code compiled before a production capture began. Node's
// processTicksAndRejections drains the nextTick queue in a loop, so under a recursion through
// process.nextTick it is compiled that way within the block's first milliseconds, and every sample
// of the capture ends in the app's function, with nothing under it. causes.js reads such a stack as
// a promise continuation that V8 resumed (no scheduler frame under it): a nextTick recursion was
// called a microtask block, with the microtask's advice.
//
// The block's witnesses (the stacks the app's thread gave while the capture ran: an Error's stack,
// which has every frame; inlined-callee.js) show what ran under that function. A sample that ends in
// the app's or a package's function gets back the frames the witnesses had under it, Node's
// scheduler among them: when at least two witnesses had that function over Node's frames, more than
// twice as many as had it with nothing under it (a continuation V8 resumed, which a witness shows
// as such too). A function the witnesses never caught (a short one: an interrupt is taken at a call or
// a loop's turn, mostly in the block's hot loop, seldom in a clock read between two turns) gets Node's
// frames under the app's code of the witnesses, when at least three had the same and none had the
// app's code with nothing under it. A sample that ends in a function of Node's (the app's caller of it
// left out too: a clock read, a getter Node defines lazily) gets the frames the witnesses had under
// that function, by the first rule, where those hold the app's or a package's code (Node's callbacks
// from V8, its promise rejection handler under the microtask queue, have none, and stay as they are:
// their time then goes to no owner); never by the second (one none of them caught may be where a turn
// of the loop began). Pure.

import { hasSource } from './block-samples.js';
import { frameKey, functionKey } from './inlined-callee.js';

/** @typedef {import('./frames.js').Frame} Frame @typedef {import('./block-samples.js').BlockSample} BlockSample */

const MIN_WITNESSES = 2;
/** Witnesses that must agree on Node's frames under the app's code, for a function none of them caught... */
const MIN_AGREEING = 3;
/** ...and the share of them that must. */
const AGREEING_SHARE = 0.8;

/** A function whose frames under it the witnesses are asked for: the app's, a package's, Node's. @param {Frame | undefined} f */
const asked = (f) => hasSource(f) || f?.kind === 'node';

/**
 * The block's samples, those that end in the app's, a package's or Node's function given the frames
 * its witnesses had under that function (unchanged where the witnesses do not say).
 * @param {BlockSample[]} samples @param {BlockSample[]} witnesses @returns {BlockSample[]}
 */
export function rooted(samples, witnesses) {
  if (witnesses.length < MIN_WITNESSES || !samples.some((s) => asked(s.frames[s.frames.length - 1]))) return samples;
  /** @type {Map<string, {bottom: number, under: Map<string, {frames: Frame[], n: number}>}>} per function: what ran under it */
  const below = new Map();
  for (const w of witnesses) {
    const seen = new Set();
    // from the outermost frame in: a recursive function counts once, with what ran under its outermost call
    for (let i = w.frames.length - 1; i >= 0; i--) {
      const f = w.frames[i];
      const key = functionKey(f);
      if (!asked(f) || seen.has(key)) continue;
      seen.add(key);
      const e = below.get(key) ?? { bottom: 0, under: new Map() };
      below.set(key, e);
      const rest = w.frames.slice(i + 1);
      if (!rest.length) e.bottom += 1;
      // under Node's function, the app's or a package's code that called it: what V8 hid (Node's own
      // callbacks from V8, such as its promise rejection handler, have none)
      else if (rest.some((x) => x.kind === 'node') && (hasSource(f) || rest.some(hasSource))) {
        const k = rest.map(frameKey).join('\n');
        const u = e.under.get(k) ?? { frames: rest, n: 0 };
        u.n += 1;
        e.under.set(k, u);
      }
    }
  }
  const root = rootOf(witnesses);
  /** @type {Map<string, Frame[] | null>} */
  const restored = new Map();
  const underOf = (/** @type {Frame} */ f) => {
    const key = functionKey(f);
    if (!restored.has(key)) {
      const e = below.get(key);
      const under = e ? [...e.under.values()] : [];
      const n = under.reduce((sum, u) => sum + u.n, 0);
      const best = under.sort((a, b) => b.n - a.n)[0];
      restored.set(key, e ? (best && n >= MIN_WITNESSES && n > 2 * e.bottom ? best.frames : null) : hasSource(f) ? root : null);
    }
    return restored.get(key) ?? null;
  };
  let changed = false;
  const out = samples.map((s) => {
    if (!asked(s.frames[s.frames.length - 1])) return s;
    const under = underOf(s.frames[s.frames.length - 1]);
    if (!under) return s;
    changed = true;
    return { ...s, frames: [...s.frames, ...under] };
  });
  return changed ? out : samples;
}

/**
 * Node's frames under the app's (or a package's) code that most witnesses had, the same ones: null
 * when fewer than MIN_AGREEING or AGREEING_SHARE of them did, or one had the app's code with nothing
 * under it (a continuation V8 resumed).
 * @param {BlockSample[]} witnesses @returns {Frame[] | null}
 */
function rootOf(witnesses) {
  /** @type {Map<string, {frames: Frame[], n: number}>} */
  const roots = new Map();
  for (const w of witnesses) {
    const outer = w.frames.findLastIndex(hasSource);
    if (outer < 0) continue;
    const rest = w.frames.slice(outer + 1);
    if (!rest.length) return null;
    const k = rest.map(frameKey).join('\n');
    const r = roots.get(k) ?? { frames: rest, n: 0 };
    r.n += 1;
    roots.set(k, r);
  }
  const best = [...roots.values()].sort((a, b) => b.n - a.n)[0];
  return best && best.n >= MIN_AGREEING && best.n >= AGREEING_SHARE * witnesses.length && best.frames.some((f) => f.kind === 'node') ? best.frames : null;
}
