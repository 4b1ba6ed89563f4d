// The fix for a block, from who owned its time (block-owners.js) rather than from where it ran:
// a library call cannot be split with setImmediate, a regex inside a dependency is fixed by
// bounding its input and upgrading it, a native addon's call by making its work cheaper, a deep
// copy by copying less. One line of advice each, naming the owner, its version and the app line.

import { callFix } from './known-calls.js';
import { phaseName } from './causes.js';

/**
 * @typedef {'async-form' | 'cache-bound-offload' | 'compile-once' | 'regex-dependency' | 'regex-app' | 'native-sync'
 *   | 'allocation' | 'payload' | 'own-loop' | 'microtask' | 'nextTick' | 'startup'} Fix
 * @typedef {import('./block-owners.js').BlockOwners} BlockOwners
 * @typedef {import('./causes.js').Cause} Cause
 * @typedef {import('./causes.js').Phase} Phase
 * @typedef {{name: string, keywords: string[], description: string} | null} PackageMeta
 */

/** The owner's collections at least this share of its time: the fix is to allocate less. */
const ALLOCATION_SHARE = 0.4;
/**
 * A regex at least this share of a package's time is the package's problem... A match that backtracks
 * takes the block whole: the corpus's 24 ReDoS cases (22 packages) were 94-100% of their blocks in one
 * regex; parsers, template engines and query builders that run many matches, or one over a large
 * input (papaparse, mustache's escape, node-html-parser, html-minifier-terser, knex), 31-65%, and
 * their samples also made stretches of 50 ms in one pattern (run, 10 ms profile, 2026-11-28).
 */
const REGEX_SHARE = 0.8;
/**
 * ...when one stretch of it, samples one after the other in the same pattern, lasts this long: one
 * match, not many (the ReDoS cases: 70 ms and more). A stretch keeps to one pattern and counts each
 * sample at most twice the block's median (block-owners.js): on a busy machine the samples a starved
 * profiler took late weighed their whole gap.
 */
const REGEX_RUN_MS = 50;
/** A regex this share of a package's time, in a long stretch, is named in the advice even when it is not the fix. */
const REGEX_MENTION_SHARE = 0.3;
/** ...or, in a block shorter than that (a low threshold), this share of the owner's time. */
const REGEX_RUN_SHARE = 0.8;
/**
 * A package's time in a microtask block this share or more in V8's promise machinery itself (Node's
 * queue runner alone on the stack, between two continuations): a chain of promises that resolve at
 * once, not one long continuation. Measured on the corpus (run, 10 ms profile, 2026-11-28): graphql's
 * executor with async resolvers and p-map over resolved values 0.10-0.42 a block (one of 24 at 0.097);
 * sequelize's and typeorm's hydration after their query 0 in 81 of 83 blocks, 0.064 and 0.088 in two.
 * Those shares counted the collections in the package's time; the share is now of its code's time
 * (block-owners.js), which puts a chain's higher and leaves a hydration's 0 at 0.
 */
const CHAIN_SHARE = 0.1;
/** Compiling at least this share of a package's time: it compiles on every call. */
const COMPILE_SHARE = 0.4;
/**
 * The same, for a package that runs what it parses (a template, an expression): a program parsed once
 * is never parsed again on the request's path, so a fifth of its time parsing is already its program
 * parsed on every call; the rest of that work (cel-js's type check of what it parsed, a template's
 * code generation under other names) goes away with it. Measured on the corpus (run, 10 ms profile,
 * 2026-11-29): the blocks of the 16 such cases that parse per call 0.45-1 a block, but cel-js's 0.13-0.61
 * (its type checker, named `check`, half of its compile); 0 where the program was compiled once.
 */
const LANGUAGE_COMPILE_SHARE = 0.2;

/**
 * A pattern as a label or an advice shows it: a long one (no-case's character classes run to 12,000
 * characters) cut to its first 80. @param {string} pattern
 */
export const shownPattern = (pattern) => (pattern.length > 80 ? `${pattern.slice(0, 79)}…` : pattern);

/**
 * @param {BlockOwners} o @param {Cause} cause
 * @param {{asyncSibling?: string | null, asyncPath?: {took: string, twin: string} | null, verb?: string | null, syncOnly?: boolean, reusable?: boolean, language?: boolean, promises?: boolean, appTick?: boolean | null, appMicrotask?: boolean | null,
 *   builtAndCalled?: boolean, codeCause?: Cause, ownQueue?: boolean, statementLoop?: boolean, grammarBuilt?: boolean}} [extra] grammarBuilt: a package that
 *   makes parsers (makesParsers), whose build the app's line calls with a constant of its file and then runs what it built
 *   (buildsFromConstant, constant-build.js); statementLoop: a package that builds SQL
 *   statements (buildsStatements), called in a loop of the app's function (one statement per item); ownQueue: the owner's stack is it draining a queue of its
 *   own from a callback Node's scheduler ran (drainsOwnQueue, diagnose-block.js); codeCause: the cause of the block's code, the collector's samples aside; builtAndCalled: the app's line calls what the package's call returns at once (callsWhatItBuilds); asyncSibling: the async
 *   form the package exports; asyncPath: the package's synchronous path the call took, beside one that yields (diagnose-block.js); verb: what the owner's call does (verbOf); syncOnly: an addon (not a database's) whose
 *   declarations show the call has no async form: like a library call, it is cached, bounded or moved off the loop;
 *   reusable: false when what the package compiles is not run again on other data (compilesReusable);
 *   language: the package runs what it parses (runsWhatItParses); promises: the package is about promises (managesPromises);
 *   appTick: whether the nextTick queue's callback that ran the work was the app's own function (tickCallbackIsApp);
 *   appMicrotask: whether the microtask queue's callbacks were the app's own functions (microtaskCallbackIsApp)
 * @returns {Fix}
 */
export function fixFor(o, cause, extra = {}) {
  const kind = o.owner?.kind ?? 'gc';
  const backtracks = o.regexShare >= REGEX_SHARE && o.regexRunMs >= Math.min(REGEX_RUN_MS, REGEX_RUN_SHARE * o.ownerMs);
  if (kind === 'gc') return 'allocation';
  if (kind === 'json') return 'payload';
  if (kind === 'native') return extra.asyncSibling ? 'async-form' : extra.syncOnly ? 'cache-bound-offload' : 'native-sync';
  if (kind === 'package') {
    if (backtracks) return 'regex-dependency';
    // a chain whose promises kept the collector busy most of the block is still the chain (cause gc, its code's microtask)
    const chain = cause === 'microtask' || (cause === 'gc' && extra.codeCause === 'microtask');
    if (chain && (o.queueShare >= CHAIN_SHARE || extra.promises)) return 'microtask';
    // a promise library draining a queue of its own (bluebird's, from setImmediate): its chain, run there
    if (extra.promises && extra.ownQueue) return 'microtask';
    if (o.compileShare >= (extra.language ? LANGUAGE_COMPILE_SHARE : COMPILE_SHARE) && extra.reusable !== false) return 'compile-once';
    // what it returns is called at once and dropped: a filter, template or expression built on every pass
    if (extra.builtAndCalled && extra.reusable !== false) return 'compile-once';
    // a parser built from a constant grammar or schema of the app's file, then run on the request's data
    if (extra.grammarBuilt) return 'compile-once';
    // a SQL statement built anew for each item of the app's loop: its text is made once, the values bound per item
    if (extra.statementLoop) return 'compile-once';
    // a call that sleeps until another thread or process answers (Atomics.wait): the work is elsewhere,
    // and the package's async API awaits it without holding the loop
    if (extra.asyncSibling || extra.asyncPath || o.call?.kind === 'sync-wait') return 'async-form';
    // a copy is all allocation, whatever share of it the collector took so far; a call that
    // parses, renders or validates allocates as it goes, and is fixed by calling it less
    if (extra.verb === 'copy' || (o.gcShare >= ALLOCATION_SHARE && !extra.verb)) return 'allocation';
    return 'cache-bound-offload';
  }
  if (kind === 'node') {
    if (o.call && o.call.kind !== 'json' && o.call.kind !== 'regex') return 'async-form';
    // node:vm making a new context or compiling the same code on every call (vm.runInNewContext)
    if (o.compileShare >= COMPILE_SHARE) return 'compile-once';
    if (backtracks) return 'regex-app';
    if (o.gcShare >= ALLOCATION_SHARE) return 'allocation';
    return 'cache-bound-offload';
  }
  // the app's own code
  if (o.call?.kind === 'regex' || backtracks) return 'regex-app';
  // a tick callback that is a framework's or Node's (restify's chain, a stream's end event) ran the
  // app's long work once: its own loop, not a recursion of the app's through process.nextTick
  if (cause === 'nextTick' && extra.appTick === false) return o.gcShare >= 0.5 ? 'allocation' : 'own-loop';
  // a package's continuation that called on into the app (an async middleware's `next()` after its
  // `await`) ran the app's long loop once: the loop's, not a chain's, unless the block's time is the
  // promise machinery between continuations (a chain spends a tenth of it there or more)
  if (cause === 'microtask' && extra.appMicrotask === false && o.queueShare < CHAIN_SHARE) return o.gcShare >= 0.5 ? 'allocation' : 'own-loop';
  if (cause === 'microtask' || cause === 'nextTick' || cause === 'startup') return cause;
  if (cause === 'gc' || o.gcShare >= 0.5) return 'allocation';
  return 'own-loop';
}

/** Below this share of garbage collection, a copy's advice speaks of the copying, not of the collector. */
const COPY_GC_SHARE = 0.25;

// What a package does, from its own package.json: the verb the advice uses.
const VERBS = /** @type {[RegExp, string][]} */ ([
  [/templat|view engine|mustache|handlebars/, 'render'],
  [/valid|schema/, 'validate'],
  // unmarshalling is decoding a wire or storage form (DynamoDB's AttributeValues); marshalling, encoding it
  [/pars|yaml|xml|csv|markdown|toml|\bini\b|html|json5|protobuf|decod|unmarshal|lexer/, 'parse'],
  [/crypt|hash|sign|jwt|cipher|password|digest/, 'hash'],
  [/compress|zip|gzip|deflate|brotli|archive/, 'compress'],
  [/image|png|jpe?g|gif|bitmap|resize|canvas/, 'process'],
  // a diff or a three-way merge of texts or documents (node-diff3's diff3Merge): comparing, not the
  // object merge of deepmerge, which copies
  [/\bdiff(?:s|ing|ed)?\b|\bdiff\d|three-way[ -]merge/, 'diff'],
  // immutability as the subject (immutable.js's "Immutable Data Collections", immer's "immutable state",
  // copy-on-write), not as a quality of another domain's values (dayjs's and luxon's "immutable date")
  [/clon|copy|copies|merge|immutable (?:data|state|collection|object|structure)/, 'copy'],
  [/serializ|stringify|encod|marshal/, 'serialize'],
  [/sort|search|fuzzy|index/, 'search'],
  [/\borm\b|sql|database|query|model/, 'load'],
]);

/** What a package says of itself: its name, keywords and description, lower case. @param {NonNullable<PackageMeta>} meta */
const metaText = (meta) => `${meta.name} ${meta.keywords.join(' ')} ${meta.description}`.toLowerCase();

/**
 * What a call does, from the function's name, else from its package's package.json.
 * @param {string | null} functionName @param {PackageMeta} meta
 */
export function verbOf(functionName, meta) {
  const fn = (functionName ?? '').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  const byName = fn ? VERBS.find(([re]) => re.test(fn))?.[1] : undefined;
  const text = meta ? metaText(meta) : null;
  const bySubject = text === null ? null : VERBS.find(([re]) => re.test(text))?.[1] ?? null;
  // a diff package's `merge` is a three-way merge, not an object's copy
  if (byName === 'copy' && bySubject === 'diff') return bySubject;
  return byName ?? bySubject;
}

/** A package.json that says its compiling makes the product itself: a stylesheet, a transpiled or minified script. */
const PRODUCT = /\bcss\b|stylesheet|preprocessor|transpil|minif|uglif|mangl|compiler|bundl/;

/**
 * Whether what a package compiles is run again on each call's data, so that compiling it once is the
 * fix: a template (its render function), a schema (its validator), a query or an expression (its
 * function). A compiler whose output is the product (a stylesheet from sass or less, a script from
 * typescript or a minifier), by its package.json, is not: the output is what to cache. A package that
 * renders, validates or queries (by the called function's name or its package.json), or runs what it
 * parses (an expression compiler: filtrex's "Filter Expression compiler"), or makes parsers (chevrotain's
 * keywords say compiler; the parser it builds runs on each call's data), is reusable whatever else its
 * package.json says (hogan.js: "A mustache compiler"); one that says neither is too.
 * @param {string | null} functionName @param {PackageMeta} meta
 */
export function compilesReusable(functionName, meta) {
  const reusable = (/** @type {string | null} */ verb) => verb === 'render' || verb === 'validate' || verb === 'load';
  if (reusable(verbOf(functionName, null)) || reusable(verbOf(null, meta)) || runsWhatItParses(meta) || makesParsers(meta)) return true;
  return !(meta && PRODUCT.test(metaText(meta)));
}

/**
 * A package whose package.json keywords say it is about promises (a promise queue, limiter, mapper or
 * library: p-queue, p-limit, p-map, bluebird). Its own time in a microtask block is its promise
 * machinery, whatever share of it V8's queue runner shows between continuations: a busy machine and
 * the collector (a fifth to a half of such blocks) move that share below CHAIN_SHARE. Keywords, not the
 * description: "a promise-based ORM" (sequelize's) is no promise library.
 * @param {PackageMeta} meta
 */
export const managesPromises = (meta) => !!meta && meta.keywords.some((k) => /^promises?$/i.test(String(k)));

// a language a package parses and then runs on data: an expression, a formula, a query, transformation,
// filter or rule language ("JSON query and transformation language"); not a natural or markup language.
// Checked on the 1,258 packages of the corpus's installs (2026-12-01): besides those it matched before,
// it adds jsonata alone (twig, pug and velocityjs say "template language" and render already).
const LANGUAGE = /(?<!regular )expression|evaluat|formula|\binterpret|\b(?:query|transformation|filter|rules?)(?: and \w+)? language/;

// a localization library's messages, by its keywords: templates with placeholders and plural or gender
// selectors (Fluent's FTL, ICU MessageFormat), parsed and then formatted with each call's arguments. Keywords,
// not the description ("Translate ECDSA signatures"), and not i18n alone (moment and accept-language say it).
// Checked on the 1,903 packages of the corpus's installs (2026-12-05): intl-messageformat, @fluent/bundle,
// @messageformat/core and its parts, globalize and i18next.
const MESSAGES = /^(?:translat(?:e|ions?)|messageformat)$/;

/**
 * A package that runs what it parses, by its package.json: a template engine, an expression, formula or
 * query language, or a localization library's messages. Its parsing of a template or an expression is
 * compiling it (the program it builds runs again on each call's data); a parser of data (YAML, CSV, XML)
 * parses the product itself.
 * @param {PackageMeta} meta
 */
export const runsWhatItParses = (meta) => !!meta && (verbOf(null, meta) === 'render' || LANGUAGE.test(metaText(meta))
  || meta.keywords.some((k) => MESSAGES.test(String(k).toLowerCase())));

// a package that makes parsers from a grammar or a schema, by its package.json: a parser or lexer generator or
// toolkit, a grammar's or protocol buffers' compiler. Checked on the 1,094 packages of the corpus's installs
// (2026-12-02): jison and its own parts, nearley, moo, ohm-js, protobufjs, and railroad-diagrams (it draws grammars).
const GRAMMAR_TOOL = /(?:parser|lexer|tokenizer) generator|parser toolkit|\bgrammars?\b|parsing expression|\bpeg\b|protocol buffers/;

/**
 * A package that makes parsers: what it builds from a grammar or schema runs again on each call's data,
 * so building it from the same one on every call is compiling it again. Its package.json says so, or its
 * keywords say both parser and compiler (ohm-js).
 * @param {PackageMeta} meta
 */
export function makesParsers(meta) {
  if (!meta) return false;
  // each keyword alone: tar-stream's "parser" and "generator" side by side are no "parser generator"
  const keywords = meta.keywords.map((k) => String(k).toLowerCase());
  return GRAMMAR_TOOL.test(`${meta.name} ${meta.description}`.toLowerCase()) || keywords.some((k) => GRAMMAR_TOOL.test(k))
    || (keywords.includes('parser') && keywords.includes('compiler'));
}

/**
 * A compiler of code, by its package.json: its keywords say compiler or transpiler, or its description
 * does (coffeescript's keywords: javascript, language, coffeescript, compiler). What it makes from a
 * constant source and the app then runs (`new Function(..., js)`) can be made once.
 * @param {PackageMeta} meta
 */
export function compilesCode(meta) {
  if (!meta) return false;
  const keywords = meta.keywords.map((k) => String(k).toLowerCase());
  return keywords.some((k) => /^(?:compiler|transpiler)$/.test(k)) || /\bcompiler\b|\btranspil/.test(String(meta.description ?? '').toLowerCase());
}

// a package that builds SQL statements, by its package.json: knex's "SQL query & schema builder", squel's
// "SQL query string builder", "Type safe SQL query builder", sql-bricks's "SQL Generation", an ORM for SQL
// databases (drizzle's); not a driver (pg's "PostgreSQL client")
const STATEMENT_BUILDER = /\bbuilder\b|\bgenerat|\borm\b/;

/**
 * A package that builds SQL statements (a query builder, SQL generation, an ORM), by its package.json: each
 * call makes its objects and compiles the statement's text.
 * @param {PackageMeta} meta
 */
export const buildsStatements = (meta) => !!meta && /\bsql\b/.test(metaText(meta)) && STATEMENT_BUILDER.test(metaText(meta));

/** @param {PackageMeta} meta */
export const isDatabase = (meta) => !!meta && /sql|sqlite|database|\bdb\b|query/.test(metaText(meta));

/**
 * A standard key derivation that node:crypto also computes, named by the called function or the calling
 * line (a JavaScript package's `pbkdf2(...)`, `scrypt(...)`, `hkdf(...)`): its callback form runs on the pool.
 * @param {string} text @returns {'pbkdf2' | 'scrypt' | 'hkdf' | null}
 */
function nodeKdf(text) {
  // a word of its own, or a camelCase part of one (syncScrypt, pbkdf2Sync, crypto-js's PBKDF2)
  const m = /(?:(?:^|[^\w$])(pbkdf2|PBKDF2|scrypt|hkdf|HKDF)|(?<=[a-z])(Pbkdf2|Scrypt|Hkdf))(?:Sync)?(?![a-z\d])/.exec(text);
  return m ? /** @type {'pbkdf2' | 'scrypt' | 'hkdf'} */ ((m[1] ?? m[2]).toLowerCase()) : null;
}

/** A package's key derivation, by the function the app entered or its calling line. @param {BlockOwners} o @param {string | null | undefined} lineText */
const kdfOf = (o, lineText) => (o.owner?.kind === 'package' ? nodeKdf(`${o.entry?.functionName ?? ''} ${lineText ?? ''}`) : null);

/** What node:crypto offers for it. @param {string} kdf */
const nodeCryptoKdf = (kdf) => `node:crypto computes ${kdf} natively, and its callback form (crypto.${kdf}) runs on libuv's thread pool with the same bytes out`;

// the stream formats node:zlib computes, as a package's function, calling line or package.json names them
const ZLIB_FORMATS = /** @type {[RegExp, string, string, string][]} */ ([
  [/brotli/i, 'Brotli', 'brotliCompress', 'brotliDecompress'],
  [/gzip|gunzip/i, 'gzip', 'gzip', 'gunzip'],
  [/deflate|inflate|zlib/i, 'deflate', 'deflate', 'inflate'],
]);

/**
 * A package's compression in a format node:zlib also computes (gzip, deflate, Brotli; not an archive such as
 * zip or tar): the format, and Node's callback API that does the same on the pool. From the called function
 * and the calling line first, else the package.json (brotli-wasm's `compress`).
 * @param {string} text the function's name and the calling line @param {PackageMeta | undefined} meta
 * @returns {{format: string, api: string, verb: string} | null}
 */
export function nodeZlib(text, meta) {
  const decompress = /decompress|inflate|gunzip|ungzip|decode/i.test(text);
  const found = ZLIB_FORMATS.find(([re]) => re.test(text)) ?? (meta ? ZLIB_FORMATS.find(([re]) => re.test(metaText(meta))) : undefined);
  if (!found) return null;
  return { format: found[1], api: decompress ? found[3] : found[2], verb: decompress ? 'decompressing' : 'compressing' };
}

/**
 * One line of advice for a block.
 * @param {Fix} fix @param {BlockOwners} o
 * @param {{cause: Cause, phase: Phase, durationMs: number, gcShare: number, site: (f: {url: string, line: number}) => string,
 *   meta?: PackageMeta, asyncSibling?: string | null, asyncPath?: {took: string, twin: string} | null, lineText?: string | null, builtAndCalled?: boolean, verb?: string | null, candidateCalls?: string[],
 *   loopLine?: number | null, workPackage?: string | null, ownQueue?: string | null, statementLoop?: boolean, grammarBuilt?: boolean, toolBuilt?: boolean}} c grammarBuilt: a
 *   parser built from a constant of the app's file (fixFor's extra); toolBuilt: of those, a pattern, matcher or the
 *   like the call is named for, built from the module's data and applied to the call's; statementLoop: a SQL query
 *   builder called in the app's loop (fixFor's extra); ownQueue: the scheduler function a promise library drained its own queue from
 *   candidateCalls: known calls on the lines the profile could not tell apart ("line 13 calls JSON.parse");
 *   loopLine: the line of the app's loop the calling line runs in (loop-lines.js)
 *   meta: the owner package's package.json; lineText: the source of the calling line; workPackage: the package
 *   of the function that ran most of the owner's time (BlockOwners.work)
 */
export function adviceText(fix, o, c) {
  const ms = Math.round(c.durationMs);
  const owner = o.owner;
  const who = owner ? ownerLabel(owner) : 'the loop';
  // the function that ran is the package's under the one the app called (an awaited facade's): both named
  const fn = o.entry && owner?.kind !== 'app' && owner?.kind !== 'json' ? `${o.entry.functionName} of ${o.through ? `${ownerLabel(o.through)}, under ` : ''}` : '';
  const at = o.calledFrom ? `, called at ${c.site(o.calledFrom)},` : '';
  const gc = fix !== 'allocation' && c.gcShare >= 0.25
    ? `; garbage collection took ${pct(c.gcShare)} of it: allocate less per call (smaller payloads, fewer temporary objects and strings)` : '';
  const site = o.calledFrom ? c.site(o.calledFrom) : o.entry ? c.site(o.entry) : null;
  switch (fix) {
    case 'async-form': {
      if (owner?.kind === 'node' && o.call && o.via) {
        const v = `${o.via.name}${o.via.version ? `@${o.via.version}` : ''}`;
        return `${o.call.name}, called by ${v}${o.via.functionName ? ` (${o.via.functionName})` : ''}${o.calledFrom ? ` at ${c.site(o.calledFrom)}` : ''}, held the loop ${ms} ms: the package does its work with Node's synchronous API; use the package's async or streaming form if it has one (the work then runs on libuv's thread pool), or call it from a worker thread${gc}`;
      }
      if (owner?.kind === 'node' && o.call) return `${o.call.name}${site ? ` in ${site}` : ''} held the loop ${ms} ms: ${callFix(o.call)}${gc}`;
      if (c.asyncPath) {
        const kdf = kdfOf(o, c.lineText);
        const native = kdf ? `${nodeCryptoKdf(kdf)}, and the loop does none of the work. Else c` : 'C';
        return `${fn}${who}${at} held the loop ${ms} ms computing all of it in one call, on the package's synchronous path (${c.asyncPath.took}). It has a path that yields between steps (${c.asyncPath.twin}) that this call did not take. ${native}all it the way that takes that path (an option or another form of the call: its documentation says which), so the loop serves others between steps, or run the call in a worker pool${gc}`;
      }
      const sibling = c.asyncSibling ? `${owner?.name}.${c.asyncSibling}` : null;
      if (o.call?.kind === 'sync-wait') {
        return `${fn}${who}${at} held the loop ${ms} ms asleep in Atomics.wait until another thread or process finished the work (in its \`${o.call.frame.functionName}\`): ${sibling ? `${owner?.name} also exports the async ${sibling}: use it` : 'use the package\'s async form'}, which awaits the same work while the loop serves others${gc}`;
      }
      return `${fn}${who}${at} held the loop ${ms} ms computing all of it in one call: ${sibling ? `${owner?.name} also exports the async ${sibling}: use it` : 'use the package\'s async form'} (it either runs on libuv's thread pool or yields between steps, so the loop serves others meanwhile), or run the call in a worker pool${gc}`;
    }
    case 'compile-once':
      if (c.statementLoop && c.loopLine) {
        return `${fn}${who}${at} held the loop ${ms} ms, called once per item of the loop at line ${c.loopLine}: a query builder makes its objects and compiles the SQL again for each item, though only the values change. Build the parameterised statement once (its SQL text, before the loop or at start-up) and bind each item's values, or send one multi-row statement (a batch insert or upsert)${gc}`;
      }
      if (owner?.kind === 'node') {
        return `${fn}${who}${at} held the loop ${ms} ms, ${pct(o.compileShare)} of it making a new context and compiling the code before running it: make the context once (vm.createContext) and compile the code once (new vm.Script, one per distinct source, cached), then run script.runInContext(context) on each call; a timeout option also starts a watchdog thread per call${gc}`;
      }
      if ((o.intlShare ?? 0) >= o.compileShare / 2 && o.compileShare >= COMPILE_SHARE) {
        return `${fn}${who}${at} held the loop ${ms} ms, ${pct(o.intlShare ?? 0)} of it making Intl's locale objects (Intl.NumberFormat, DateTimeFormat, PluralRules and the like, also made anew by every toLocaleString or localeCompare given options; each new one loads its locale's data): what it builds on each call makes them again. Make it once per locale and message or options (at start-up, or cached by them) and reuse it (\`formatter.format(n)\`, \`collator.compare(a, b)\`); a format with one made before costs microseconds${gc}`;
      }
      if (c.toolBuilt && o.compileShare < COMPILE_SHARE) {
        return `${fn}${who}${at} held the loop ${ms} ms building what it is named for (a pattern, matcher, template or format) from the module's own data${c.lineText ? ` (\`${c.lineText.trim().slice(0, 120)}\`)` : ''}, on every call, and then applying it once to the call's data${c.loopLine ? ` (one build per item of the loop at line ${c.loopLine})` : ''}. Build each one once (at start-up, or when its data changes, cached by what it was built from) and keep it; each call then only applies it${gc}`;
      }
      if (c.grammarBuilt && o.compileShare < COMPILE_SHARE && !makesParsers(c.meta ?? null)) {
        return `${fn}${who}${at} held the loop ${ms} ms compiling source code that is a constant of the app's file${c.lineText ? ` (\`${c.lineText.trim().slice(0, 120)}\`)` : ''}, on every call, before the app runs what it made. Compile it once (at start-up, or once per distinct source, cached) and reuse the compiled code or the function it defines; compiling it at build time also leaves start-up free${gc}`;
      }
      if (c.grammarBuilt && o.compileShare < COMPILE_SHARE) {
        return `${fn}${who}${at} held the loop ${ms} ms building a parser from a grammar or schema that is a constant of the app's file${c.lineText ? ` (\`${c.lineText.trim().slice(0, 120)}\`)` : ''}, on every call, before running it on the request's data. Build it once (at start-up, or once per distinct grammar, cached) and reuse it; a parser built ahead of time (the package's generated parser or compiled grammar, where it makes one) also leaves start-up free${gc}`;
      }
      if (c.builtAndCalled && o.compileShare < COMPILE_SHARE) {
        return `${fn}${who}${at} held the loop ${ms} ms: the app calls what it returns at once${c.lineText ? ` (\`${c.lineText.trim().slice(0, 120)}\`)` : ''}, so it builds its filter, template or expression again on every pass. Build it once (at start-up, or once per distinct spec, cached) and reuse the function it returns${gc}`;
      }
      return `${fn}${who}${at} held the loop ${ms} ms, ${pct(o.compileShare)} of it compiling: it compiles its template, schema, expression or pattern on every call. Compile once at start-up and reuse the compiled function (or turn on the package's cache)${gc}`;
    case 'regex-dependency': {
      // a regex compiled before a capture began has no pattern in it ('' : the line that ran it), and
      // a table of patterns run one after the other from that line stays on it as one match would
      const unseen = o.regex === '';
      const what = unseen
        ? 'a match that backtracks (a ReDoS), one pass over a very large input, or a table of patterns run one after the other from one line (the profile named no pattern: V8 names one only when it compiles it while profiling)'
        : 'a match that backtracks (a ReDoS), or one pass over a very large input';
      return `a regular expression inside ${who}${o.regex ? ` (/${shownPattern(o.regex)}/)` : ''} ran ${pct(o.regexShare)} of a ${ms} ms block in long stretches on input the app passed${o.calledFrom ? ` at ${c.site(o.calledFrom)}` : ''}: ${what}. Bound the input's length before the call${unseen ? ' (and cache its result where the same input comes again)' : ''}, and upgrade ${owner?.name}: \`npm ls ${owner?.name}\` shows which version is installed and why, \`npm audit\` lists its known ReDoS advisories and the version that fixes them${gc}`;
    }
    case 'regex-app': {
      const call = o.call?.kind === 'regex' ? o.call : o.regex ? { id: 'regex', kind: /** @type {const} */ ('regex'), name: 'RegExp', pattern: o.regex, frame: { functionName: '', url: '', line: 0 } } : null;
      const what = call?.pattern !== undefined ? `the regular expression /${call.pattern}/` : 'a regular expression';
      return `${what}${site ? ` in ${site}` : ''} held the loop ${ms} ms: ${call ? callFix(call) : 'bound the input length, or rewrite it without nested or overlapping quantifiers'}${gc}`;
    }
    case 'native-sync': {
      const code = c.lineText ? ` (\`${c.lineText.trim().slice(0, 120)}\`)` : '';
      const base = `native code of ${who}, a synchronous addon call${o.calledFrom ? ` at ${c.site(o.calledFrom)}` : ''}${code}, held the loop ${ms} ms; no JavaScript runs during it, so the profile shows only the line that called it`;
      return isDatabase(c.meta ?? null) || owner?.name === 'node:sqlite'
        ? `${base}: the statement itself is slow: check its plan (EXPLAIN QUERY PLAN), add an index on the columns it filters or sorts by, fetch fewer rows, or run the queries in a worker thread${gc}`
        : `${base}: use the addon's async API if it has one, give it less work per call, or call it from a worker thread${gc}`;
    }
    case 'allocation':
      if (c.verb === 'copy' && Math.max(o.gcShare, c.gcShare) < COPY_GC_SHARE) {
        const by = o.work && c.workPackage && c.workPackage !== owner?.name ? ` (${o.work.site.functionName} of ${c.workPackage})` : '';
        return `${fn}${who}${at} held the loop ${ms} ms copying data${by}: a deep copy takes time in proportion to all it copies, on every call. Copy less per call (only the part that changes, or hand out one frozen shared value: a cache's option not to clone), or move the work to a worker thread`;
      }
      return `${owner && owner.kind !== 'gc' ? `${fn}${who}${at}` : 'the code running'} held the loop ${ms} ms${oneLine(o, c)}, ${pct(Math.max(o.gcShare, c.gcShare))} of it garbage collection of the objects it allocates: allocation churn of short-lived objects, not a leak by itself (a leak shows as heap that keeps growing over the run). Copy or build less per call (only the part that changes, structural sharing, reuse a result), or move the work to a worker thread`;
    case 'payload': {
      const call = o.call?.kind === 'json' ? o.call : null;
      const name = owner?.kind === 'json' ? owner.name : 'JSON';
      return `${name}${o.calledFrom ? ` (called from ${c.site(o.calledFrom)})` : site ? ` in ${site}` : ''} held the loop ${ms} ms: ${call ? callFix(call) : 'time in proportion to the payload, all of it on the loop: send and parse less (paginate, select fields), stream it, or do it in a worker thread'}${gc}`;
    }
    case 'cache-bound-offload': {
      const v = c.verb ?? 'call';
      const kdf = kdfOf(o, c.lineText);
      // a regex that is a fair part of the work, in long stretches, is said: on unusual input it may be a ReDoS
      const rx = owner?.kind === 'package' && o.regex && o.regexShare >= REGEX_MENTION_SHARE && o.regexRunMs >= REGEX_RUN_MS
        ? `; ${pct(o.regexShare)} of its time was in one regular expression (/${shownPattern(o.regex)}/), in long stretches: if the slow requests carry unusual input, it may backtrack (\`npm audit\` lists ${owner.name}'s ReDoS advisories)` : '';
      // a key derivation costs what it costs by design: where it runs is the fix, and node:crypto has it
      if (kdf) {
        return `${fn}${who}${at} held the loop ${ms} ms deriving a key in JavaScript (${kdf}), slow by design: move it off the loop. ${nodeCryptoKdf(kdf)}; or run the call in a worker pool (worker threads, e.g. piscina). Only where the same secret and salt come back (a key unlocked per request) derive it once and keep the key${rx}${gc}`;
      }
      // a stream format node:zlib also computes (pako's deflate, brotli-wasm's compress): its callback form runs on the pool
      const zlib = owner?.kind === 'package' && v === 'compress' ? nodeZlib(`${o.entry?.functionName ?? ''} ${c.lineText ?? ''}`, c.meta) : null;
      if (zlib) {
        return `${fn}${who}${at} held the loop ${ms} ms ${zlib.verb} ${zlib.format} in JavaScript or WebAssembly, all of it on the loop. node:zlib computes ${zlib.format} natively, and its callback form (zlib.${zlib.api}, or util.promisify of it) runs on libuv's thread pool with the same format out. A lower level or quality costs far less, and where the same input comes back, keep the compressed bytes${rx}${gc}`;
      }
      // called once per iteration of a loop of the app's: that loop is the work, and it can be split
      if (c.loopLine && o.calledFrom) {
        const name = o.calledFrom.functionName && o.calledFrom.functionName !== '(anonymous)' ? `, in ${o.calledFrom.functionName}` : '';
        return `${fn}${who}${at} held the loop ${ms} ms, called in a loop (line ${c.loopLine}${name}): that loop is the work, one call per item. Split it and yield with setImmediate every ~10 ms (or batch the items), ${v === 'call' ? 'call it' : v} less often (cache what repeats), or move the loop to a worker thread${rx}${gc}`;
      }
      return `${fn}${who}${at} held the loop ${ms} ms. One library call cannot be split with setImmediate: ${v === 'call' ? 'call it' : v} less often (once, and cache the result), give it less input (bound its size), or run it in a worker pool (worker threads, e.g. piscina)${rx}${gc}`;
    }
    case 'microtask':
      if (owner?.kind === 'package') {
        if (c.ownQueue) {
          return `${who}'s promise chain${o.calledFrom ? `, called at ${c.site(o.calledFrom)},` : ''} ran ${ms} ms in its own queue, drained from one ${c.ownQueue === 'processImmediate' ? 'setImmediate' : c.ownQueue === 'processTicksAndRejections' ? 'process.nextTick' : 'timer'} callback: what it awaits resolves at once (nothing does I/O), so the chain never lets the loop turn; pass it synchronous callbacks where they do no I/O, give it less data per call, or move the work to a worker thread${gc}`;
        }
        return `${who}'s promise chain${o.calledFrom ? `, called at ${c.site(o.calledFrom)},` : ''} kept the microtask queue busy for ${ms} ms, ${pct(o.queueShare)} of its code's time in the promise machinery itself: what it awaits resolves at once (nothing does I/O), so the chain never lets the loop turn; pass it synchronous callbacks where they do no I/O, give it less data per call, or move the work to a worker thread${gc}`;
      }
      return `a promise continuation${site ? ` at ${site}` : ''} kept the microtask queue busy for ${ms} ms: no I/O is served until the queue drains, and awaiting already-resolved promises in a loop never yields; split the work and yield with setImmediate every ~10 ms, or move it to a worker thread${gc}`;
    case 'nextTick':
      return `recursive process.nextTick${site ? ` at ${site}` : ''} ran ${ms} ms: the nextTick queue is drained before any I/O; schedule the next step with setImmediate, or move the work to a worker thread${gc}`;
    case 'startup':
      return `start-up code${site ? ` at ${site}` : ''} ran ${ms} ms before the loop could turn: load lazily, or do the work before the server accepts traffic${gc}`;
    default: {
      return `${phaseName(c.phase)}${site ? ` at ${site}` : ''} ran ${ms} ms without yielding${oneLine(o, c)}: split the work and yield with setImmediate every ~10 ms, or move it to a worker thread${gc}`;
    }
  }
}

/**
 * What the advice says of a file a loader compiled to one line: which of its lines the profile
 * cannot tell apart, and the known calls among them. @param {BlockOwners} o @param {{candidateCalls?: string[] | null}} c
 */
const oneLine = (o, c) => (o.lineCandidates?.length ? ` (the loader compiled the file to one line: the profile cannot tell which of lines ${o.lineCandidates.join(', ')} ran${c.candidateCalls?.length ? `; ${c.candidateCalls.join(', ')}` : ''})` : '');

/**
 * The advice for a block no stack sample fell in, whose time the collector's own pauses covered.
 * @param {number} durationMs @param {number} gcShare
 */
export function gcOnlyAdvice(durationMs, gcShare) {
  return `garbage collection took ${pct(gcShare)} of this ${Math.round(durationMs)} ms block: the code that ran allocated that much; copy or build less per call, or check the heap over the run (a leak shows as heap that keeps growing)`;
}

/** "bcryptjs@2.4.3", "node:fs", "native better-sqlite3@11.0.0", "JSON.parse", "the app". @param {import('./time-owners.js').Owner} owner */
export function ownerLabel(owner) {
  const v = owner.version ? `@${owner.version}` : '';
  switch (owner.kind) {
    case 'package': return `${owner.name}${v}`;
    case 'native': return `${owner.name}${v}`;
    case 'app': return 'the app';
    default: return owner.name;
  }
}

/** @param {number} share */
const pct = (share) => `${Math.round(share * 100)}%`;
