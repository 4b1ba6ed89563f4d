// One block's time split by owner (time-owners.js), and its culprit: the owner that held most of
// it, named by its function, with the app line that called into it. Garbage collection is shown
// as an owner of its own, and, for the culprit, credited to the code it collected for (the
// allocation that triggered it: a deep clone's collections are the clone's).

import { ownerOfSample } from './time-owners.js';
import { functionEnd, escapeRegExp, oneCallLine } from '../sources/js-scan.js';
import { loopAround } from '../sources/loop-lines.js';
import { rootName } from '../sources/app-sources.js';
import { isAgentUrl } from './frame-kind.js';
import { packageRegexOn, packageRegexIn, packageFile } from './package-regex.js';
import { spellings } from '../sources/regex-names.js';
import { isLinearRegex } from './regex-linear.js';
import { callsOwnParameter } from '../sources/passed-call.js';
import { lineInCallee } from '../sources/app-callee.js';
import { payloadOwner } from './payload-owner.js';

/**
 * @typedef {import('./frames.js').Frame} Frame
 * @typedef {import('./time-owners.js').Owner} Owner
 * @typedef {import('./time-owners.js').SampleOwner} SampleOwner
 * @typedef {import('./block-samples.js').BlockSample} BlockSample
 * @typedef {import('../sources/app-sources.js').AppSources} AppSources
 * @typedef {{functionName: string, url: string, line: number}} Site
 * @typedef {{kind: Owner['kind'], name: string, version?: string | null, ms: number, share: number}} OwnerShare
 * @typedef {object} BlockOwners
 * @property {OwnerShare[]} owners the block's time by owner, largest first (GC apart)
 * @property {Owner | null} owner the culprit's owner
 * @property {Site | null} entry the owner's function the time is named by
 * @property {Site | null} calledFrom the app's function and the line that called into the owner
 * @property {'profile' | 'source' | 'function' | null} lineFrom how that line is known: the profile's line ticks, the
 *   function's source, or not at all (the function's first line, its source unreadable)
 * @property {{component: string, pkg: string}} [configured] a block a package's component ran for the app, which the
 *   app configured (calledFrom is the line that names it)
 * @property {{url: string, line: number}} [engineAt] a view engine's block: the app line that registered it (calledFrom is
 *   the handler's render call)
 * @property {boolean} [fromHandler] no sample of the owner's had an app frame: calledFrom is the line of the
 *   app's handler that hands it the work, read from the source (handler-line.js)
 * @property {Owner} [through] with fromHandler, the package whose code held the time, under the one the app's awaited
 *   call went to (owner: ethers over noble-hashes, handler-line.js awaitedDependent)
 * @property {boolean} [outsideHandler] with fromHandler, not found in the request's handler: calledFrom is the app's one use
 *   of the package elsewhere, outside that handler (true), or the handler was not found (false)
 * @property {number[] | null} lineCandidates the lines the profile's tick can stand for, when it cannot say which
 * @property {number} ownerMs the culprit owner's time, its collections included
 * @property {number} gcShare of the owner's time, the garbage collection it caused
 * @property {number} queueShare of the owner's code's time (its collections aside, as regexShare and compileShare),
 *   in Node's queue runner with no code on the stack (V8's promise machinery between two continuations: the
 *   chain itself, not the work in it). With the collections counted in, a crowded machine's (a fifth to a
 *   third of a chain's time) moved a run's chain under CHAIN_SHARE (remedies.js)
 * @property {number} regexShare of the owner's time, in a regular expression
 * @property {string | null} regex that expression's pattern
 * @property {number} regexRunMs the longest stretch of the owner's time in regular expressions, its samples
 *   one after the other: one match that backtracks holds it whole, a parser's many short ones a sample or so
 * @property {number} compileShare of the owner's time, compiling
 * @property {number} [intlShare] of the owner's time, making Intl's locale objects (a part of compileShare)
 * @property {import('./known-calls.js').KnownCall | null} call a known call holding 30% of the owner's time
 * @property {Frame[] | null} stack the stack that held most of the owner's time, of those with the
 *   app's or a package's code on them when there are any
 * @property {string | null} specifier the module the owner is, as the app imports it
 * @property {{name: string, version: string | null, functionName: string | null} | null} via the package
 *   between the app and the owner (one of Node's synchronous APIs a package called)
 * @property {{site: Site, share: number} | null} work the innermost code (a package's or the app's) that ran
 *   most of the owner's time, and its share of it: what the owner's call spent its time doing (node-cache's
 *   `get` copying with clone's `_clone`)
 */

/** A known call is named when it holds at least this share of its owner's time. */
const CALL_SHARE = 0.3;
/**
 * An owner that held this share of the top owner's time or more is near enough to name the block when
 * the run's other blocks of the same route name it (attribution.js): two owners of a call that share a
 * block near evenly (a zip package and zlib, a template's escaper and the framework sending its output)
 * swap places from one block to the next.
 */
const PREFERRED_SHARE = 0.75;

/** An owner's identity across blocks. @param {Owner} o */
export const ownerKey = (o) => `${o.kind}\0${o.name}`;

/**
 * @param {BlockSample[]} blockSamples @param {number} durationMs @param {AppSources} sources
 * @param {string | null} [prefer] the owner (ownerKey()) the run's other blocks of this route name: it names this one
 *   too when it held PREFERRED_SHARE of the top owner's time or more
 * @returns {BlockOwners}
 */
export function blockOwners(blockSamples, durationMs, sources, prefer = null) {
  const read = blockSamples.map((s) => ownerOfSample(s.frames, s.line, sources));
  // V8 alone (a microtask block's, attribution.js) is a chain's machinery only between two samples of
  // the same code: before the first, it is the native work that called in (an addon building a query's
  // rows), not a queue
  const kept = read.map((o, i) => !blockSamples[i].vm || enclosed(read, i));
  const samples = blockSamples.filter((_, i) => kept[i]);
  const owned = creditQueue(read.filter((_, i) => kept[i]));
  const total = samples.reduce((sum, s) => sum + s.weightMs, 0);
  const even = !(total > 0);
  const weight = (/** @type {BlockSample} */ s) => (even ? durationMs / samples.length : s.weightMs);

  /** @type {Map<string, {owner: Owner, ms: number}>} */ const shown = new Map();
  /** @type {Map<string, {owner: Owner, ms: number, gcMs: number, queueMs: number, items: number[]}>} */ const credited = new Map();
  owned.forEach((o, i) => add(shown, o.key, o.owner, weight(samples[i])));
  owned.forEach((o, i) => {
    const w = weight(samples[i]);
    // a collection is the allocating code's: the code with a stack next to it
    const around = o.owner.kind === 'gc' ? nearestNonGc(owned, i, shown) : i;
    const c = owned[around] ?? o;
    const entry = credited.get(c.key) ?? { owner: c.owner, ms: 0, gcMs: 0, queueMs: 0, items: [] };
    entry.ms += w;
    if (o.queue) entry.queueMs += w;
    if (o.owner.kind === 'gc') entry.gcMs += w;
    else entry.items.push(i);
    credited.set(c.key, entry);
  });
  const shownTotal = [...shown.values()].reduce((sum, v) => sum + v.ms, 0) || 1;
  // time no sample stands for (a profile chunk began inside the block) is spread as the samples are
  const scale = even ? 1 : Math.max(1, durationMs / shownTotal);
  const owners = [...shown.values()].sort((a, b) => b.ms - a.ms).map((v) => ({
    ...v.owner, ms: round(v.ms * scale), share: round3((v.ms * scale) / (durationMs || 1)),
  }));
  const ranked = [...credited.values()].filter((c) => c.items.length).sort((a, b) => b.ms - a.ms);
  const preferred = prefer ? ranked.find((c) => ownerKey(c.owner) === prefer && c.ms >= PREFERRED_SHARE * ranked[0].ms) : undefined;
  const best = preferred ?? payloadOwner(ranked, owned, samples, samples.map(weight), shownTotal) ?? ranked[0];
  if (!best) {
    return { owners, owner: owners.length ? { kind: 'gc', name: 'garbage collection' } : null, entry: null, calledFrom: null, lineFrom: null, lineCandidates: null, ownerMs: 0, gcShare: owners.length ? 1 : 0, queueShare: 0, regexShare: 0, regex: null, regexRunMs: 0, compileShare: 0, call: null, stack: null, specifier: null, via: null, work: null };
  }
  const mine = best.items.map((i) => ({ o: owned[i], s: samples[i], w: weight(samples[i]) }));
  const ownWeight = mine.reduce((sum, m) => sum + m.w, 0) || 1;
  const entry = heaviest(mine, (m) => m.o.entry && site(m.o.entry));
  const { appFrame, viaApp, found } = choosingApp(mine, best.owner, sources);
  // a package that makes a regular expression on each call (its makeRe on the samples) runs each new
  // one soon after: V8 compiles a regex on its first run, on the running line with no `RegExp:` frame
  // of its own, so that line's unnamed regex time is compiling, not matching
  const madeRegex = mine.some((m) => m.o.makesRegex);
  const compiledRegex = (/** @type {SampleOwner} */ o) => madeRegex && o.regex === '';
  const regexItems = mine.filter((m) => m.o.regex !== null && !compiledRegex(m.o));
  const calls = new Map();
  for (const m of mine) {
    if (!m.o.call) continue;
    const key = `${m.o.call.kind}\0${m.o.call.name}\0${m.o.call.frame.url}\0${m.o.call.frame.line}\0${m.o.call.pattern ?? ''}`;
    const c = calls.get(key) ?? { call: m.o.call, w: 0 };
    c.w += m.w;
    calls.set(key, c);
  }
  const topCall = [...calls.values()].sort((a, b) => b.w - a.w)[0];
  const { line, from, candidates } = found;
  // the stack shown: one with code on it, when any sample has some; Node's scheduler alone (the
  // frame between two callbacks, or a gap the profiler could not sample ending there) says nothing
  const withCode = mine.filter((m) => m.s.frames.some((f) => f.kind === 'app' || f.kind === 'node_modules'));
  const stack = heaviest(withCode.length ? withCode : mine, (m) => m.s.frames);
  const runMs = (/** @type {(i: number) => string | null} */ key) => round(longestRun(best.items, key, runWeight(samples, weight)) * scale);
  /** @type {BlockOwners} */
  const base = {
    owners,
    owner: best.owner,
    entry: entry && appFrame && line !== null ? namedByCall(entry, best.owner, appFrame.url, line, sources) : entry,
    calledFrom: appFrame ? { functionName: appFrame.functionName, url: appFrame.url, line: line ?? appFrame.line } : null,
    lineFrom: appFrame ? from ?? /** @type {const} */ ('function') : null,
    lineCandidates: candidates,
    ownerMs: round(best.ms * scale),
    gcShare: round3(best.gcMs / (best.ms || 1)),
    queueShare: round3(best.queueMs / ((best.ms - best.gcMs) || 1)),
    regexShare: round3(regexItems.reduce((sum, m) => sum + m.w, 0) / ownWeight),
    regex: heaviest(regexItems, (m) => m.o.regex),
    regexRunMs: runMs((i) => (compiledRegex(owned[i]) ? null : regexKey(owned[i], samples[i]))),
    compileShare: round3(mine.filter((m) => m.o.compile || compiledRegex(m.o)).reduce((sum, m) => sum + m.w, 0) / ownWeight),
    intlShare: round3(mine.filter((m) => m.o.intl).reduce((sum, m) => sum + m.w, 0) / ownWeight),
    call: topCall && topCall.w >= CALL_SHARE * ownWeight ? topCall.call : null,
    stack,
    specifier: mine.find((m) => m.o.specifier)?.o.specifier ?? null,
    via: mine.find((m) => m.o.via)?.o.via ?? null,
    work: workOf(mine, ownWeight),
  };
  return best.owner.kind === 'app' && appFrame && from !== 'source' ? packageMadeRegex(base, { appFrame, line, from, mine, ownWeight, scale, durationMs, sources, runMs, owned }) : base;
}

/**
 * The app's block spent in a regex a package made (package-regex.js): the package's, at the line
 * that runs it. The regex is seen by its `RegExp:` frame, or, compiled before the profile began, as
 * the own time of a line that runs it (no frame of its own): half the app's time or more, either way.
 * @param {BlockOwners} o
 * @param {{appFrame: Frame, line: number | null, from: 'profile' | 'source' | null, mine: {o: SampleOwner, s: BlockSample, w: number}[], ownWeight: number,
 *   scale: number, durationMs: number, sources: AppSources, runMs: (key: (i: number) => string | null) => number, owned: SampleOwner[]}} c
 * @returns {BlockOwners}
 */
function packageMadeRegex(o, c) {
  let { regexShare, regexRunMs } = o;
  let made = null;
  if (regexShare >= 0.5) made = c.from === 'profile' && c.line !== null ? packageRegexOn(c.appFrame.url, c.line, c.sources) : packageRegexIn(c.appFrame, c.sources);
  else if (c.from === 'profile' && c.line !== null) {
    const onLine = (/** @type {SampleOwner} */ s) => s.appIndex === 0 && s.appLine === c.line;
    const share = c.mine.filter((m) => onLine(m.o)).reduce((sum, m) => sum + m.w, 0) / c.ownWeight;
    made = share >= 0.5 ? packageRegexOn(c.appFrame.url, c.line, c.sources) : null;
    if (made) {
      regexShare = round3(share);
      regexRunMs = c.runMs((i) => (onLine(c.owned[i]) ? 'line' : null));
    }
  }
  if (!made) return o;
  const owner = { kind: /** @type {const} */ ('package'), name: made.package.name, version: made.package.version };
  // the regex's time moves from the app's share of the block to the package's
  const ms = round(regexShare * o.ownerMs);
  const owners = [...o.owners.map((x) => (x.kind === 'app' ? { ...x, ms: round(x.ms - ms), share: round3((x.ms - ms) / (c.durationMs || 1)) } : x)), { ...owner, ms, share: round3(ms / (c.durationMs || 1)) }]
    .filter((x) => x.ms > 0).sort((a, b) => b.ms - a.ms);
  return {
    ...o, owners, owner, regexShare, regexRunMs,
    entry: { functionName: made.callee, url: packageFile(made.package), line: 0 },
    calledFrom: { functionName: c.appFrame.functionName, url: c.appFrame.url, line: made.line },
    lineFrom: c.from ?? 'source', specifier: made.specifier,
  };
}

/**
 * The app's frame that called into the owner, and its line: the innermost app frame that held most of
 * the owner's time; but when no line of it calls what ran and its function calls what it was handed (a pool's
 * `async (fn) => { ... return await fn(conn) }`, seen in a capture's async frames), the next app frame
 * out, whose function wrote the call (`withConnection((conn) => conn.query(sql))`), when a line of it is.
 * @param {{o: SampleOwner, s: BlockSample, w: number}[]} mine @param {Owner} owner @param {AppSources} sources
 */
function choosingApp(mine, owner, sources) {
  const appFrame = heaviest(mine, (m) => (m.o.appIndex >= 0 ? m.s.frames[m.o.appIndex] : null));
  const viaApp = appFrame ? mine.filter((m) => m.o.appIndex >= 0 && sameSite(m.s.frames[m.o.appIndex], appFrame)) : [];
  const found = appFrame ? callingLine(appFrame, viaApp, owner, sources) : { line: null, from: null, candidates: null };
  // a wrapper's line found only by a use of the package's names (a pool that makes its connections, `connect()`)
  const code = appFrame && (found.line === null || found.byUse) ? sources.codeLines(appFrame.url) : null;
  if (!appFrame || !code || !callsOwnParameter(code, appFrame.line, appFrame.column)) return { appFrame, viaApp, found };
  const outer = viaApp.flatMap((m) => {
    const i = m.s.frames.findIndex((f, j) => j > m.o.appIndex && f.kind === 'app');
    return i < 0 ? [] : [{ ...m, o: { ...m.o, appIndex: i, appLine: null } }];
  });
  const outerFrame = heaviest(outer, (m) => m.s.frames[m.o.appIndex]);
  if (!outerFrame) return { appFrame, viaApp, found };
  const via = outer.filter((m) => sameSite(m.s.frames[m.o.appIndex], outerFrame));
  const then = callingLine(outerFrame, via, owner, sources);
  return then.line === null || (found.line !== null && then.byUse) ? { appFrame, viaApp, found } : { appFrame: outerFrame, viaApp: via, found: then };
}

/**
 * The innermost code frame that held most of the owner's time, and its share of it.
 * @param {{s: BlockSample, w: number}[]} mine @param {number} ownWeight
 */
function workOf(mine, ownWeight) {
  const innermost = (/** @type {BlockSample} */ s) => s.frames.find((f) => (f.kind === 'node_modules' || f.kind === 'app') && !isAgentUrl(f.url));
  const top = heaviest(mine, (m) => {
    const f = innermost(m.s);
    return f ? site(f) : null;
  });
  if (!top) return null;
  let w = 0;
  for (const m of mine) {
    const f = innermost(m.s);
    if (f && sameSite(f, top)) w += m.w;
  }
  return { site: top, share: round3(w / ownWeight) };
}

/**
 * A sample's weight in a stretch: at most twice the block's median sample. A sample the profiler took
 * late (its thread starved on a busy machine) stands for the whole gap, which a parser's next few
 * matches and its own code shared; a match that backtracks is long in samples, not in one sample.
 * @param {BlockSample[]} samples @param {(s: BlockSample) => number} weight
 * @returns {(i: number) => number}
 */
function runWeight(samples, weight) {
  const sorted = samples.map(weight).sort((a, b) => a - b);
  const cap = 2 * (sorted[Math.floor(sorted.length / 2)] ?? 0);
  return (i) => Math.min(weight(samples[i]), cap);
}

/**
 * Which regex a sample ran, for a run of them: its pattern, or for one whose pattern the source does
 * not spell (''), the line that ran it, so that two such regexes are never one run; on a line that runs
 * a table's patterns one after the other (regex-table.js), the sample alone: no two of its samples are
 * known to be one match.
 * None for a pattern of a shape that cannot backtrack (regex-linear.js: `text.split(/[\r\n]+/)` of a
 * whole file): a long time in it is one pass over a large input, never a match that backtracks.
 * @param {SampleOwner} o @param {BlockSample} s @returns {string | null}
 */
const regexKey = (o, s) => (o.regex === null || isLinearRegex(o.regex) ? null : o.regex || (s.line?.regexTable ? `\0table ${s.t}` : `\0${s.frames[0]?.url}:${s.line?.line}`));

// a stretch in one pattern this long, of two samples or more, is one long match (or many of one pattern
// back to back); such stretches one after the other are one stretch of the call that ran them
const SEGMENT_MS = 15;

/**
 * The longest run of consecutive samples (indexes one after the other) in the same regex, in ms: one
 * match that backtracks stays in its pattern; a parser's many short matches go from one pattern to
 * the next, and to its own code between them. Long stretches in one pattern after another are one
 * run: a table of patterns, each backtracking on the same input in turn (timespan's unit patterns,
 * `/(\d+)minute[s]?/` then `/(\d+)day[s]?/`, each quadratic on a long run of digits), where a
 * parser's switch from one pattern to the next comes every sample or two.
 * @param {number[]} items sample indexes, ascending @param {(i: number) => string | null} pattern
 *   the regex a sample ran, or null @param {(i: number) => number} ms
 */
function longestRun(items, pattern, ms) {
  let longest = 0;
  let run = 0;
  let count = 0;
  let chain = 0;
  let previous = -2;
  /** @type {string | null} */ let last = null;
  const long = () => count >= 2 && run >= SEGMENT_MS;
  for (const i of items) {
    const p = pattern(i);
    const next = i === previous + 1;
    if (p === null) {
      run = 0;
      count = 0;
      chain = 0;
    } else if (next && p === last) {
      run += ms(i);
      count++;
    } else {
      chain = next && last !== null && long() ? chain + run : 0;
      run = ms(i);
      count = 1;
    }
    longest = Math.max(longest, run, long() ? chain + run : 0);
    previous = i;
    last = p;
  }
  return longest;
}

/**
 * The line of the app's function that called into the owner: the profile's, where the app frame
 * was the one running (its line ticks, or a native leaf's); else read from the function's source:
 * the line that calls the owner's function by name, or uses a name bound to the owner's module.
 * @param {Frame} app @param {{o: SampleOwner, s: BlockSample, w: number}[]} mine @param {Owner} owner @param {AppSources} sources
 * @returns {{line: number | null, from: 'profile' | 'source' | null, candidates: number[] | null, byUse?: true}} byUse: the line
 *   uses a name bound to the owner's module, and calls none of the functions that ran
 */
function callingLine(app, mine, owner, sources) {
  const ticked = heaviest(mine.filter((m) => m.o.appLine !== null), (m) => m.o.appLine);
  if (ticked !== null) {
    // a line that calls none of the package's names, but a function of the file that does (its frame gone: inlined, or
    // compiled before a capture's profiler started): that function's line
    const inner = owner.kind === 'package' ? lineInCallee(sources.codeLines(app.url) ?? [], ticked, ticked, packageNames(app.url, mine, owner, sources)) : null;
    return inner !== null ? { line: inner, from: 'source', candidates: null } : { line: ticked, from: 'profile', candidates: null };
  }
  const ambiguous = mine.find((m) => m.s.line?.ambiguous?.length && (m.s.line.frameIndex ?? 0) === m.o.appIndex)?.s.line;
  const code = sources.codeLines(app.url);
  if (code && app.line >= 1) {
    const start = app.line - 1;
    const end = functionEnd(code, start, Math.max(0, app.column - 1));
    // the names the app's function called into the owner by, the heaviest first: a cheap call of the
    // same package on an earlier line (image-q's PointContainer.fromUint8Array before its
    // applyPaletteSync) is not the calling line of the time
    const names = ownerNames(app.url, mine, sources);
    // a bundle's minified function right under the app's frame (compromise's `h`, its default export) is called
    // by a name the file binds to the module, bare: `nlp(text)`, weighed as that function
    const BARE = '\0bare';
    /** @type {Map<string, number>} */
    const called = new Map();
    for (const m of mine) {
      const e = m.o.appIndex > 0 ? m.s.frames[m.o.appIndex - 1] : null;
      for (const f of new Set([m.o.entry, e])) {
        const minified = f && f === e && names.length > 0 && isMinifiedName(f, sources);
        const own = f && f !== m.s.frames[m.o.appIndex] ? (minified ? [BARE] : calleeNames(f.functionName)) : [];
        const protocol = f && !own.length && f !== m.s.frames[m.o.appIndex] ? regexProtocolName(f, sources) : null;
        for (const name of protocol ? [protocol] : own) called.set(name, (called.get(name) ?? 0) + m.w);
      }
    }
    const bare = new RegExp(`(?:^|[^\\w$.])(?:${names.map(escapeRegExp).join('|')})\\s*\\(`);
    /** @param {string} name @returns {RegExp} */
    const testOf = (name) => (name === BARE ? bare : new RegExp(`(?:^|[^\\w$])${escapeRegExp(name)}\\s*(?:\\(|\`)`));
    // no line calls what ran: a line that uses the package's names (or JSON's call) instead
    /** @type {RegExp[]} */
    const uses = names.map((n) => new RegExp(`(?:^|[^\\w$.])${escapeRegExp(n)}\\s*[.(\`[]`));
    if (owner.kind === 'json') uses.unshift(new RegExp(`JSON\\.${owner.name.split('.')[1] ?? ''}\\s*\\(`));
    const candidates = ambiguous ? [ambiguous.line, ...(ambiguous.ambiguous ?? [])] : null;
    const bound = names.length > 0;
    // the function's first line is its header (app.get('/x', (req, res) => {), unless the body is on it too
    const first = end > start ? start + 1 : start;
    const spelled = regexLine(mine, code, sources.lines(app.url) ?? [], sources.regexNames(app.url), first, end);
    if (spelled !== null) return { line: spelled + 1, from: 'source', candidates: null };
    // of the lines that call it, one in a loop: a handler that calls doc.text( once for the title and
    // then for each of the request's items spent its time in the loop
    /** @param {RegExp} t @returns {number | undefined} */
    const lineOf = (t) => {
      const calls = [];
      for (let l = first; l <= end; l++) if (t.test(code[l])) calls.push(l);
      return calls.find((l) => loopAround(code, l + 1) !== null) ?? calls[0];
    };
    // the line that holds most of what ran: the package's functions called on one line add up (big.js's
    // `balance.times(r).round(2)` in the loop holds times and round; its `div` on a line before the loop,
    // heavier than either alone in a block's few samples, less than both)
    const held = heaviest([...called].flatMap(([name, w]) => {
      const line = lineOf(testOf(name));
      return line === undefined ? [] : [{ line, w }];
    }), (x) => x.line);
    if (held !== null) return { line: held + 1, from: 'source', candidates };
    for (const t of uses) {
      const call = lineOf(t);
      if (call !== undefined) return { line: call + 1, from: 'source', candidates, byUse: true };
    }
    // the package's functions the entry called next: an entry V8 names that only passes the call on (axios's
    // `wrap` of bind.js, `return fn.apply(thisArg, arguments)`) is reached by the name of the one it calls (`client.getUri(`)
    /** @type {Map<string, number>} */
    const deeper = new Map();
    for (const m of mine) {
      for (const f of m.s.frames.slice(Math.max(0, m.o.appIndex - FORWARDED), Math.max(0, m.o.appIndex - 1))) {
        if (f.kind === 'node_modules') for (const name of calleeNames(f.functionName)) deeper.set(name, (deeper.get(name) ?? 0) + m.w);
      }
    }
    const passedOn = heaviest([...deeper].flatMap(([name, w]) => {
      const line = called.has(name) ? undefined : lineOf(testOf(name));
      return line === undefined ? [] : [{ line, w }];
    }), (x) => x.line);
    if (passedOn !== null) return { line: passedOn + 1, from: 'source', candidates };
    // no line of the function names what ran, and the frame's own line calls a function of the file that calls the package (that function's frame gone)
    const inner = owner.kind === 'package' ? lineInCallee(code, start + 1, end + 1, packageNames(app.url, mine, owner, sources), [...called.keys()].filter((n) => n !== BARE)) : null;
    if (inner !== null) return { line: inner, from: 'source', candidates: null };
    // the file binds the package, and no line of the function names what ran: it called what the
    // package returned, through a property (path-to-regexp's matcher as `route.match(link)`), on the
    // function's one line that calls anything; when the frame's position is where the function's
    // parameters are, as V8 gives it (a bundle's source map may point elsewhere on the line)
    const only = bound && startsParams(code[start], app.column - 1) ? oneCallLine(code, first, end) : null;
    if (only !== null) return { line: only + 1, from: 'source', candidates, byUse: true };
  }
  return { line: null, from: null, candidates: ambiguous ? [ambiguous.line, ...(ambiguous.ambiguous ?? [])] : null };
}

/** How many frames in from the app's a function the app named may be, past the package's forwarders. */
const FORWARDED = 3;

/**
 * The names a file binds to the owner's module (the specifier its samples were imported by).
 * @param {string} file @param {{o: SampleOwner}[]} mine @param {AppSources} sources
 */
function ownerNames(file, mine, sources) {
  const spec = mine.find((m) => m.o.specifier)?.o.specifier;
  return spec ? [...sources.bindingsOf(file)].filter(([, s]) => sameModule(s, spec)).map(([n]) => n) : [];
}

/**
 * The names a file binds to the owner's module, or, when no sample says which specifier it was imported
 * by, to the owner package by name.
 * @param {string} file @param {{o: SampleOwner}[]} mine @param {Owner} owner @param {AppSources} sources
 */
function packageNames(file, mine, owner, sources) {
  const names = ownerNames(file, mine, sources);
  return names.length || owner.kind !== 'package' ? names : [...sources.bindingsOf(file)].filter(([, s]) => rootName(s) === owner.name).map(([n]) => n);
}

/** Whether a function's parameters start at this column of a code line: `(link) {`, `(t) =>`, `t =>`. @param {string | undefined} line @param {number} column */
const startsParams = (line, column) => /^(?:\(|[\w$]+\s*=>)/.test((line ?? '').slice(Math.max(0, column)));

/**
 * A regex's samples may all be in its own frame (`RegExp: <pattern>`), which has no line: the
 * calling line is then the first of the function's (first..end, 0-based) that spells the pattern,
 * as a literal or a string, or names a regex the file declares with it. Null when none does.
 * @param {{o: SampleOwner}[]} mine @param {string[]} code codeOnly lines @param {string[]} raw
 * @param {Map<string, string>} names @param {number} first @param {number} end @returns {number | null}
 */
function regexLine(mine, code, raw, names, first, end) {
  for (const pattern of new Set(mine.map((m) => m.o.regex).filter((p) => p))) {
    const p = /** @type {string} */ (pattern);
    const { literal, string } = spellings(p);
    const named = [...names].filter(([, declared]) => declared === p).map(([n]) => new RegExp(`(?:^|[^\\w$.])${escapeRegExp(n)}(?:[^\\w$]|$)`));
    for (let l = first; l <= end; l++) {
      if (literal.test(code[l]) || named.some((t) => t.test(code[l]))) return l;
      // a string's quotes survive codeOnly, its text does not: the raw line's, opened in code
      for (const m of (raw[l] ?? '').matchAll(string)) if (code[l][m.index] === m[1]) return l;
    }
  }
  return null;
}

/**
 * A package's function V8 names by no name a caller writes (mathjs's typed functions are named by
 * their signatures: "string, Map | Object"; a bundle's minified `W`; an arrow function a bundler
 * assigned to an export, which V8 calls `(anonymous)`: @aws-sdk/util-dynamodb's `unmarshall`): named
 * instead as the app's calling line calls it, a member of a name the file binds to that package
 * (`math.evaluate`), or for a minified or anonymous one a name the file imports from it, called bare
 * and alone. Else as it is.
 * @param {Site} entry @param {Owner} owner @param {string} file @param {number} line @param {AppSources} sources
 * @returns {Site}
 */
function namedByCall(entry, owner, file, line, sources) {
  const anonymous = entry.functionName === '(anonymous)';
  if (owner.kind !== 'package' || (entry.functionName.startsWith('(') && !anonymous)) return entry;
  const minified = anonymous || isMinifiedName(entry, sources);
  if (/^[\w$.]+$/.test(entry.functionName) && !minified) return entry;
  const code = sources.codeLines(file)?.[line - 1];
  if (!code) return entry;
  const bindings = sources.bindingsOf(file);
  const ofOwner = (/** @type {string} */ name) => {
    const spec = bindings.get(name);
    return spec !== undefined && rootName(spec) === owner.name;
  };
  for (const m of code.matchAll(/\b([A-Za-z_$][\w$]*)\s*\.\s*([A-Za-z_$][\w$]*)\s*\(/g)) {
    if (ofOwner(m[1])) return { ...entry, functionName: `${m[1]}.${m[2]}` };
  }
  // a bundle's minified function, called by a name the file imports bare (`compareSync(` of bcrypt-ts, run as `W`)
  if (minified) {
    const bare = [...new Set([...code.matchAll(/(?:^|[^.\w$])([A-Za-z_$][\w$]*)\s*\(/g)].map((m) => m[1]).filter(ofOwner))];
    if (bare.length === 1) return { ...entry, functionName: bare[0] };
  }
  return entry;
}

/**
 * A bundler's name for a function: two characters at most, on a line of minified code (over 500
 * characters). @param {Site} entry @param {AppSources} sources
 */
function isMinifiedName(entry, sources) {
  return /^[\w$]{1,2}$/.test(entry.functionName) && (sources.lines(entry.url)?.[entry.line - 1]?.length ?? 0) > 500;
}

/**
 * The names a caller writes to call a function V8 names so: "bcrypt.hashSync" -> hashSync. A function
 * assigned to two names of one object (big.js's `P.times = P.mul = function (y)`, which V8 names
 * "P.times.P.mul") is called by either: mul, then times.
 * @param {string} name @returns {string[]}
 */
function calleeNames(name) {
  const parts = name.replace(/^(?:bound |get |set |async )/, '').split('.');
  const aliases = parts.length >= 4 && parts.length % 2 === 0 && parts.every((p, i) => i % 2 === 1 || p === parts[0]);
  const names = aliases ? parts.filter((_, i) => i % 2 === 1).reverse() : parts.slice(-1);
  return names.filter((n) => /^[A-Za-z_$][\w$]*$/.test(n) && n !== 'anonymous');
}

/**
 * The string method that calls a regex's protocol method (`[Symbol.replace]` of a RegExp subclass:
 * babel's wrapRegExp, core-js's polyfills, re2): `replace` calls it, and is what the app's line writes.
 * V8 names such a method `Class.<computed>`, so its own source line says which it is.
 * @param {Frame} f @param {AppSources} sources @returns {string | null}
 */
function regexProtocolName(f, sources) {
  const symbol = /\[Symbol\.(replace|replaceAll|match|matchAll|split|search)\]/;
  const named = symbol.exec(f.functionName);
  if (named) return named[1];
  if (!f.functionName.endsWith('<computed>') || !f.url) return null;
  return symbol.exec(sources.codeLines(f.url)?.[f.line - 1] ?? '')?.[1] ?? null;
}

/** @param {string} a @param {string} b two module specifiers: the same module? */
function sameModule(a, b) {
  const strip = (/** @type {string} */ s) => s.replace(/^node:/, '');
  const x = strip(a);
  const y = strip(b);
  return x === y || x.startsWith(`${y}/`) || y.startsWith(`${x}/`);
}

/**
 * Samples of Node's queue runner alone (V8's promise machinery between two continuations, a callback
 * inlined into the drain) are the time of the callbacks it runs: each takes the owner of the nearest
 * sample whose owner is code (the app's, a package's, an addon's, JSON), before it or after, as a
 * collection does; with none, it stays the app's. Not a Node API's: the app's own callbacks that
 * schedule the next one (process.nextTick, setImmediate) are sampled in them often.
 * @param {SampleOwner[]} owned @returns {SampleOwner[]}
 */
function creditQueue(owned) {
  return owned.map((o, i) => {
    if (!o.queue) return o;
    let j = -1;
    for (let k = 1; k < owned.length && j < 0; k++) {
      if (i - k >= 0 && code(owned[i - k])) j = i - k;
      else if (i + k < owned.length && code(owned[i + k])) j = i + k;
    }
    return j < 0 ? o : { ...o, owner: owned[j].owner, key: owned[j].key };
  });
}

/** A sample of code: an owner's that is not Node's, a collection or a queue runner. @param {SampleOwner} o */
const code = (o) => !o.queue && o.owner.kind !== 'gc' && o.owner.kind !== 'node';

/**
 * The nearest samples of code before and after sample i have the same owner.
 * @param {SampleOwner[]} owned @param {number} i
 */
function enclosed(owned, i) {
  let before = i - 1;
  while (before >= 0 && !code(owned[before])) before--;
  let after = i + 1;
  while (after < owned.length && !code(owned[after])) after++;
  return before >= 0 && after < owned.length && owned[before].key === owned[after].key;
}

/**
 * The sample a collection is credited to: the code with a stack next to it. V8 collects inside an
 * allocation, so the code after it triggered it, but the garbage may be the code's before it: when the two
 * differ, the one whose owner held more of the block's samples is taken (the parse that fills the heap, not
 * the previous response's write before it nor the small serialisation after it); the one before on a tie.
 * @param {SampleOwner[]} owned @param {number} i @param {Map<string, {ms: number}>} held
 */
function nearestNonGc(owned, i, held) {
  let before = i - 1;
  while (before >= 0 && owned[before].owner.kind === 'gc') before--;
  let after = i + 1;
  while (after < owned.length && owned[after].owner.kind === 'gc') after++;
  if (before < 0) return after < owned.length ? after : i;
  if (after >= owned.length) return before;
  const ms = (/** @type {number} */ j) => held.get(owned[j].key)?.ms ?? 0;
  return ms(after) > ms(before) ? after : before;
}

/**
 * The value with the most weight among items.
 * @template T, V @param {(T & {w: number})[]} items @param {(item: T & {w: number}) => V | null} valueOf @returns {V | null}
 */
function heaviest(items, valueOf) {
  /** @type {Map<any, {v: V, w: number}>} */
  const sums = new Map();
  for (const item of items) {
    const v = valueOf(item);
    if (v === null || v === undefined) continue;
    const key = typeof v === 'object' && v !== null && !Array.isArray(v) && 'url' in v ? `${/** @type {any} */ (v).functionName}\0${/** @type {any} */ (v).url}\0${/** @type {any} */ (v).line}` : v;
    const s = sums.get(key) ?? { v, w: 0 };
    s.w += item.w;
    sums.set(key, s);
  }
  return [...sums.values()].sort((a, b) => b.w - a.w)[0]?.v ?? null;
}

/** @param {Map<string, {owner: Owner, ms: number}>} map @param {string} key @param {Owner} owner @param {number} w */
function add(map, key, owner, w) {
  const v = map.get(key) ?? { owner, ms: 0 };
  v.ms += w;
  map.set(key, v);
}

/** @param {Frame} f @returns {Site} */
const site = (f) => ({ functionName: f.functionName, url: f.url, line: f.line });
/** @param {Frame} f @param {Site | null} s */
const sameSite = (f, s) => s !== null && f.functionName === s.functionName && f.url === s.url && f.line === s.line;
/** @param {number} n */
const round = (n) => Math.round(n * 100) / 100;
/** @param {number} n */
const round3 = (n) => Math.round(n * 1000) / 1000;
