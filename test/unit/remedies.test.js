// The fix follows the owner of the time, not where it ran: each kind of owner gets its own fix,
// and the advice names the owner, its version and the app line.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixFor, adviceText, verbOf, gcOnlyAdvice, compilesReusable, runsWhatItParses, buildsStatements, nodeZlib } from '../../src/analyze/remedies.js';
import { tickCallbackIsApp, microtaskCallbackIsApp } from '../../src/analyze/causes.js';

/**
 * @param {Partial<import('../../src/analyze/block-owners.js').BlockOwners>} over
 * @returns {import('../../src/analyze/block-owners.js').BlockOwners}
 */
const owners = (over) => ({
  owners: [], owner: null, entry: null, calledFrom: { functionName: 'handler', url: '/srv/app.js', line: 12 }, lineFrom: 'source', lineCandidates: null,
  ownerMs: 100, gcShare: 0, regexShare: 0, regex: null, regexRunMs: 0, compileShare: 0, call: null, stack: null, specifier: null, ...over,
});
const pkg = (/** @type {string} */ name, version = '1.0.0') => ({ kind: /** @type {const} */ ('package'), name, version });
const entry = (/** @type {string} */ functionName) => ({ functionName, url: `/srv/node_modules/x/index.js`, line: 3 });
/** @param {import('../../src/analyze/remedies.js').Fix} fix @param {ReturnType<typeof owners>} o @param {object} [more] */
const advise = (fix, o, more = {}) => adviceText(fix, o, { cause: 'sync', phase: 'poll', durationMs: 180, gcShare: o.gcShare, site: (f) => `app.js:${f.line}`, ...more });

test('a package\'s CPU cannot be split: cache, bound the input, a worker pool; the async form when the package has one', () => {
  const yaml = owners({ owner: pkg('js-yaml', '4.1.0'), entry: entry('load') });
  assert.equal(fixFor(yaml, 'sync'), 'cache-bound-offload');
  const text = advise('cache-bound-offload', yaml, { verb: verbOf('load', { name: 'js-yaml', keywords: ['yaml', 'parser'], description: '' }) });
  assert.match(text, /^load of js-yaml@4\.1\.0, called at app\.js:12, held the loop 180 ms\. One library call cannot be split with setImmediate: parse less often \(once, and cache the result\), give it less input/);
  assert.doesNotMatch(text, /yield with setImmediate every/);
  const hash = owners({ owner: pkg('bcryptjs', '2.4.3'), entry: entry('bcrypt.hashSync') });
  assert.equal(fixFor(hash, 'sync', { asyncSibling: 'hash' }), 'async-form');
  assert.match(advise('async-form', hash, { asyncSibling: 'hash' }), /bcrypt\.hashSync of bcryptjs@2\.4\.3, called at app\.js:12, .*bcryptjs also exports the async bcryptjs\.hash: use it/);
});

test('a library call made once per item of a loop of the app\'s: that loop is the work, and it can be split', () => {
  const ua = owners({ owner: pkg('bowser', '2.11.0'), entry: entry('parse') });
  const text = advise('cache-bound-offload', ua, { loopLine: 11 });
  assert.match(text, /^parse of bowser@2\.11\.0, called at app\.js:12, held the loop 180 ms, called in a loop \(line 11, in handler\): that loop is the work, one call per item\. Split it and yield with setImmediate every ~10 ms \(or batch the items\), call it less often \(cache what repeats\), or move the loop to a worker thread$/);
  assert.doesNotMatch(text, /cannot be split/);
  // no loop around the line: one call, which cannot be split
  assert.match(advise('cache-bound-offload', ua, { loopLine: null }), /One library call cannot be split with setImmediate/);
});

test('a SQL query builder called once per item of the app\'s loop: build the statement once and bind each item\'s values', () => {
  const meta = (/** @type {string} */ name, /** @type {string} */ description, /** @type {string[]} */ keywords = []) => ({ name, description, keywords });
  // by the package.json: what knex, squel, kysely, sql-bricks and drizzle say of themselves; not a driver, or a query body for another store
  assert.equal(buildsStatements(meta('knex', 'A batteries-included SQL query & schema builder for PostgresSQL, MySQL, CockroachDB, MSSQL and SQLite3', ['sql', 'query-builder'])), true);
  assert.equal(buildsStatements(meta('squel', 'SQL query string builder', ['sql', 'database', 'rdbms'])), true);
  assert.equal(buildsStatements(meta('kysely', 'Type safe SQL query builder', ['query', 'builder', 'sql'])), true);
  assert.equal(buildsStatements(meta('pg', 'PostgreSQL client - pure javascript & libpq with the same API', ['database', 'libpq', 'pg', 'postgre', 'postgres', 'postgresql', 'rdbms'])), false);
  assert.equal(buildsStatements(meta('sql-bricks', 'Transparent, Schemaless SQL Generation', ['sql', 'generation'])), true);
  assert.equal(buildsStatements(meta('drizzle-orm', 'Drizzle ORM package for SQL databases', ['drizzle', 'orm', 'pg', 'sql'])), true);
  assert.equal(buildsStatements(meta('mysql2', 'fast mysql driver. Implements core protocol, prepared statements, ssl and compression in native JS', ['mysql', 'client', 'server'])), false);
  assert.equal(buildsStatements(meta('bodybuilder', 'An elasticsearch query body builder', ['elasticsearch', 'query', 'builder'])), false);
  assert.equal(buildsStatements(null), false);
  const rows = owners({ owner: pkg('squel', '5.13.0'), entry: entry('update') });
  assert.equal(fixFor(rows, 'sync', { statementLoop: true, verb: null }), 'compile-once');
  assert.equal(fixFor(rows, 'sync', { statementLoop: false }), 'cache-bound-offload', 'one statement a request: its size is the work');
  // a backtracking regex in the builder is still the dependency's
  assert.equal(fixFor(owners({ owner: pkg('squel'), regexShare: 0.8, regex: '(a+)+$', regexRunMs: 140 }), 'sync', { statementLoop: true }), 'regex-dependency');
  const text = advise('compile-once', rows, { statementLoop: true, loopLine: 11 });
  assert.match(text, /^update of squel@5\.13\.0, called at app\.js:12, held the loop 180 ms, called once per item of the loop at line 11: a query builder makes its objects and compiles the SQL again for each item, though only the values change\. Build the parameterised statement once/);
  assert.match(text, /or send one multi-row statement/);
});

test("a JavaScript package's key derivation: node:crypto computes it natively on the pool, said first, the worker pool beside it", () => {
  const kdf = owners({ owner: pkg('@noble/hashes', '1.7.1'), entry: entry('pbkdf2') });
  assert.equal(fixFor(kdf, 'sync'), 'cache-bound-offload');
  const text = advise('cache-bound-offload', kdf);
  assert.match(text, /deriving a key in JavaScript \(pbkdf2\), slow by design: move it off the loop\. node:crypto computes pbkdf2 natively, and its callback form \(crypto\.pbkdf2\) runs on libuv's thread pool/);
  assert.match(text, /or run the call in a worker pool/);
  assert.doesNotMatch(text, /cache the result/, 'a derivation per sign-in is not a result to cache');
  // named by the calling line when the stack's function is an inner one
  const inner = owners({ owner: pkg('scrypt-js', '3.0.1'), entry: entry('salsa20_8') });
  assert.match(advise('cache-bound-offload', inner, { lineText: 'const key = scrypt.syncScrypt(pw, salt, N, r, p, 64);' }), /node:crypto computes scrypt natively/);
  assert.match(advise('cache-bound-offload', inner, { lineText: 'const key = CryptoJS.PBKDF2(pw, salt, { iterations: 1e5 });' }), /node:crypto computes pbkdf2 natively/);
  // a parser is not a key derivation, nor is a name that only contains one
  assert.doesNotMatch(advise('cache-bound-offload', owners({ owner: pkg('js-yaml'), entry: entry('load') }), { lineText: 'yaml.load(text)' }), /node:crypto/);
  assert.doesNotMatch(advise('cache-bound-offload', owners({ owner: pkg('x'), entry: entry('describe') }), { lineText: 'descrypted(scryptography)' }), /node:crypto/);
});

test('a regex inside a dependency: bound its input and upgrade the package; the app\'s own regex: rewrite it', () => {
  const dep = owners({ owner: pkg('ua-parser-js', '0.7.32'), regexShare: 0.8, regex: '(a+)+$', regexRunMs: 140 });
  assert.equal(fixFor(dep, 'sync'), 'regex-dependency');
  // a parser's or query builder's many short matches, however much of its time: no match backtracked
  const parser = owners({ owner: pkg('knex', '3.1.0'), regexShare: 0.6, regex: '\\?', regexRunMs: 30 });
  assert.equal(fixFor(parser, 'sync'), 'cache-bound-offload');
  // nor a package whose regexes are a part of its work, even in long stretches (one escape over a
  // large body, a typed field's test on every cell): the work is the package's
  assert.equal(fixFor(owners({ owner: pkg('mustache', '4.2.0'), regexShare: 0.6, regex: '[&<>"\'`=\\/]', regexRunMs: 80 }), 'sync'), 'cache-bound-offload');
  // a block shorter than 50 ms (a low threshold): one stretch of most of the owner's time
  assert.equal(fixFor(owners({ owner: pkg('ms', '0.7.0'), ownerMs: 30, regexShare: 1, regexRunMs: 30 }), 'sync'), 'regex-dependency');
  assert.equal(fixFor(owners({ owner: { kind: 'app', name: 'app' }, regexShare: 0.6, regexRunMs: 30 }), 'sync'), 'own-loop');
  assert.equal(fixFor(owners({ owner: { kind: 'app', name: 'app' }, regexShare: 0.9, regexRunMs: 120 }), 'sync'), 'regex-app');
  const text = advise('regex-dependency', dep);
  assert.match(text, /inside ua-parser-js@0\.7\.32 \(\/\(a\+\)\+\$\/\) ran 80% of a 180 ms block in long stretches on input the app passed at app\.js:12: a match that backtracks \(a ReDoS\), or one pass over a very large input\. Bound the input's length before the call, and upgrade ua-parser-js: `npm ls ua-parser-js`.*`npm audit`/);
  // a regex no capture saw compiled (no pattern: the line that ran it): a table run from one line reads the same
  const unseen = owners({ owner: pkg('mobile-detect', '1.4.5'), regexShare: 1, regex: '', regexRunMs: 400 });
  assert.equal(fixFor(unseen, 'sync'), 'regex-dependency');
  const unseenText = advise('regex-dependency', unseen);
  assert.match(unseenText, /inside mobile-detect@1\.4\.5 ran 100% of a 180 ms block in long stretches on input the app passed at app\.js:12: a match that backtracks \(a ReDoS\), one pass over a very large input, or a table of patterns run one after the other from one line \(the profile named no pattern: V8 names one only when it compiles it while profiling\)\. Bound the input's length before the call \(and cache its result where the same input comes again\), and upgrade mobile-detect/);
  assert.doesNotMatch(text, /a table of patterns|cache its result/);
  // a regex that is part of a package's work, in long stretches: the fix is the package's, the regex is said
  const part = owners({ owner: pkg('chrono-node', '2.2.3'), regexShare: 0.5, regex: '(\\W|^)(\\s*)+ago', regexRunMs: 70 });
  assert.equal(fixFor(part, 'sync'), 'cache-bound-offload');
  assert.match(advise('cache-bound-offload', part), /; 50% of its time was in one regular expression \(\/\(\\W\|\^\)\(\\s\*\)\+ago\/\), in long stretches: if the slow requests carry unusual input, it may backtrack \(`npm audit` lists chrono-node's ReDoS advisories\)/);
  assert.doesNotMatch(advise('cache-bound-offload', parser), /regular expression/);
  assert.doesNotMatch(text, /rewrite it without nested/);
  const mine = owners({ owner: { kind: 'app', name: 'app' }, call: { id: 'regex', kind: 'regex', name: 'RegExp', pattern: '(a+)+$', frame: { functionName: '', url: '', line: 0 } } });
  assert.equal(fixFor(mine, 'sync'), 'regex-app');
  assert.match(advise('regex-app', mine), /catastrophic backtracking.*rewrite it without nested/);
});

test('native addons, allocation, compiling per call, payloads, the app\'s own loop', () => {
  const db = owners({ owner: { kind: 'native', name: 'better-sqlite3', version: '11.3.0' } });
  assert.equal(fixFor(db, 'sync'), 'native-sync');
  assert.match(advise('native-sync', db, { meta: { name: 'better-sqlite3', keywords: ['sql', 'sqlite3'], description: '' }, lineText: "  const rows = db.prepare('select *').all();" }),
    /native code of better-sqlite3@11\.3\.0, a synchronous addon call at app\.js:12 \(`const rows = db\.prepare\('select \*'\)\.all\(\);`\).*\(EXPLAIN QUERY PLAN\), add an index/);
  assert.match(advise('native-sync', owners({ owner: { kind: 'native', name: 'sharp-like' } }), { meta: { name: 'sharp-like', keywords: ['image'], description: '' } }), /async API if it has one/);

  const clone = owners({ owner: pkg('lodash', '4.17.21'), entry: entry('cloneDeep'), gcShare: 0.2 });
  assert.equal(fixFor(clone, 'sync', { verb: verbOf('cloneDeep', null) }), 'allocation', 'a copy is allocation whatever the GC share so far');
  assert.equal(fixFor(owners({ owner: pkg('x'), entry: entry('build'), gcShare: 0.45 }), 'sync'), 'allocation');
  // an object merge copies; a three-way merge of texts compares them (node-diff3's diff3Merge)
  assert.equal(verbOf('deepmerge', null), 'copy');
  assert.equal(verbOf('diff3Merge', null), 'diff');
  assert.equal(verbOf(null, { name: 'browserslist', keywords: [], description: 'Share target browsers between different front-end tools' }), null, 'different is no diff');
  assert.equal(verbOf('mergeRegions', { name: 'text-merge', keywords: [], description: 'text diffing and three-way-merge' }), 'diff');
  assert.equal(fixFor(owners({ owner: pkg('node-diff3'), entry: entry('diff3Merge'), gcShare: 0.05 }), 'sync', { verb: verbOf('diff3Merge', null) }), 'cache-bound-offload');
  const alloc = advise('allocation', clone);
  assert.match(alloc, /cloneDeep of lodash@4\.17\.21, called at app\.js:12,.*not a leak by itself/);
  assert.doesNotMatch(alloc, /bound caches|heap profile/);

  assert.equal(fixFor(owners({ owner: pkg('handlebars'), compileShare: 0.7 }), 'sync'), 'compile-once');
  // a package that runs what it parses, parsing a quarter of its time: its program is parsed on every
  // call (one parsed once never is); any other package's compile functions at that share are its work
  assert.equal(fixFor(owners({ owner: pkg('cel-js'), compileShare: 0.25 }), 'sync', { language: true }), 'compile-once');
  assert.equal(fixFor(owners({ owner: pkg('cel-js'), compileShare: 0.15 }), 'sync', { language: true }), 'cache-bound-offload');
  assert.equal(fixFor(owners({ owner: pkg('kysely'), compileShare: 0.25 }), 'sync'), 'cache-bound-offload');
  assert.match(advise('compile-once', owners({ owner: pkg('handlebars', '4.7.8'), entry: entry('render'), compileShare: 0.7 })), /70% of it compiling.*Compile once at start-up/);
  // most of it making Intl's locale objects: the advice says what is made again and how to keep it
  const intl = owners({ owner: pkg('intl-messageformat', '10.7.7'), entry: entry('IntlMessageFormat.format'), compileShare: 0.87, intlShare: 0.87 });
  assert.equal(fixFor(intl, 'sync'), 'compile-once');
  assert.match(advise('compile-once', intl), /87% of it making Intl's locale objects.*once per locale/);
  assert.doesNotMatch(advise('compile-once', owners({ owner: pkg('handlebars'), compileShare: 0.7, intlShare: 0.1 })), /Intl/);
  // what is compiled runs again on other data (a template, a schema, a query): compile it once; a
  // compiler whose output is the product (a stylesheet): cache the output
  /** @param {string} name @param {string} description @param {string[]} keywords */
  const meta = (name, description, keywords) => ({ name, description, keywords });
  assert.equal(compilesReusable('compile', meta('handlebars', 'semantic templates', ['template'])), true);
  assert.equal(compilesReusable('Compile', meta('@acme/types', 'Json Schema Type Builder', ['json-schema'])), true);
  assert.equal(compilesReusable('toSQL', null), true);
  assert.equal(compilesReusable('compileString', meta('sass', 'A pure JavaScript implementation of Sass.', ['style', 'scss', 'css'])), false);
  assert.equal(compilesReusable('compile', meta('less', 'Leaner CSS', ['compile less', 'css nesting'])), false);
  assert.equal(compilesReusable('transpileModule', meta('typescript', 'a language for application scale JavaScript', ['TypeScript', 'compiler'])), false);
  assert.equal(compilesReusable('render', meta('hogan.js', 'A mustache compiler.', ['mustache', 'template'])), true);
  // an expression language's compiled expression runs on each event's context; nothing said: as before
  assert.equal(compilesReusable('evalSync', meta('@acme/expr', 'expression parser and evaluator', ['expression', 'evaluator'])), true);
  assert.equal(compilesReusable('compile', null), true);
  // parsing is compiling in a package that runs what it parses (a template engine, an expression, formula
  // or query language), not in a parser of data, nor in one of regular expressions
  assert.equal(runsWhatItParses(meta('liquidjs', 'Liquid template engine by pure JavaScript', ['liquid', 'template engine'])), true);
  assert.equal(runsWhatItParses(meta('@acme/calc', 'Mathematical expression evaluator', ['math', 'parser'])), true);
  assert.equal(runsWhatItParses(meta('@acme/sheet', 'Spreadsheet formula parser', ['excel'])), true);
  // a localization library's messages are templates formatted with arguments; a date library that says i18n is not one
  assert.equal(runsWhatItParses(meta('@acme/l10n', 'Localization library for expressive translations.', ['l10n', 'translation', 'parser'])), true);
  assert.equal(runsWhatItParses(meta('@acme/icu', 'ICU message strings with plural placeholders', ['icu', 'messageformat'])), true);
  assert.equal(runsWhatItParses(meta('@acme/dates', 'Parse, validate, manipulate, and display dates', ['date', 'i18n', 'l10n'])), false);
  assert.equal(runsWhatItParses(meta('@acme/sig', 'Translate ECDSA signatures between DER and JOSE', ['ecdsa', 'jwt'])), false);
  assert.equal(runsWhatItParses(meta('js-yaml', 'YAML 1.2 parser and serializer', ['yaml', 'parser'])), false);
  assert.equal(runsWhatItParses(meta('@acme/rx', 'Regular expressions processor', ['regexp', 'parser'])), false);
  assert.equal(runsWhatItParses(null), false);
  assert.equal(runsWhatItParses(meta('jsonata', 'JSON query and transformation language', ['json', 'query'])), true);
  assert.equal(runsWhatItParses(meta('@acme/dates', 'A natural language date parser in JavaScript', [])), false);
  assert.equal(runsWhatItParses(meta('@acme/md', 'Parser for a lightweight markup language', ['markdown'])), false);
  // an expression compiler's output runs on data: compile it once, whatever "compiler" says
  assert.equal(compilesReusable('compileExpression', meta('@acme/filters', 'A safe filter expression compiler for end-users', [])), true);
  assert.equal(fixFor(owners({ owner: pkg('sass'), compileShare: 0.9 }), 'sync', { reusable: false }), 'cache-bound-offload');

  const json = owners({ owner: { kind: 'json', name: 'JSON.stringify' } });
  assert.equal(fixFor(json, 'sync'), 'payload');
  assert.match(advise('payload', json), /^JSON\.stringify \(called from app\.js:12\) held the loop 180 ms: .*paginate/);

  const loop = owners({ owner: { kind: 'app', name: 'app' } });
  assert.equal(fixFor(loop, 'sync'), 'own-loop');
  assert.equal(fixFor(loop, 'microtask'), 'microtask');
  // the app's async function resumed after each await is a chain of its own, whatever share V8's
  // machinery took; a package's continuation that called on into the app (an async middleware's next()
  // after its await) ran the app's loop once, unless the block's time is the machinery between continuations
  assert.equal(fixFor({ ...loop, queueShare: 0 }, 'microtask', { appMicrotask: true }), 'microtask');
  assert.equal(fixFor({ ...loop, queueShare: 0.3 }, 'microtask', { appMicrotask: false }), 'microtask');
  assert.equal(fixFor({ ...loop, queueShare: 0 }, 'microtask', { appMicrotask: false }), 'own-loop');
  assert.equal(fixFor({ ...loop, queueShare: 0.02, gcShare: 0.6 }, 'microtask', { appMicrotask: false }), 'allocation');
  assert.match(advise('own-loop', { ...loop, queueShare: 0 }, { cause: 'microtask', phase: 'microtasks' }), /at app\.js:12 ran 180 ms without yielding: split the work/);
  assert.equal(fixFor(loop, 'nextTick'), 'nextTick');
  assert.equal(fixFor(loop, 'gc'), 'allocation');
  assert.match(advise('own-loop', loop), /an I\/O callback \(poll phase\) at app\.js:12 ran 180 ms without yielding: split the work and yield with setImmediate/);
  // a loader that compiled the file to one line: the lines it could be, and the known call among them
  assert.match(advise('own-loop', owners({ owner: { kind: 'app', name: 'app' }, lineCandidates: [11, 12, 13] }), { candidateCalls: ['line 13 calls JSON.parse'] }),
    /cannot tell which of lines 11, 12, 13 ran; line 13 calls JSON\.parse/);
  const node = owners({ owner: { kind: 'node', name: 'node:fs' }, call: { id: 'fs-sync', kind: 'fs-sync', name: 'fs.readFileSync', frame: { functionName: 'readFileSync', url: 'node:fs', line: 441 } } });
  assert.equal(fixFor(node, 'sync'), 'async-form');
  assert.match(advise('async-form', node), /^fs\.readFileSync in app\.js:12 held the loop 180 ms: .*fs\.promises\.readFile/);
  assert.match(gcOnlyAdvice(300, 0.6), /garbage collection took 60% of this 300 ms block/);
});

test('what a call does: its name first, else its package.json', () => {
  assert.equal(verbOf('cloneDeep', null), 'copy');
  assert.equal(verbOf('parseDocument', null), 'parse');
  assert.equal(verbOf('run', { name: 'fast-xml-parser', keywords: ['xml'], description: '' }), 'parse');
  assert.equal(verbOf('x', { name: 'ejs', keywords: ['template', 'engine'], description: '' }), 'render');
  assert.equal(verbOf('x', { name: 'mystery', keywords: [], description: '' }), null);
  // immutability as the package's subject is copying; as a quality of dates, it is not
  assert.equal(verbOf('x', { name: 'immutable', keywords: ['immutable', 'persistent'], description: 'Immutable Data Collections' }), 'copy');
  assert.equal(verbOf('x', { name: 'immer', keywords: ['immutable', 'mutable', 'copy-on-write'], description: 'Create your next immutable state by mutating the current one' }), 'copy');
  assert.equal(verbOf('x', { name: 'dayjs', keywords: ['dayjs', 'date', 'time', 'immutable', 'moment'], description: '2KB immutable date time library alternative to Moment.js' }), null);
  assert.equal(verbOf('x', { name: 'luxon', keywords: ['date', 'immutable'], description: 'Immutable date wrapper' }), null);
});

test('microtask: the app\'s async function resumed by the queue is a chain; a package\'s continuation that called into the app is not', () => {
  const frame = (/** @type {string} */ functionName, /** @type {string} */ kind, url = kind === 'app' ? '/srv/app.js' : kind === 'node_modules' ? '/srv/node_modules/x/index.js' : '') => ({ functionName, url, kind });
  const queue = [frame('runMicrotasks', 'native'), frame('processTicksAndRejections', 'node')];
  // the handler resumed after each `await` (h3, fastify's async route), with the package it awaits above it
  const handler = { frames: [frame('(anonymous)', 'app'), ...queue] };
  const memo = { frames: [frame('getValidCacheItem', 'node_modules'), frame('memoized', 'node_modules'), frame('(anonymous)', 'app'), ...queue] };
  assert.equal(microtaskCallbackIsApp([handler, memo, handler]), true);
  // an async middleware's next() after its await ran express's router and the app's handler
  const routed = { frames: [frame('findConflicts', 'app'), frame('(anonymous)', 'app'), frame('next', 'node_modules'), frame('(anonymous)', 'node_modules'), ...queue] };
  assert.equal(microtaskCallbackIsApp([routed, routed, handler]), false);
  // a continuation with nothing under it (V8 drained the queue after a callback): its outermost frame
  assert.equal(microtaskCallbackIsApp([{ frames: [frame('step', 'app'), frame('(anonymous)', 'app')] }]), true);
  assert.equal(microtaskCallbackIsApp([{ frames: [frame('work', 'app'), frame('processImmediate', 'node')] }]), null);
});

test('nextTick: the fix for a recursion of the app\'s own, not for the app\'s long work run by a framework\'s or Node\'s tick callback', () => {
  const frame = (/** @type {string} */ functionName, /** @type {string} */ kind) => ({ functionName, kind });
  const ticks = frame('processTicksAndRejections', 'node');
  assert.equal(tickCallbackIsApp([frame('work', 'app'), frame('step', 'app'), ticks]), true);
  assert.equal(tickCallbackIsApp([frame('retention', 'app'), frame('(anonymous)', 'app'), frame('nextTick', 'node_modules'), ticks]), false);
  assert.equal(tickCallbackIsApp([frame('onBody', 'app'), frame('endReadableNT', 'node'), ticks]), false);
  assert.equal(tickCallbackIsApp([frame('work', 'app'), frame('processImmediate', 'node')]), null);
  const owned = /** @type {any} */ ({ owner: { kind: 'app', name: 'app' }, gcShare: 0.1, regexShare: 0, regexRunMs: 0, ownerMs: 200, call: null });
  assert.equal(fixFor(owned, 'nextTick', { appTick: true }), 'nextTick');
  assert.equal(fixFor(owned, 'nextTick', { appTick: false }), 'own-loop');
  assert.equal(fixFor(owned, 'nextTick', {}), 'nextTick');
});

test('a line that calls what a package call returns at once builds it on every pass: compile once, whatever the frames are named', async () => {
  const { callsWhatItBuilds } = await import('../../src/analyze/diagnose-block.js');
  assert.equal(callsWhatItBuilds('const hits = lastMinute.filter((s) => sift(rule.query)(s));', ['sift']), true);
  assert.equal(callsWhatItBuilds('  const name = _.template(workspace.settings.nameFormat)(row);', ['_']), true);
  // at the end of a chain of its methods: a locale, then a format, then the number
  assert.equal(callsWhatItBuilds('  return formatLocale(LOCALES[locale]).format(spec)(value);', ['formatLocale'], true), true);
  assert.equal(callsWhatItBuilds('  return formatLocale(LOCALES[locale]).format(spec)(value);', ['formatLocale']), false, 'a chain only when asked');
  assert.equal(callsWhatItBuilds('  return moment(value).tz(zone).format(spec);', ['moment'], true), false, 'a chain that ends in a method: no function built');
  assert.equal(callsWhatItBuilds('const factory = require("pino")(opts);', ['pino']), false, 'a module\'s factory at start-up');
  assert.equal(callsWhatItBuilds('res.json(render(view, data)); // render(x)(y)', ['render']), false, 'calls nested, and a comment');
  assert.equal(callsWhatItBuilds("log('parse(x)(y)', parse(body));", ['parse']), false, 'inside a string');
  assert.equal(callsWhatItBuilds('UseInterceptors(ClassSerializerInterceptor)(OrdersController);', ['classToPlain']), false, 'another package\'s decorator');
  const sift = owners({ owner: pkg('sift', '17.1.4'), entry: entry('createDefaultQueryTester') });
  assert.equal(fixFor(sift, 'sync'), 'cache-bound-offload');
  assert.equal(fixFor(sift, 'sync', { builtAndCalled: true }), 'compile-once');
  assert.equal(fixFor(sift, 'sync', { builtAndCalled: true, reusable: false }), 'cache-bound-offload', 'a product (a minifier\'s output) is not run again');
  const text = advise('compile-once', sift, { builtAndCalled: true, lineText: '    const hits = lastMinute.filter((s) => sift(rule.query)(s));' });
  assert.match(text, /^createDefaultQueryTester of sift@17\.1\.4, called at app\.js:12, held the loop 180 ms: the app calls what it returns at once \(`const hits = lastMinute\.filter\(\(s\) => sift\(rule\.query\)\(s\)\);`\), so it builds .* again on every pass\. Build it once/);
});

test('a package\'s promise chain whose garbage took the collector most of the block is still the chain: the code\'s own cause decides', () => {
  // graphql's executor with async resolvers: half the block collecting the promises it made
  const chain = owners({ owner: pkg('graphql', '16.15.0'), entry: entry('execute'), queueShare: 0.2, gcShare: 0.5 });
  assert.equal(fixFor(chain, 'gc', { codeCause: 'microtask' }), 'microtask');
  assert.equal(fixFor(chain, 'microtask'), 'microtask');
  // the collector's majority over code that ran from a callback is not a chain
  assert.notEqual(fixFor(chain, 'gc', { codeCause: 'sync' }), 'microtask');
  // nor a chain with no promise machinery of its own between continuations
  assert.notEqual(fixFor({ ...chain, queueShare: 0 }, 'gc', { codeCause: 'microtask' }), 'microtask');
});

test('a promise library draining a queue of its own from setImmediate (bluebird) runs its chain there: microtask, and the advice says where', async () => {
  const { drainsOwnQueue } = await import('../../src/analyze/diagnose-block.js');
  const fr = (/** @type {string} */ functionName, /** @type {string} */ url, kind) => ({ functionName, url, line: 1, column: 1, kind });
  const bb = (/** @type {string} */ fn) => fr(fn, '/srv/node_modules/bluebird/js/release/async.js', 'node_modules');
  const immediate = fr('processImmediate', 'node:internal/timers', 'node');
  const drain = [bb('_drainQueueStep'), bb('_drainQueue'), bb('Async.drainQueues'), immediate];
  // an app callback the queue runs sits above the drain: still the package's queue
  const callback = [fr('getPrice', '/srv/app.js', 'app'), bb('tryCatcher'), ...drain];
  // Promise.map called from the handler: the app's own call, not a drain
  const called = [bb('MappingPromiseArray'), fr('handler', '/srv/app.js', 'app'), fr('emit', 'node:events', 'node')];
  const isBluebird = (/** @type {{url: string}} */ f) => f.url.includes('/bluebird/');
  const block = (/** @type {any[][]} */ stacks) => stacks.map((frames, i) => ({ t: i, weightMs: 10, frames, line: null }));
  assert.equal(drainsOwnQueue(block([drain, callback, drain, called]), isBluebird), 'processImmediate');
  assert.equal(drainsOwnQueue(block([called, called, drain, called]), isBluebird), null);
  const chain = owners({ owner: pkg('bluebird', '3.7.2'), entry: entry('Async.drainQueues'), queueShare: 0 });
  assert.equal(fixFor(chain, 'sync', { promises: true, ownQueue: true }), 'microtask');
  // a package about promises that formats SQL from the app's call (pg-promise) is not a chain
  assert.equal(fixFor(owners({ owner: pkg('pg-promise', '11.10.2'), entry: entry('insert') }), 'sync', { promises: true, ownQueue: false }), 'cache-bound-offload');
  assert.match(advise('microtask', chain, { ownQueue: 'processImmediate' }), /bluebird@3\.7\.2's promise chain, called at app\.js:12, ran 180 ms in its own queue, drained from one setImmediate callback/);
});

test('node:vm making a new context and compiling on every call: make the context and the script once', () => {
  const vm = owners({ owner: { kind: 'node', name: 'node:vm' }, entry: { functionName: 'runInNewContext', url: 'node:vm', line: 304 }, compileShare: 0.9 });
  assert.equal(fixFor(vm, 'sync'), 'compile-once');
  assert.match(advise('compile-once', vm), /making a new context and compiling the code.*vm\.createContext.*new vm\.Script.*script\.runInContext\(context\)/);
  // a script compiled once and run: its code's own work
  assert.equal(fixFor({ ...vm, entry: { functionName: 'runInContext', url: 'node:vm', line: 120 }, compileShare: 0 }, 'sync'), 'cache-bound-offload');
});

test('a package compressing in a format node:zlib computes: the advice names zlib\'s callback form', () => {
  assert.deepEqual(nodeZlib('module.exports.compress brotli.compress(Buffer.from(payload), { quality: 11 })', { name: 'brotli-wasm', keywords: [], description: 'A reasonably fast brotli (de)compressor' }),
    { format: 'Brotli', api: 'brotliCompress', verb: 'compressing' });
  assert.deepEqual(nodeZlib('inflate pako.inflate(buf)', { name: 'pako', keywords: ['zlib', 'deflate', 'inflate', 'gzip'], description: 'zlib port to javascript' }),
    { format: 'deflate', api: 'inflate', verb: 'decompressing' });
  // an LZ compressor of its own format, or an archive: nothing of Node's does the same
  assert.equal(nodeZlib('compressToUTF16 LZString.compressToUTF16(text)', { name: 'lz-string', keywords: ['lz', 'compression', 'string'], description: 'LZ-based compression algorithm' }), null);
  const meta = { name: 'brotli-wasm', keywords: [], description: 'A reasonably fast brotli (de)compressor' };
  const o = /** @type {any} */ ({ owner: { kind: 'package', name: 'brotli-wasm', version: '3.0.1' }, entry: { functionName: 'module.exports.compress' }, calledFrom: { url: 'app.js', line: 23 }, gcShare: 0 });
  const text = adviceText('cache-bound-offload', o, { cause: 'sync', phase: 'timers', durationMs: 140, gcShare: 0, site: (f) => `${f.url}:${f.line}`, meta, verb: 'compress', lineText: 'return Buffer.from(brotli.compress(Buffer.from(payload), { quality: 11 }));' });
  assert.match(text, /compressing Brotli in JavaScript or WebAssembly.*zlib\.brotliCompress/);
});
