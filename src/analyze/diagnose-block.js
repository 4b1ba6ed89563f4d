// One block's diagnosis from its samples: who owned its time (block-owners.js), the culprit named
// with its owner and the app line that called it, the fix that fits that owner and one line of
// advice (remedies.js). Reads the app's files only through `sources`.

import { blockOwners } from './block-owners.js';
import { fixFor, adviceText, verbOf, isDatabase, compilesReusable, runsWhatItParses, managesPromises, buildsStatements, makesParsers, compilesCode, shownPattern } from './remedies.js';
import { buildsFromConstant } from '../sources/constant-build.js';
import { tickCallbackIsApp, microtaskCallbackIsApp } from './causes.js';
import { siteOf } from './frames.js';
import { callLabel, matchKnownCall } from './known-calls.js';
import { asyncCounterpart, declaresCall, yieldingTwin } from '../sources/async-forms.js';
import { awaitedDependent, handlerUse, renderUse, componentUse } from './handler-line.js';
import { loopAround, takesParts } from '../sources/loop-lines.js';
import { rootName } from '../sources/app-sources.js';
import { returnsFunction, makerOf } from '../sources/js-scan.js';
import { evidenceOf } from './culprit-fix.js';

/**
 * @typedef {{functionName: string, url: string, line: number}} Site
 * @typedef {Site & {owner?: import('./time-owners.js').Owner, calledFrom?: Site | null,
 *   lineFrom?: 'profile' | 'source' | 'function' | 'run' | null, lineCandidates?: number[], label?: string}} Culprit
 *   the owner that held most of the block, named by its function; the app line that called it; a label for people
 * @typedef {import('./block-owners.js').BlockOwners} BlockOwners
 * @typedef {import('../sources/app-sources.js').AppSources} AppSources
 */

/**
 * @param {import('./block-samples.js').BlockSample[]} samples
 * @param {{cause: import('./causes.js').Cause, codeCause?: import('./causes.js').Cause, phase: import('./causes.js').Phase, durationMs: number, gcShare: number,
 *   appTop: Site | null, cwd: string, requests?: import('./requests.js').BlockRequestsSummary | null, appFiles?: () => string[],
 *   fix?: import('./remedies.js').Fix, prefer?: string | null}} c fix: the fix decided for the culprit over the run (culprit-fix.js), in place of this block's own;
 *   prefer: the owner the run's other blocks of its route name (block-owners.js, ownerKey()); appTop: the app
 *   frame that held most of the block; requests: the requests that ran in it and waited behind it; appFiles: the app's
 *   files, where a package's block with no app frame finds the line that handed it the work (handler-line.js)
 * @param {AppSources} sources
 */
export function diagnoseBlock(samples, c, sources) {
  const owned = fromHandler(blockOwners(samples, c.durationMs, sources, c.prefer ?? null), c, sources);
  const entryName = owned.entry ? owned.entry.functionName.split('.').pop() ?? '' : '';
  const { sibling: asyncSibling, declared, path: asyncPath = null } = asyncFormOf(owned, entryName, sources);
  const meta = packageMeta(owned, sources);
  const verb = owned.owner?.kind === 'package' || owned.owner?.kind === 'node' ? verbOf(entryName, meta) ?? workVerb(owned, sources) : null;
  const appTick = c.cause === 'nextTick' ? tickCallbackIsApp(owned.stack) : null;
  const appMicrotask = c.cause === 'microtask' && owned.owner?.kind === 'app' ? microtaskCallbackIsApp(samples) : null;
  const lineText = owned.calledFrom ? sources.lines(owned.calledFrom.url)?.[owned.calledFrom.line - 1] ?? null : null;
  const ownerName = owned.owner?.kind === 'package' ? owned.owner.name : null;
  const ownerNames = ownerName ? [...sources.bindingsOf(owned.calledFrom?.url ?? '')].filter(([, spec]) => rootName(spec) === ownerName).map(([n]) => n) : [];
  // at the end of a chain of its methods, only where the function the app entered returns a function (a builder,
  // d3-format's newFormat; not d3-contour's generator, configured by its chain and applied to the data)
  const builtAndCalled = Boolean(ownerName && owned.calledFrom && owned.lineFrom !== 'function') && (callsWhatItBuilds(lineText, ownerNames)
    || (callsWhatItBuilds(lineText, ownerNames, true) && entryBuilds(owned, sources, samples)));
  const promises = managesPromises(meta);
  const ownQueue = promises && c.cause !== 'microtask' && ownerName ? drainsOwnQueue(samples, (f) => f.kind === 'node_modules' && sources.packageOf(f.url)?.name === ownerName) : null;
  // a library call's line, known (not the function's first line), in a loop of its function: the loop's line
  const known = owned.calledFrom && (owned.lineFrom === 'profile' || owned.lineFrom === 'source') ? owned.calledFrom : null;
  const code = known ? sources.codeLines(known.url) : null;
  const appLoop = known && code ? loopAround(code, known.line) : null;
  // a statement built per item of the app's loop; a loop that hands out parts of a list sends multi-row ones already
  const statementLoop = appLoop !== null && known !== null && code !== null && buildsStatements(meta) && !takesParts(code, appLoop, known.line);
  // a parser built from a constant grammar and then run; a compiler's code from a constant source, then run; and
  // whatever the package, what it made from a constant that the app evaluates as code (sucrase's `transform`)
  const parserBuilt = known !== null && code !== null && ((makesParsers(meta) && buildsFromConstant(code, known.line, ownerNames, 'handed'))
    || buildsFromConstant(code, known.line, ownerNames, compilesCode(meta) ? 'run' : 'evaluated'));
  // whatever the package, a tool its call is named for (a pattern, a matcher, a template) made from the module's
  // data, for each rule of a constant list, and applied once to the call's data (`pattern.test(url)`)
  const toolBuilt = !parserBuilt && known !== null && code !== null && buildsFromConstant(code, known.line, ownerNames, 'applied');
  const grammarBuilt = parserBuilt || toolBuilt;
  const extra = { asyncSibling, asyncPath, verb, syncOnly: declared && !isDatabase(meta), reusable: compilesReusable(entryName, meta), language: runsWhatItParses(meta), promises, appTick, appMicrotask, builtAndCalled, codeCause: c.codeCause, ownQueue: ownQueue !== null, statementLoop, grammarBuilt };
  const fix = c.fix ?? fixFor(owned, c.cause, extra);
  const site = (/** @type {{url: string, line: number}} */ f) => siteOf(f, c.cwd);
  const candidateCalls = owned.calledFrom && owned.lineCandidates ? knownCallsOn(owned.calledFrom.url, owned.lineCandidates, sources) : [];
  const loopLine = fix === 'cache-bound-offload' || (fix === 'compile-once' && (statementLoop || toolBuilt)) ? appLoop : null;
  const culprit = culpritOf(owned, c.appTop, site);
  return {
    culprit, owners: owned.owners, call: owned.call, fix, stack: owned.stack,
    // what the fix was read from, for the fix of the culprit over all the blocks it held (culprit-fix.js)
    evidence: evidenceOf(owned, c.cause, extra),
    advice: requestsClause(c.requests, c.durationMs) + adviceText(fix, owned, {
      cause: c.cause, phase: c.phase, durationMs: perRequest(c.requests) ?? c.durationMs, gcShare: c.gcShare, meta, asyncSibling, asyncPath, lineText, verb, site, candidateCalls, loopLine, builtAndCalled, ownQueue, statementLoop, grammarBuilt, toolBuilt,
      workPackage: owned.work ? sources.packageOf(owned.work.site.url)?.name ?? null : null,
    }) + noAppLine(owned, samples, c.requests, site),
  };
}

/**
 * What a call whose name and package say nothing of (node-cache's `get`) spent its time doing: the
 * function that ran most of it, when it ran at least half (clone's `_clone`: a copy), by its name,
 * else by its package's package.json.
 * @param {BlockOwners} o @param {AppSources} sources
 */
function workVerb(o, sources) {
  if (!o.work || o.work.share < WORK_SHARE) return null;
  return verbOf(o.work.site.functionName.split('.').pop() ?? '', null) ?? verbOf(null, sources.packageOf(o.work.site.url));
}

/**
 * The async form the owning package offers for the call that held the block: the package
 * function the app entered, or, for an addon's native call, the methods the calling line names.
 * `declared`: an addon's type declarations declare the call and no async form of it (its API is
 * known to be synchronous only, not unread).
 * @param {BlockOwners} owned @param {string} entryName @param {AppSources} sources
 * @returns {{sibling: string | null, declared: boolean, path?: {took: string, twin: string} | null}} path: the
 *   synchronous path the call took inside its package, beside one that yields (syncPath)
 */
function asyncFormOf(owned, entryName, sources) {
  const kind = owned.owner?.kind;
  const none = { sibling: null, declared: false };
  if (kind !== 'package' && kind !== 'native') return none;
  let entryPkg = owned.entry?.url ? sources.packageOf(owned.entry.url) : null;
  if (kind === 'package') {
    if (!entryPkg) return none;
    const sibling = asyncCounterpart(sources, entryPkg.dir, owned.entry?.url ?? null, [entryName], entryPkg.main, entryPkg.types, false, owned.call?.kind === 'sync-wait');
    return { sibling, declared: false, path: sibling ? null : syncPath(owned, entryPkg.dir, sources) };
  }
  // a native function V8 named (no file; an addon's symbol may be any of its binary's): the addon's own
  // JavaScript on the stack that called it is the call the app made (bcrypto's `derive` around its binding's)
  const wrapper = entryPkg ? null : owned.stack?.find((f) => f.kind === 'node_modules' && sources.packageOf(f.url)?.name === owned.owner?.name);
  if (wrapper) {
    entryPkg = sources.packageOf(wrapper.url);
    entryName = wrapper.functionName.split('.').pop() ?? '';
  }
  const from = owned.calledFrom;
  const pkg = entryPkg ?? (from && owned.specifier && !owned.specifier.startsWith('node:') ? sources.resolvePackage(owned.specifier, from.url) : null);
  if (!pkg) return none;
  const names = entryPkg ? [entryName] : [];
  const text = from ? sources.codeLines(from.url)?.[from.line - 1] ?? '' : '';
  for (const m of text.matchAll(/\.\s*([A-Za-z_$][\w$]*)\s*\(/g)) names.push(m[1]);
  for (const m of text.matchAll(/(?:^|[^.\w$])(?:new\s+)?([A-Za-z_$][\w$]*)\s*\(/g)) if (!KEYWORDS.has(m[1])) names.push(m[1]);
  const file = entryPkg ? (wrapper ?? owned.entry)?.url ?? null : null;
  const called = [...new Set(names)];
  const sibling = asyncCounterpart(sources, pkg.dir, file, called, pkg.main, pkg.types, true);
  return { sibling, declared: !sibling && declaresCall(sources, pkg.dir, file, called, pkg.main, pkg.types) };
}

/**
 * The synchronous path the call took inside its package when the package has one beside it that yields
 * between steps (scrypt-async's `scrypt` runs `calculateSync` unless given an `interruptStep`, and
 * `calculateAsync` otherwise): the first such function of the package on the block's stack under the
 * function the app entered, the nearest to it first, its twin not on the stack.
 * @param {BlockOwners} owned @param {string} pkgDir @param {AppSources} sources
 * @returns {{took: string, twin: string} | null}
 */
function syncPath(owned, pkgDir, sources) {
  const stack = owned.stack ?? [];
  const entryAt = stack.findIndex((f) => f === owned.entry || (f.url === owned.entry?.url && f.functionName === owned.entry?.functionName));
  const names = new Set(stack.map((f) => f.functionName.split('.').pop()));
  // leaf first: from the frame under the entry towards the leaf
  for (let i = (entryAt < 0 ? stack.length : entryAt) - 1; i >= 0; i--) {
    const f = stack[i];
    if (f.kind !== 'node_modules' || sources.packageOf(f.url)?.dir !== pkgDir) continue;
    const took = f.functionName.split('.').pop() ?? '';
    const twin = yieldingTwin(sources, f.url, took);
    if (twin && !names.has(twin)) return { took, twin };
  }
  return null;
}

// Node's scheduler: the frames that run a callback a package scheduled for itself
const SCHEDULERS = new Set(['processImmediate', 'listOnTimeout', 'processTimers', 'processTicksAndRejections']);

/**
 * Whether a package drains a queue of its own: in half or more of the samples its code is on, the
 * outermost frame of code is the package's, right on the callback Node's scheduler ran for it
 * (bluebird's Async.drainQueues from setImmediate, whatever app callbacks its queue runs above). A
 * promise library that does so runs its promise chain there, as V8 runs the microtask queue.
 * @param {import('./block-samples.js').BlockSample[]} samples @param {(f: import('./frames.js').Frame) => boolean} isOwner
 * @returns {string | null} the scheduler's function, or null
 */
export function drainsOwnQueue(samples, isOwner) {
  let mine = 0;
  /** @type {Map<string, number>} */
  const drains = new Map();
  for (const s of samples) {
    if (!s.frames.some(isOwner)) continue;
    mine++;
    const outer = s.frames.findLastIndex((f) => f.kind === 'app' || f.kind === 'node_modules');
    const below = s.frames[outer + 1];
    if (isOwner(s.frames[outer]) && below?.kind === 'node' && SCHEDULERS.has(below.functionName)) drains.set(below.functionName, (drains.get(below.functionName) ?? 0) + 1);
  }
  const [top] = [...drains].sort((a, b) => b[1] - a[1]);
  const n = [...drains.values()].reduce((a, b) => a + b, 0);
  return top && n >= 0.5 * mine ? top[0] : null;
}

/**
 * A package's block with no app frame in any sample of its time (it ran on from its own continuation): the
 * app line that handed it the work, read from the source of the handler of the request the block
 * ran (handler-line.js), `lineFrom` "source".
 * @param {BlockOwners} owned
 * @param {{requests?: import('./requests.js').BlockRequestsSummary | null, appFiles?: () => string[]}} c @param {AppSources} sources
 * @returns {BlockOwners}
 */
function fromHandler(owned, c, sources) {
  // a native addon's call made by a package (a driver under a query builder): the package's use in the app
  const kind = owned.owner?.kind;
  if ((kind !== 'package' && kind !== 'native') || owned.calledFrom || !owned.stack || !c.appFiles) return owned;
  const route = c.requests?.ran[0]?.route ?? null;
  const files = c.appFiles();
  const used = handlerUse(owned.stack, files, route, sources);
  // a view engine the app registered, run from its own file read: the handler's render call
  const rendered = used ? null : renderUse(owned.stack, files, route, sources);
  // else a package's component the app configured (an interceptor put on a controller) that called it
  const configured = used || rendered ? null : componentUse(owned.stack, files, sources);
  const at = used ?? rendered;
  if (configured) {
    return {
      ...owned, calledFrom: { functionName: configured.component, url: configured.url, line: configured.line }, lineFrom: 'source', fromHandler: true,
      configured: { component: configured.component, pkg: configured.pkg },
    };
  }
  if (!at) {
    const dependent = kind === 'package' && owned.owner ? awaitedDependent(owned.stack, files, route, sources) : null;
    if (!dependent) return owned;
    return {
      ...owned, owner: { kind: 'package', name: dependent.pkg, version: dependent.version }, through: owned.owner ?? undefined, specifier: dependent.pkg,
      calledFrom: { functionName: dependent.call, url: dependent.url, line: dependent.line }, lineFrom: 'source', fromHandler: true,
      ...(dependent.inHandler ? {} : { outsideHandler: dependent.inHandler === false }),
    };
  }
  const inHandler = rendered !== null || used?.inHandler === true;
  return {
    ...owned, calledFrom: { functionName: route && inHandler ? `handler of ${route}` : '(anonymous)', url: at.url, line: at.line }, lineFrom: 'source', fromHandler: true,
    ...(inHandler ? {} : { outsideHandler: used?.inHandler === false }),
    ...(rendered ? { engineAt: rendered.engineAt } : {}),
  };
}

/**
 * Why a library's block names no line of the app: none of its samples had an app frame (the
 * package ran on from its own continuation, after an \`await\` or in a callback of its own).
 * @param {BlockOwners} owned @param {import('./block-samples.js').BlockSample[]} samples
 * @param {import('./requests.js').BlockRequestsSummary | null | undefined} requests @param {(f: {url: string, line: number}) => string} site
 */
function noAppLine(owned, samples, requests, site) {
  const kind = owned.owner?.kind;
  if (kind !== 'package' && kind !== 'native' && kind !== 'node') return '';
  if (owned.calledFrom && owned.fromHandler && owned.configured) {
    return `. No line of the app was on the stacks of its time: ${owned.configured.component} of ${owned.configured.pkg}, which the app configured at ${site(owned.calledFrom)}, called it${requests?.ran.length ? ` for ${requests.ran[0].route}` : ''}, read from the stack and the source`;
  }
  if (owned.calledFrom && owned.fromHandler && owned.engineAt) {
    return `. No line of the app was on the stacks of its time (the view engine ran on from its own callback); it is the view engine registered at ${site(owned.engineAt)}, and ${site(owned.calledFrom)}${requests?.ran.length ? `, in the handler of ${requests.ran[0].route},` : ''} is the render that hands it the work, read from the source`;
  }
  if (owned.calledFrom && owned.fromHandler) {
    const handler = owned.outsideHandler === undefined;
    const where = !requests?.ran.length ? '' : handler ? `, in the handler of ${requests.ran[0].route},` : owned.outsideHandler ? `, outside the handler of ${requests.ran[0].route},` : '';
    return `. No line of the app was on the stacks of its time (the package ran on from its own continuation, after an \`await\`); ${site(owned.calledFrom)}${where} is where the app ${handler ? 'hands it the work' : 'uses it'}, read from the source`;
  }
  if (owned.calledFrom) return '';
  if (samples.some((s) => s.frames.some((f) => f.kind === 'app'))) return '';
  return `. No line of the app was on its stack: the package ran on from its own continuation (after an \`await\`, or in a callback of its own), so the call to it is in the app's code that awaited it${requests?.ran.length ? ` (the handler of ${requests.ran[0].route})` : ''}`;
}

/** The share of a call's time one function must run to say what the call does. */
const WORK_SHARE = 0.5;

const KEYWORDS = new Set(['if', 'for', 'while', 'switch', 'catch', 'function', 'return', 'await', 'typeof', 'new', 'require', 'import']);

/**
 * The culprit: the owner's function (the app's own frame when the app owns the time), with the
 * owner, the app line that called it, and a label: "bcryptjs@2.4.3 bcrypt.hashSync ← app.js:19".
 * @param {BlockOwners} o @param {Site | null} appTop @param {(f: {url: string, line: number}) => string} site
 * @returns {Culprit | null}
 */
function culpritOf(o, appTop, site) {
  if (!o.owner) return appTop;
  const kind = o.owner.kind;
  const named = kind === 'app' || kind === 'gc' ? appTop ?? o.entry
    : kind === 'json' ? { functionName: o.owner.name, url: o.calledFrom?.url ?? o.entry?.url ?? '', line: o.calledFrom?.line ?? o.entry?.line ?? 0 }
      : kind === 'native' && o.calledFrom ? { functionName: o.entry?.functionName ?? o.owner.name, url: o.calledFrom.url, line: o.calledFrom.line }
        : o.entry;
  if (!named) return null;
  /** @type {Culprit} */
  const c = { functionName: named.functionName, url: named.url, line: named.line, owner: o.owner, calledFrom: o.calledFrom, lineFrom: o.lineFrom };
  if (o.lineCandidates) c.lineCandidates = o.lineCandidates;
  c.label = labelOf(c, o, site);
  return c;
}

/** @param {Culprit} c @param {BlockOwners} o @param {(f: {url: string, line: number}) => string} site */
function labelOf(c, o, site) {
  const from = c.calledFrom ? ` ← ${site(c.calledFrom)}` : '';
  const owner = /** @type {import('./time-owners.js').Owner} */ (c.owner);
  const v = owner.version ? `@${owner.version}` : '';
  const rx = o.regex && o.regexShare >= 0.3 ? ` RegExp /${shownPattern(o.regex)}/` : '';
  switch (owner.kind) {
    case 'package': return `${owner.name}${v} ${o.through ? `→ ${o.through.name}${o.through.version ? `@${o.through.version}` : ''} ` : ''}${c.functionName}${rx}${from}`;
    case 'node': return `${o.call && o.call.kind !== 'json' ? callLabel(o.call) : `${owner.name} ${c.functionName}`}${o.via ? ` via ${o.via.name}${o.via.version ? `@${o.via.version}` : ''}` : ''}${rx}${from}`;
    case 'native': return `${owner.name}${v} (native)${from}`;
    case 'json': return `${owner.name}${from}`;
    case 'gc': return `garbage collection${from}`;
    default: {
      const at = c.calledFrom ?? c;
      return `${c.functionName} ${site(at)}${o.call?.kind === 'regex' ? ` ${callLabel(o.call)}` : rx}`;
    }
  }
}

/**
 * A line that calls what a call of the package returns at once, `sift(rule.query)(sample)`,
 * `_.template(format)(row)`, or (`chain`) at the end of a chain of its methods, `formatLocale(locale).format(spec)(value)`:
 * a function built from a spec (a query, a template, an expression, a number format) and used once, so built
 * again on every pass. The first call's name must be one the app bound to the
 * package (a decorator of another package applied at start-up, `UseInterceptors(x)(Class)`, is not).
 * @param {string | null} text @param {string[]} names the app file's names bound to the package @param {boolean} [chain]
 */
export function callsWhatItBuilds(text, names, chain = false) {
  if (!text || !names.length) return false;
  const code = text.replace(/(["'`])(?:\\.|(?!\1).)*\1/g, '""').replace(/\/\/.*$/, '');
  const args = String.raw`\((?:[^()]|\([^()]*\))*\)`;
  const methods = chain ? String.raw`(?:\s*\.\s*[A-Za-z_$][\w$]*\s*${args})+` : '';
  const curried = new RegExp(String.raw`(?<![\w$.])([A-Za-z_$][\w$]*)(?:\.[A-Za-z_$][\w$]*)*\s*${args}${methods}\s*\(`, 'g');
  return [...code.matchAll(curried)].some((m) => names.includes(m[1]));
}

// of the package's time in the block, what making the function the line calls must hold to be worth making once
const MAKING_SHARE = 0.2;

/**
 * Whether the package function the app entered returns a function it made; or is such a function, its
 * maker ran in the block too (the line makes it and calls it, `format(spec)(value)`), and making it held
 * a fifth of the package's time: not a generator configured once and applied to the data (d3-contour's).
 * @param {BlockOwners} o @param {AppSources} sources @param {import('./block-samples.js').BlockSample[]} samples
 */
function entryBuilds(o, sources, samples) {
  const e = o.entry;
  const code = e?.url ? sources.codeLines(e.url) : null;
  if (!e || !code) return false;
  const name = e.functionName.split('.').pop() ?? '';
  if (returnsFunction(code, e.line, name)) return true;
  const maker = makerOf(code, e.line, name);
  const pkg = sources.packageOf(e.url)?.dir;
  if (!maker || !pkg) return false;
  let all = 0;
  let making = 0;
  for (const s of samples) {
    if (!s.frames.some((f) => f.kind === 'node_modules' && sources.packageOf(f.url)?.dir === pkg)) continue;
    all += s.weightMs;
    if (s.frames.some((f) => f.url === e.url && f.line === maker.line && f.functionName.split('.').pop() === maker.name)) making += s.weightMs;
  }
  return all > 0 && making / all >= MAKING_SHARE;
}

/**
 * A request's own time, when the block ran several requests of one route back to back: what the
 * advice speaks of (the handler's time), rather than the block's.
 * @param {import('./requests.js').BlockRequestsSummary | null | undefined} r
 */
function perRequest(r) {
  const top = r?.ran[0];
  if (!top || top.count < 2) return null;
  const total = r.ran.reduce((sum, x) => sum + x.count * x.msEach, 0);
  // one route's requests held most of it (a probe's request may have run in between)
  return total > 0 && (top.count * top.msEach) / total >= 0.8 ? top.msEach : null;
}

/**
 * "GET /export ran 11 times back to back in this 1700 ms block, ~150 ms each; 37 other requests
 * waited behind it. Each request: "
 * @param {import('./requests.js').BlockRequestsSummary | null | undefined} r @param {number} durationMs
 */
function requestsClause(r, durationMs) {
  if (!r || !r.ran.length) return '';
  const ms = Math.round(durationMs);
  if (r.ran.length === 1 && r.ran[0].count === 1) return r.waited ? `${r.ran[0].route} ran in this ${ms} ms block; ${r.waited} other request(s) waited behind it. ` : '';
  const ran = r.ran.map((x) => (x.count === 1 ? `${x.route} ran once` : x.msEach >= 1 ? `${x.route} ran ${x.count} times back to back (~${Math.round(x.msEach)} ms each)` : `${x.route} ran ${x.count} times`)).join(', ');
  const waited = r.waited ? `; ${r.waited} other request(s) waited behind it` : '';
  return `${ran} in this ${ms} ms block${waited}. ${perRequest(r) !== null ? 'Each request: ' : ''}`;
}

/**
 * The known calls on some lines of a file ("line 13 calls JSON.parse"): what may have run where the
 * profile cannot tell the lines apart.
 * @param {string} file @param {number[]} lines @param {AppSources} sources
 */
function knownCallsOn(file, lines, sources) {
  const text = sources.lines(file);
  const out = [];
  for (const line of lines) {
    const call = text?.[line - 1] !== undefined ? matchKnownCall([{ functionName: '', url: file, line }], { line, text: text[line - 1] }) : null;
    if (call) out.push(`line ${line} calls ${callLabel(call)}`);
  }
  return out;
}

/** The owner package's package.json fields the advice reads. @param {BlockOwners} o @param {AppSources} sources */
function packageMeta(o, sources) {
  if (o.owner?.kind === 'package' && o.entry) return sources.packageOf(o.entry.url);
  if (o.owner?.kind !== 'native') return null;
  if (o.calledFrom && !o.owner.name.startsWith('node:')) return sources.resolvePackage(o.owner.name, o.calledFrom.url);
  return { name: o.owner.name, keywords: [], description: '' };
}
