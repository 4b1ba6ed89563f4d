// The other way round from inlined-callee.js: a package's function the app's code called, which V8's
// profiler does not show. A production capture starts once a block is half a threshold old, long after
// V8 optimized the app's handler with the package's function inlined into it (gifenc's quantize and
// applyPalette in a GIF route's loop): most of the capture's samples end in the app's function, on the
// line that calls the package, and the block was named the app's own loop.
//
// The block's witnesses (the stacks the app's thread gave while the capture ran: an Error's stack, which
// has every frame) show what ran there. A sample that ends in the app's function gets the frames the
// witnesses had over that function through a package's function that its running line calls by name,
// when at least two witnesses had the function under such a frame, more than twice as many as had it
// running alone (its own loop, which a witness shows as such too). A line that calls none of them is the
// app's own work and stays so.
//
// And between: a helper of the app's that the handler calls, and that calls the package, inlined into the
// handler (findArticleBySlug looping over slugify), leaves the samples with the package's frame right over
// the handler, whose line that calls the package is another (the handler's own slugify of a default). A
// sample whose package frame sits right over an app function gets the app frames the witnesses had between
// the two, when two witnesses or more had them, more than twice as many as had the two adjacent. Pure.

import path from 'node:path';
import { frameKey, functionKey, keyOf } from './inlined-callee.js';
import { methodName, packageName } from './pool-app-line.js';
import { escapeRegExp } from '../sources/js-scan.js';

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./block-samples.js').BlockSample} BlockSample
 * @typedef {import('../sources/app-sources.js').AppSources} AppSources
 */

const MIN_WITNESSES = 2;

/**
 * Where a package's code meets the app's that called it: the first frame, from the innermost, of the
 * app's with a package's frame right over it; else -1. @param {Frame[]} frames
 */
function overApp(frames) {
  for (let j = 1; j < frames.length; j++) if (frames[j].kind === 'app' && frames[j - 1].kind === 'node_modules') return j;
  return -1;
}


/**
 * The samples whose package frame sits right over an app function, given the app's frames the witnesses had
 * between the two.
 * @param {BlockSample[]} samples @param {BlockSample[]} witnesses @returns {BlockSample[]}
 */
export function between(samples, witnesses) {
  if (witnesses.length < MIN_WITNESSES) return samples;
  /** @type {Map<string, {adjacent: number, middles: Map<string, {frames: Frame[], n: number}>}>} */
  const pairs = new Map();
  const at = (/** @type {string} */ key) => {
    let p = pairs.get(key);
    if (!p) pairs.set(key, (p = { adjacent: 0, middles: new Map() }));
    return p;
  };
  for (const w of witnesses) {
    const f = w.frames;
    for (let i = 0; i < f.length - 1; i++) {
      if (f[i].kind !== 'node_modules' || f[i + 1].kind !== 'app') continue;
      // the app's frames from here out; each of them, with those before it between
      for (let j = i + 1; j < f.length && f[j].kind === 'app'; j++) {
        const p = at(`${functionKey(f[i])}\n${frameKey(f[j])}`);
        if (j === i + 1) { p.adjacent++; continue; }
        const middle = f.slice(i + 1, j);
        const id = middle.map(frameKey).join('\n');
        const m = p.middles.get(id) ?? { frames: middle, n: 0 };
        m.n++;
        p.middles.set(id, m);
      }
    }
  }
  let changed = false;
  const out = samples.map((s) => {
    const k = s.frames.findIndex((x, i) => x.kind === 'node_modules' && s.frames[i + 1]?.kind === 'app');
    if (k < 0) return s;
    const p = pairs.get(`${functionKey(s.frames[k])}\n${frameKey(s.frames[k + 1])}`);
    const best = p ? [...p.middles.values()].sort((a, b) => b.n - a.n)[0] : undefined;
    if (!p || !best || best.n < MIN_WITNESSES || best.n <= 2 * p.adjacent) return s;
    changed = true;
    return { ...s, frames: [...s.frames.slice(0, k + 1), ...best.frames, ...s.frames.slice(k + 1)] };
  });
  return changed ? out : samples;
}


/**
 * The block's samples, those that end in the app's function on a line that calls a package's function
 * the witnesses saw it call, given the frames the witnesses had over it there; and whether any was.
 * @param {BlockSample[]} samples @param {BlockSample[]} witnesses @param {AppSources} sources
 * @returns {{samples: BlockSample[], said: string | null}} said: the sentence the block's advice adds, when samples were given back
 */
export function calledOver(samples, witnesses, sources) {
  if (witnesses.length < MIN_WITNESSES || !samples.some((s) => s.frames[0]?.kind === 'app')) return { samples, said: null };
  /** @type {Map<string, {n: number, callees: Map<string, {frame: Frame, n: number, above: Map<string, {frames: Frame[], line: import('./known-calls.js').SourceLine | null, n: number}>}>}>} */
  const over = new Map();
  /** @type {Map<string, number>} */
  const alone = new Map();
  for (const w of witnesses) {
    if (w.frames[0]?.kind === 'app') alone.set(keyOf(w.frames, 0), (alone.get(keyOf(w.frames, 0)) ?? 0) + 1);
    const j = overApp(w.frames);
    if (j < 0) continue;
    const key = keyOf(w.frames, j);
    const e = over.get(key) ?? { n: 0, callees: new Map() };
    over.set(key, e);
    e.n++;
    const callee = w.frames[j - 1];
    const c = e.callees.get(frameKey(callee)) ?? { frame: callee, n: 0, above: new Map() };
    e.callees.set(frameKey(callee), c);
    c.n++;
    const above = w.frames.slice(0, j);
    const id = above.map(frameKey).join('\n');
    const a = c.above.get(id) ?? { frames: above, line: w.line, n: 0 };
    a.n++;
    c.above.set(id, a);
  }
  if (!over.size) return { samples, said: null };
  /** @type {Map<string, number>} */
  const given = new Map();
  /** @type {Map<string, Frame>} */
  const frames = new Map();
  const out = samples.map((s) => {
    const leaf = s.frames[0];
    if (leaf?.kind !== 'app' || !s.line || (s.line.frameIndex ?? 0) !== 0 || s.line.ambiguous?.length) return s;
    const key = keyOf(s.frames, 0);
    const e = over.get(key);
    if (!e || e.n < MIN_WITNESSES || e.n <= 2 * (alone.get(key) ?? 0)) return s;
    const text = sources.codeLines(leaf.url)?.[s.line.line - 1] ?? '';
    // the callees the running line calls by name, the one the witnesses saw most
    const called = [...e.callees.values()]
      .filter((c) => c.frame.functionName && new RegExp(`(?:^|[^\\w$])${escapeRegExp(methodName(c.frame.functionName))}\\s*\\(`).test(text))
      .sort((a, b) => b.n - a.n)[0];
    if (!called) return s;
    const top = [...called.above.values()].sort((a, b) => b.n - a.n)[0];
    given.set(frameKey(called.frame), (given.get(frameKey(called.frame)) ?? 0) + (s.weightMs > 0 ? s.weightMs : 0));
    frames.set(frameKey(called.frame), called.frame);
    return { ...s, frames: [...top.frames, ...s.frames], line: top.line };
  });
  const best = [...given].sort((a, b) => b[1] - a[1])[0];
  const callee = best ? frames.get(best[0]) : undefined;
  if (!callee) return { samples, said: null };
  const pkg = packageName(callee.url);
  return {
    samples: out,
    said: ` Most of its samples show the app's code alone, on a line that calls ${callee.functionName} (${path.basename(callee.url)}:${callee.line})${pkg ? ` of ${pkg}` : ''}; the stacks the app's thread gave during the capture ran it there, which V8's profiler did not show (compiled into the app's code before the capture began): that time is the package's.`,
  };
}
