// Which fix a synchronous call gets depends on what its package offers: an async form read from
// the package itself (declarations, then source), an addon however it is shipped (node-gyp, N-API
// platform packages), and Node's queue drains that are never an owner of their callbacks' time.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppSources } from '../../src/sources/app-sources.js';
import { asyncCounterpart, declaresCall, yieldingTwin } from '../../src/sources/async-forms.js';
import { fixFor, managesPromises } from '../../src/analyze/remedies.js';
import { ownerOfSample } from '../../src/analyze/time-owners.js';
import { ownerOf } from '../../src/analyze/ownership.js';
import { matchKnownCall } from '../../src/analyze/known-calls.js';

/** @param {import('node:test').TestContext} t */
function folder(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-async-forms-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  /** @param {string} rel @param {string | object} body */
  const write = (rel, body) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), typeof body === 'string' ? body : JSON.stringify(body));
  };
  return { dir, write };
}

test('an async form is one that frees the loop: an addon\'s declared Promise or callback; a JavaScript package\'s callback or a body that yields', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  // a declared pair
  write('node_modules/hasher/package.json', { name: 'hasher', version: '1.0.0', main: 'index.js', types: 'index.d.ts' });
  write('node_modules/hasher/index.js', 'module.exports.hash = binding.hash;\nmodule.exports.hashSync = binding.hashSync;\n');
  write('node_modules/hasher/index.d.ts', 'export declare function hash(p: string, o?: Options): Promise<string>\nexport declare function hashSync(p: string, o?: Options): string\n');
  assert.equal(asyncCounterpart(sources, path.join(dir, 'node_modules/hasher'), null, ['hashSync'], 'index.js', 'index.d.ts', true), 'hash');
  // a sync "counterpart" that is an alias of the same synchronous writer
  write('node_modules/sheets/package.json', { name: 'sheets', version: '1.0.0', main: 'sheets.js' });
  write('node_modules/sheets/sheets.js', 'function writeSync(wb, opts) {\n  return write(wb, opts);\n}\nfunction write(wb, opts) {\n  var o = opts || {};\n  return build(wb, o);\n}\n');
  const sheets = path.join(dir, 'node_modules/sheets');
  assert.equal(asyncCounterpart(sources, sheets, path.join(sheets, 'sheets.js'), ['writeSync'], 'sheets.js', null, false), null);
  // defined with a callback, no declarations
  write('node_modules/cb/package.json', { name: 'cb', version: '1.0.0', main: 'lib.js' });
  write('node_modules/cb/lib.js', 'exports.compressSync = function (buf) {\n  return run(buf);\n};\nexports.compress = function (buf, callback) {\n  setImmediate(() => callback(null, run(buf)));\n};\n');
  const cb = path.join(dir, 'node_modules/cb');
  assert.equal(asyncCounterpart(sources, cb, path.join(cb, 'lib.js'), ['compressSync'], 'lib.js', null, false), 'compress');
  // `render` → `renderAsync`; a method whose class also returns a Promise of the same result
  write('node_modules/img/package.json', { name: 'img', version: '1.0.0', main: 'index.js' });
  write('node_modules/img/index.d.ts', [
    'export declare function renderAsync(svg: string): Promise<RenderedImage>',
    'export declare class Canvas {',
    '  getContext(kind: "2d"): Context',
    '  toBuffer(mime: "image/png"): Buffer',
    '  encode(format: "png" | "webp"): Promise<Buffer>',
    '  toDataURL(): string',
    '}',
    'export declare class Renderer {',
    '  render(): RenderedImage',
    '}',
  ].join('\n'));
  const img = path.join(dir, 'node_modules/img');
  assert.equal(asyncCounterpart(sources, img, null, ['toBuffer'], 'index.js', null, true), 'encode');
  assert.equal(asyncCounterpart(sources, img, null, ['render', 'asPng'], 'index.js', null, true), 'renderAsync');
  assert.equal(asyncCounterpart(sources, img, null, ['toDataURL', 'getContext'], 'index.js', null, true), null, 'a string or a context has no Promise twin');
  // a JavaScript package's Promise form that awaits its own synchronous work frees nothing
  write('node_modules/schema/package.json', { name: 'schema', version: '1.0.0', main: 'lib/index.js', types: 'lib/index.d.ts' });
  write('node_modules/schema/lib/index.d.ts', 'export declare class Type {\n  parse(data: unknown): Output\n  parseAsync(data: unknown): Promise<Output>\n}\n');
  write('node_modules/schema/lib/types.js', 'class Type {\n  parse(data) {\n    return this._parse(data);\n  }\n  async parseAsync(data) {\n    const result = await this._parseAsync(data);\n    return result;\n  }\n}\n');
  const schema = path.join(dir, 'node_modules/schema');
  assert.equal(asyncCounterpart(sources, schema, path.join(schema, 'lib/types.js'), ['parse'], 'lib/index.js', 'lib/index.d.ts', false), null);
  // a Promise form that steps a generator through the package's own wrapper of setImmediate
  write('node_modules/quant/package.json', { name: 'quant', version: '1.0.0', main: './dist/quant.cjs' });
  // as esbuild bundles it: the export map's getters first, then the functions
  write('node_modules/quant/dist/quant.cjs', [
    '__export(src_exports, {', '  apply: () => apply,', '  applySync: () => applySync,', '});',
    'function applySync(image) {', '  return run(image);', '}',
    'async function apply(image) {', '  return new Promise((resolve) => {', '    const it = steps(image);',
    '    const next = () => { const r = it.next(); if (r.done) resolve(r.value); else setImmediateImpl(next); };',
    '    setImmediateImpl(next);', '  });', '}',
  ].join('\n'));
  const quant = path.join(dir, 'node_modules/quant');
  assert.equal(asyncCounterpart(sources, quant, path.join(quant, 'dist/quant.cjs'), ['applySync'], './dist/quant.cjs', null, false), 'apply');
});

test('an addon however it is shipped: node-gyp, a loader, N-API\'s napi field, a platform package holding the .node', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  const app = path.join(dir, 'app.js');
  write('app.js', '');
  write('node_modules/gyp/package.json', { name: 'gyp', version: '1.0.0', gypfile: true });
  write('node_modules/napi/package.json', { name: 'napi', version: '1.0.0', napi: { binaryName: 'napi' } });
  write('node_modules/split/package.json', { name: 'split', version: '1.0.0', optionalDependencies: { 'split-linux-x64-gnu': '1.0.0', 'split-darwin-arm64': '1.0.0' } });
  write('node_modules/split-linux-x64-gnu/package.json', { name: 'split-linux-x64-gnu', version: '1.0.0', os: ['linux'], cpu: ['x64'], main: 'split.linux-x64-gnu.node' });
  write('node_modules/split-linux-x64-gnu/split.linux-x64-gnu.node', 'ELF');
  write('node_modules/prebuilt/package.json', { name: 'prebuilt', version: '1.0.0' });
  write('node_modules/prebuilt/prebuilds/linux-x64/prebuilt.node', 'ELF');
  // a tool with platform binaries that are executables, not addons; and a plain package
  write('node_modules/bundler/package.json', { name: 'bundler', version: '1.0.0', optionalDependencies: { 'bundler-linux-x64': '1.0.0' } });
  write('node_modules/bundler-linux-x64/package.json', { name: 'bundler-linux-x64', version: '1.0.0', os: ['linux'], cpu: ['x64'] });
  write('node_modules/bundler-linux-x64/bin/bundler', 'ELF');
  write('node_modules/plain/package.json', { name: 'plain', version: '1.0.0' });
  const natives = ['gyp', 'napi', 'split', 'prebuilt', 'bundler', 'plain'].map((n) => sources.isNative(n, app));
  assert.deepEqual(natives, [true, true, true, true, false, false]);
});

test('an addon whose declarations show the call and no async form of it: cached, bounded or offloaded, not "use its async API"', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  write('node_modules/cssx/package.json', { name: 'cssx', version: '1.0.0', main: 'index.js', types: 'index.d.ts' });
  write('node_modules/cssx/index.d.ts', 'export declare function transform(options: TransformOptions): TransformResult\nexport declare function bundleAsync(options: BundleOptions): Promise<TransformResult>\n');
  const cssx = path.join(dir, 'node_modules/cssx');
  assert.equal(asyncCounterpart(sources, cssx, null, ['transform'], 'index.js', 'index.d.ts', true), null);
  assert.equal(declaresCall(sources, cssx, null, ['transform'], 'index.js', 'index.d.ts'), true);
  // a declaration whose options object is spelled out inline, a documented field a few lines: its
  // parameters run past 30 lines (it read as undeclared before)
  write('node_modules/minhtml/package.json', { name: 'minhtml', version: '1.0.0', main: 'index.js', types: 'index.d.ts' });
  const fields = Array.from({ length: 14 }, (_, i) => `    /** Keep part ${i} of the document.\n     * (a second line) */\n    keep_${i}?: boolean;`).join('\n');
  write('node_modules/minhtml/index.d.ts', `/**\n * Minifies HTML.\n */\nexport function minify(\n  src: Buffer,\n  cfg: {\n${fields}\n  },\n): Buffer;\n`);
  assert.equal(declaresCall(sources, path.join(dir, 'node_modules/minhtml'), null, ['minify', 'get'], 'index.js', 'index.d.ts'), true);
  // a call the declarations do not have, or an addon with none (sodium-native): not known, still native-sync
  assert.equal(declaresCall(sources, cssx, null, ['compile'], 'index.js', 'index.d.ts'), false);
  write('node_modules/bare/package.json', { name: 'bare', version: '1.0.0', main: 'index.js' });
  assert.equal(declaresCall(sources, path.join(dir, 'node_modules/bare'), null, ['transform'], 'index.js', null), false);
  const owned = /** @type {any} */ ({ owner: { kind: 'native', name: 'cssx' }, regexShare: 0, compileShare: 0, gcShare: 0, call: null });
  assert.equal(fixFor(owned, 'sync', { syncOnly: true }), 'cache-bound-offload');
  assert.equal(fixFor(owned, 'sync', {}), 'native-sync');
  assert.equal(fixFor(owned, 'sync', { asyncSibling: 'transformAsync', syncOnly: false }), 'async-form');
  // a package's promise chain that resolves at once (its time partly V8's promise machinery) against
  // one long continuation after a query (an ORM building its rows: none of it)
  const chain = /** @type {any} */ ({ owner: { kind: 'package', name: 'p-map' }, regexShare: 0, compileShare: 0, gcShare: 0.1, queueShare: 0.2, call: null });
  assert.equal(fixFor(chain, 'microtask'), 'microtask');
  assert.equal(fixFor({ ...chain, queueShare: 0 }, 'microtask'), 'cache-bound-offload');
  assert.equal(fixFor(chain, 'sync'), 'cache-bound-offload', 'not from the microtask queue');
  // a promise library's own time in a microtask block is its machinery, whatever the runner's share
  const queue = { name: 'p-queue', keywords: ['promise', 'queue', 'concurrency'], description: 'Promise queue with concurrency control' };
  const orm = { name: 'sequelize', keywords: ['orm', 'database'], description: 'Sequelize is a promise-based Node.js ORM tool' };
  assert.equal(managesPromises(queue), true);
  assert.equal(managesPromises(orm), false);
  assert.equal(fixFor({ ...chain, queueShare: 0.05 }, 'microtask', { promises: managesPromises(queue) }), 'microtask');
  assert.equal(fixFor({ ...chain, queueShare: 0.05 }, 'microtask', { promises: managesPromises(orm) }), 'cache-bound-offload');
  assert.equal(fixFor({ ...chain, queueShare: 0.05 }, 'sync', { promises: true }), 'cache-bound-offload', 'pg-promise building a statement');
});

test('Node\'s queue drains are never the owner: a nextTick callback V8 inlined into processTicksAndRejections is the app\'s', () => {
  const sources = new AppSources();
  const frames = [{ functionName: 'processTicksAndRejections', url: 'node:internal/process/task_queues', line: 77, column: 1, kind: /** @type {const} */ ('node') }];
  assert.deepEqual(ownerOfSample(frames, null, sources).owner, { kind: 'app', name: 'app' });
  const timers = [{ functionName: 'listOnTimeout', url: 'node:internal/timers', line: 569, column: 1, kind: /** @type {const} */ ('node') }];
  assert.equal(ownerOfSample(timers, null, sources).owner.kind, 'app');
  // a request handler V8 inlined into the emitter that calls it, seen by a profile started after it was optimized
  const emitted = [{ functionName: 'emit', url: 'node:events', line: 471, column: 1, kind: /** @type {const} */ ('node') }, { functionName: 'parserOnIncoming', url: 'node:_http_server', line: 1026, column: 1, kind: /** @type {const} */ ('node') }];
  assert.equal(ownerOfSample(emitted, null, sources).owner.kind, 'app');
  const read = [{ functionName: 'readFileSync', url: 'node:fs', line: 441, column: 1, kind: /** @type {const} */ ('node') }];
  assert.equal(ownerOfSample(read, null, sources).owner.kind, 'node', 'a Node API the leaf ran stays Node\'s');
});

test('a stall whose code ran less than half a threshold, in no call that waits, is not the app\'s block', () => {
  const T = 50;
  const block = { durationMs: 62, runMs: 10.7, waitMs: 2.6, gcShare: 0, fix: 'async-form', call: null, culprit: { owner: { kind: 'package' } } };
  assert.equal(ownerOf(block, T, { processThread: true }), 'starved');
  assert.equal(ownerOf({ ...block, runMs: 40, waitMs: 2 }, T, { processThread: true }), 'app', 'it ran most of a threshold');
  assert.equal(ownerOf({ ...block, call: { kind: 'fs-sync' } }, T, { processThread: true }), 'app', 'a synchronous read waits off a CPU');
  assert.equal(ownerOf({ ...block, gcShare: 0.7 }, T, { processThread: true }), 'app', 'the collector\'s helpers hold the thread');
  assert.equal(ownerOf(block, T, { processThread: false }), 'app', 'a worker thread that neither ran nor waited was idle');
});

test('a package\'s call that sleeps in Atomics.wait until another thread answers (esbuild\'s transformSync) is the app\'s block, fixed by its async form', () => {
  // V8 gives Atomics.wait no frame: the time is the line of esbuild's runCallSync that calls it
  const top = { functionName: 'runCallSync', url: '/srv/node_modules/esbuild/lib/main.js', line: 2130, kind: 'node_modules' };
  const call = matchKnownCall([top], { line: 2143, text: '    let status = Atomics.wait(sharedBufferView, 0, 0);', frameIndex: 0 });
  assert.deepEqual([call?.kind, call?.name], ['sync-wait', 'Atomics.wait']);
  assert.equal(matchKnownCall([top], { line: 2144, text: '    if (status !== "ok") throw new Error("Atomics.wait() failed")', frameIndex: 0 }), null, 'a string that names it is no call');
  // the thread slept: it ran 8 ms of a 273 ms stall, and waited for a CPU 3 ms
  const block = { durationMs: 273, runMs: 8, waitMs: 3, gcShare: 0, fix: 'async-form', call, culprit: { owner: { kind: 'package' } } };
  assert.equal(ownerOf(block, 50, { processThread: true }), 'app');
  const owners = /** @type {any} */ ({ owner: { kind: 'package', name: 'esbuild' }, call, regexShare: 0, regexRunMs: 0, ownerMs: 270, compileShare: 0, gcShare: 0, queueShare: 0 });
  assert.equal(fixFor(owners, 'sync', {}), 'async-form', 'whether or not its async form could be read');
});

test('a call asleep in Atomics.wait under functions named compile (sass-embedded\'s compileString waits on its compiler\'s process) compiles nothing on this thread', (t) => {
  const { dir, write } = folder(t);
  write('node_modules/sass-embedded/package.json', { name: 'sass-embedded', version: '1.105.0', keywords: ['style', 'scss', 'sass', 'preprocessor', 'css'] });
  write('node_modules/sync-message-port/package.json', { name: 'sync-message-port', version: '1.1.3' });
  const nm = path.join(dir, 'node_modules');
  const frames = [
    { functionName: 'wait', url: `${nm}/sync-message-port/dist/lib/atomic_counter.js`, line: 56, column: 5, kind: 'node_modules' },
    { functionName: 'compileRequestSync', url: `${nm}/sass-embedded/dist/lib/src/compiler/sync.js`, line: 124, column: 5, kind: 'node_modules' },
    { functionName: 'compileString', url: `${nm}/sass-embedded/dist/lib/src/compile.js`, line: 24, column: 1, kind: 'node_modules' },
    { functionName: 'preview', url: path.join(dir, 'app.js'), line: 32, column: 1, kind: 'app' },
  ];
  const waiting = ownerOfSample(frames, { line: 59, text: '      Atomics.wait(this.view, 0, 0, timeout);', frameIndex: 0 }, new AppSources());
  assert.deepEqual([waiting.owner.name, waiting.call?.kind, waiting.compile], ['sass-embedded', 'sync-wait', false]);
  const compiling = ownerOfSample(frames, { line: 60, text: '      this.count--;', frameIndex: 0 }, new AppSources());
  assert.equal(compiling.compile, true, 'the same stack running its own code: compile by the name');
});

test('a call that slept until another process did the work: its declared Promise form awaits the same work, found through the types\' re-exports', (t) => {
  const { dir, write } = folder(t);
  const pkg = path.join(dir, 'node_modules/sass-embedded');
  write('node_modules/sass-embedded/package.json', { name: 'sass-embedded', main: 'dist/lib/index.js', types: 'dist/types/index.d.ts' });
  write('node_modules/sass-embedded/dist/types/index.d.ts', "export {\n  CompileResult,\n  compileString,\n  compileStringAsync,\n} from './compile';\nexport * from './options';\n");
  write('node_modules/sass-embedded/dist/types/compile.d.ts', [
    'export function compileString(source: string, options?: StringOptions<\'sync\'>): CompileResult;',
    'export function compileStringAsync(',
    '  source: string,',
    '  options?: StringOptions<\'async\'>',
    '): Promise<CompileResult>;',
  ].join('\n'));
  write('node_modules/sass-embedded/dist/lib/src/compile.js', 'function compileString(source, options) {\n  return compiler.compileString(source, options);\n}\n');
  const file = path.join(pkg, 'dist/lib/src/compile.js');
  const read = new AppSources();
  assert.equal(asyncCounterpart(read, pkg, file, ['compileString'], 'dist/lib/index.js', 'dist/types/index.d.ts', false, true), 'compileStringAsync');
  assert.equal(asyncCounterpart(read, pkg, file, ['compileString'], 'dist/lib/index.js', 'dist/types/index.d.ts', false, false), null,
    'work on this thread: a Promise alone does not free the loop');
});

test('an addon with no declarations: an async sibling its binary exports by name (`x_async`, `xAsync`), a whole word only', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  write('node_modules/sodium/package.json', { name: 'sodium', version: '1.0.0', main: 'index.js' });
  write('node_modules/sodium/index.js', "module.exports = require('node-gyp-build')(__dirname)\n");
  write(`node_modules/sodium/prebuilds/${process.platform}-${process.arch}/sodium.node`, 'ELF\0pwhash_str\0pwhash_str_async\0box_seal\0box_sealAsyncX\0');
  const sodium = path.join(dir, 'node_modules/sodium');
  assert.equal(asyncCounterpart(sources, sodium, null, ['pwhash_str'], 'index.js', null, true), 'pwhash_str_async');
  assert.equal(asyncCounterpart(sources, sodium, null, ['box_seal'], 'index.js', null, true), null, 'box_sealAsyncX is another name');
  // a JavaScript package's binary names are not read: it is not an addon
  assert.equal(asyncCounterpart(sources, sodium, null, ['pwhash_str'], 'index.js', null, false), null);
});

test('an addon\'s JavaScript wrapper whose `xAsync` returns a call of the addon\'s async export (bcrypto\'s `deriveAsync`): the async form', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  write('node_modules/kdf/package.json', { name: 'kdf', version: '1.0.0', main: 'lib/scrypt.js' });
  const wrapper = [
    "const binding = require('./binding');",
    'function derive(passwd, salt, N, r, p, len) {', '  return binding.scrypt_derive(passwd, salt, N, r, p, len);', '}',
    'async function deriveAsync(passwd, salt, N, r, p, len) {', '  return binding.scrypt_derive_async(passwd, salt, N, r, p, len);', '}',
    'async function hashAsync(data) {', '  return binding.hash_sync(data);', '}',
    'exports.derive = derive;', 'exports.deriveAsync = deriveAsync;', 'exports.hashAsync = hashAsync;', '',
  ].join('\n');
  write('node_modules/kdf/lib/scrypt.js', wrapper);
  write('node_modules/kdf/build/Release/kdf.node', 'ELF\0scrypt_derive\0scrypt_derive_async\0hash_sync\0');
  const kdf = path.join(dir, 'node_modules/kdf');
  const file = path.join(kdf, 'lib/scrypt.js');
  assert.equal(asyncCounterpart(sources, kdf, file, ['derive'], 'lib/scrypt.js', null, true), 'deriveAsync');
  // an `async` function that only calls the addon's synchronous export runs it on the loop all the same
  assert.equal(asyncCounterpart(sources, kdf, file, ['hash'], 'lib/scrypt.js', null, true), null);
  // an async name the addon does not export is no evidence
  write('node_modules/kdf/build/Release/kdf.node', 'ELF\0scrypt_derive\0hash_sync\0');
  assert.equal(asyncCounterpart(new AppSources(), kdf, file, ['derive'], 'lib/scrypt.js', null, true), null);
});

test('a compiled addon\'s wrapper whose line serialises its options and calls its binding: the addon holds the time, not JSON', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  write('app.js', "const { transformSync } = require('swcish');\n");
  write('node_modules/swcish/package.json', { name: 'swcish', version: '1.2.3', main: 'index.js', napi: { binaryName: 'swcish' } });
  const index = path.join(dir, 'node_modules/swcish/index.js');
  write('node_modules/swcish/index.js', 'class Compiler {\n  transformSync(src, options) {\n    return bindings.transformSync(isModule ? JSON.stringify(src) : src, isModule, toBuffer(options));\n  }\n}\n');
  const frame = (/** @type {string} */ name, /** @type {string} */ url, /** @type {number} */ line, /** @type {'app' | 'node_modules'} */ kind) => ({ functionName: name, url, line, column: 1, kind });
  const frames = [frame('transformSync', index, 2, 'node_modules'), frame('transformSync', index, 20, 'node_modules'), frame('(anonymous)', path.join(dir, 'app.js'), 5, 'app')];
  const line = { line: 3, text: '    return bindings.transformSync(isModule ? JSON.stringify(src) : src, isModule, toBuffer(options));', frameIndex: 0 };
  assert.deepEqual(ownerOfSample(frames, line, sources).owner, { kind: 'native', name: 'swcish', version: '1.2.3' });
  // a plain package's line that stringifies stays JSON's
  write('node_modules/plain/package.json', { name: 'plain', version: '1.0.0', main: 'index.js' });
  const plain = path.join(dir, 'node_modules/plain/index.js');
  const plainFrames = [frame('send', plain, 2, 'node_modules'), frame('(anonymous)', path.join(dir, 'app.js'), 5, 'app')];
  assert.equal(ownerOfSample(plainFrames, { line: 3, text: '    res.end(JSON.stringify(body));', frameIndex: 0 }, sources).owner.kind, 'json');
});

test('a JavaScript package\'s `xNonBlocking` beside `x`, whose steps yield a few calls deep in its file; one whose calls never yield is none', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  write('node_modules/kdf/package.json', { name: 'kdf', version: '1.0.0', main: 'lib/kdf.js' });
  write('node_modules/kdf/lib/kdf.js', [
    'class Kdf {',
    '  deriveKey(p, s) { return mix(p, s); }',
    '  deriveKeyNonBlocking(p, s) {',
    '    return Promise.resolve(0).then((step) => mixAsync(p, s, step));',
    '  }',
    '}',
    'function deriveKey(p, s) { return new Kdf().deriveKey(p, s); }',
    'function deriveKeyNonBlocking(p, s) { return new Kdf().deriveKeyNonBlocking(p, s); }',
    'function mix(p, s) { return p; }',
    'function mixAsync(p, s, step) { return splitCalc(0, 100, step, (i) => i); }',
    'function splitCalc(from, to, step, fn) {',
    '  return new Promise((resolve) => { const next = () => { from = fn(from); if (from < to) nextTick(next); else resolve(step); }; next(); });',
    '}',
    'const nextTick = typeof setImmediate !== "undefined" ? setImmediate : setTimeout;',
    'exports.deriveKey = deriveKey;',
    'exports.deriveKeyNonBlocking = deriveKeyNonBlocking;',
  ].join('\n'));
  const kdf = path.join(dir, 'node_modules/kdf');
  assert.equal(asyncCounterpart(sources, kdf, path.join(kdf, 'lib/kdf.js'), ['deriveKey'], 'lib/kdf.js', null, false), 'deriveKeyNonBlocking');
  // the same name over steps that never let the loop turn
  write('node_modules/kdf2/package.json', { name: 'kdf2', version: '1.0.0', main: 'index.js' });
  write('node_modules/kdf2/index.js', 'function hash(p) { return mix(p); }\nfunction hashNonBlocking(p) { return Promise.resolve(mix(p)); }\nfunction mix(p) { return p; }\nexports.hash = hash;\nexports.hashNonBlocking = hashNonBlocking;\n');
  const kdf2 = path.join(dir, 'node_modules/kdf2');
  assert.equal(asyncCounterpart(new AppSources(), kdf2, path.join(kdf2, 'index.js'), ['hash'], 'index.js', null, false), null);
});

test('the synchronous path a call took inside its package, beside a twin that yields between steps; a twin that only defers its callback is none', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  // one exported function with both paths inside it, picked by an option (scrypt-async's interruptStep)
  write('node_modules/kdf/index.js', [
    'function derive(password, salt, opts, callback) {',
    '  var step = opts.step || 0;',
    '  var later = typeof setImmediate !== "undefined" ? setImmediate : setTimeout;',
    '  function runFor(from, to, size, fn, done) {',
    '    (function next() { later(function () { fn(from, Math.min(from + size, to)); from += size; if (from < to) next(); else done(); }); })();',
    '  }',
    '  function calculateSync() { mix(0, 1 << 14); callback(out()); }',
    '  function calculateAsync() { runFor(0, 1 << 14, step, mix, function () { callback(out()); }); }',
    '  if (step <= 0) calculateSync(); else calculateAsync();',
    '}',
    'module.exports = derive;',
  ].join('\n'));
  const file = path.join(dir, 'node_modules/kdf/index.js');
  assert.equal(yieldingTwin(sources, file, 'calculateSync'), 'calculateAsync');
  // `xSync` beside an async `x` that awaits setImmediate every so many rounds (scryptsy's smix)
  write('node_modules/kdf2/utils.js', [
    'async function smix(B, N, every) {',
    '  for (let i = 0; i < N; i++) { if (i % every === 0) await new Promise((resolve) => setImmediate(resolve)); round(B); }',
    '}',
    'function smixSync(B, N) {',
    '  for (let i = 0; i < N; i++) round(B);',
    '}',
    'module.exports = { smix, smixSync };',
  ].join('\n'));
  assert.equal(yieldingTwin(sources, path.join(dir, 'node_modules/kdf2/utils.js'), 'smixSync'), 'smix');
  // a twin that runs the same work at once and only defers the callback is not a path that yields between
  // steps... unless it schedules: a callback parameter alone says nothing here
  write('node_modules/kdf3/index.js', [
    'function hashSync(p) { return mix(p); }',
    'function hash(p, callback) { const out = mix(p); callback(null, out); }',
    'function mix(p) { return p; }',
    'module.exports = { hash, hashSync };',
  ].join('\n'));
  assert.equal(yieldingTwin(sources, path.join(dir, 'node_modules/kdf3/index.js'), 'hashSync'), null);
  // no twin at all
  assert.equal(yieldingTwin(sources, file, 'mix'), null);
  // a call that took such a path is fixed by the package's other path
  const o = /** @type {any} */ ({ owner: { kind: 'package', name: 'kdf' }, regexShare: 0, regexRunMs: 0, ownerMs: 900, queueShare: 0, compileShare: 0, gcShare: 0, call: null });
  assert.equal(fixFor(o, 'sync', { asyncPath: { took: 'calculateSync', twin: 'calculateAsync' } }), 'async-form');
  assert.equal(fixFor(o, 'sync', {}), 'cache-bound-offload');
});

test('an async form hung on the function itself (`hasha.async`), when one of its assignments hands the work on; a fallback that only awaits the call is none', (t) => {
  const { dir, write } = folder(t);
  const sources = new AppSources();
  const lib = path.join(dir, 'node_modules/hashy');
  write('node_modules/hashy/package.json', { name: 'hashy', version: '5.2.2', main: 'index.js' });
  const worker = [
    "const { Worker } = require('worker_threads');",
    'let worker;',
    "const createWorker = () => { worker = new Worker(__dirname + '/thread.js'); };",
    'const taskWorker = (method, args) => new Promise((resolve) => {',
    '  if (worker === undefined) createWorker();',
    '  worker.postMessage({ method, args });',
    '});',
    'const hashy = (input, options = {}) => digest(input, options);',
  ];
  write('node_modules/hashy/index.js', [...worker,
    'if (Worker === undefined) {',
    '  hashy.async = async (input, options) => hashy(input, options);',
    '} else {',
    '  hashy.async = async (input, { algorithm = "sha512" } = {}) => {',
    "    const hash = await taskWorker('hash', [algorithm, input]);",
    '    return Buffer.from(hash).toString("hex");',
    '  };',
    '}',
    'module.exports = hashy;',
  ].join('\n'));
  assert.equal(asyncCounterpart(sources, lib, path.join(lib, 'index.js'), ['hashy'], 'index.js', null, false), 'async');
  // the fallback alone: a Promise around the synchronous call frees nothing
  const only = path.join(dir, 'node_modules/only');
  write('node_modules/only/package.json', { name: 'only', version: '1.0.0', main: 'index.js' });
  write('node_modules/only/index.js', ['const only = (input) => digest(input);', 'only.async = async (input) => only(input);', 'module.exports = only;'].join('\n'));
  assert.equal(asyncCounterpart(sources, only, path.join(only, 'index.js'), ['only'], 'index.js', null, false), null);
  // a function of the file's, assigned by its name
  const named = path.join(dir, 'node_modules/named');
  write('node_modules/named/package.json', { name: 'named', version: '1.0.0', main: 'index.js' });
  write('node_modules/named/index.js', ['function named(input) { return digest(input); }', 'function later(input, cb) { setImmediate(() => cb(null, named(input))); }', 'named.async = later;', 'module.exports = named;'].join('\n'));
  assert.equal(asyncCounterpart(sources, named, path.join(named, 'index.js'), ['named'], 'index.js', null, false), 'async');
  // another function's `.async` is not this one's
  assert.equal(asyncCounterpart(sources, lib, path.join(lib, 'index.js'), ['digest'], 'index.js', null, false), null);
  const owned = /** @type {any} */ ({ owner: { kind: 'package', name: 'hashy' }, regexShare: 0, compileShare: 0, gcShare: 0, queueShare: 0, call: null });
  assert.equal(fixFor(owned, 'sync', { asyncSibling: 'async' }), 'async-form');
});

test('a native function V8 names by any symbol of the binary, under the addon\'s wrapper: the wrapper is the call, its async form read from its file', async (t) => {
  const { dir, write } = folder(t);
  const { diagnoseBlock } = await import('../../src/analyze/diagnose-block.js');
  write('node_modules/kdf/package.json', { name: 'kdf', version: '1.0.0', main: 'lib/index.js', gypfile: true });
  // the main loads the wrapper where it is used: the wrapper's file, not the main, says what it offers
  write('node_modules/kdf/lib/index.js', "exports.scrypt = require('./scrypt');\n");
  write('node_modules/kdf/lib/scrypt.js', [
    "const binding = require('./binding');",
    'function derive(passwd, salt, N, r, p, len) {', '  return binding.scrypt_derive(passwd, salt, N, r, p, len);', '}',
    'async function deriveAsync(passwd, salt, N, r, p, len) {', '  return binding.scrypt_derive_async(passwd, salt, N, r, p, len);', '}',
    'exports.derive = derive;', 'exports.deriveAsync = deriveAsync;', '',
  ].join('\n'));
  write('node_modules/kdf/build/Release/kdf.node', 'ELF\0bech32_encode\0scrypt_derive\0scrypt_derive_async\0');
  write('app.js', [
    "const { scrypt } = require('kdf');", // 1
    "const http = require('node:http');", // 2
    'function unlock(pass, salt) {', // 3
    '  return scrypt.derive(Buffer.from(pass), salt, 32768, 8, 1, 32);', // 4
    '}', // 5
    'http.createServer((req, res) => res.end(unlock(req.url, salt))).listen(3000);', // 6
  ].join('\n'));
  const frames = [
    { functionName: 'bech32_encode', url: '', line: 0, column: 0, kind: /** @type {const} */ ('native') },
    { functionName: 'derive', url: path.join(dir, 'node_modules/kdf/lib/scrypt.js'), line: 2, column: 16, kind: /** @type {const} */ ('node_modules') },
    { functionName: 'unlock', url: path.join(dir, 'app.js'), line: 3, column: 16, kind: /** @type {const} */ ('app') },
  ];
  const samples = [0, 1, 2, 3].map((i) => ({ t: i, weightMs: 50, frames, line: null }));
  const d = diagnoseBlock(samples, { cause: 'sync', phase: 'poll', durationMs: 200, gcShare: 0, appTop: null, cwd: dir, requests: null }, new AppSources());
  assert.equal(d.culprit?.owner?.kind, 'native');
  assert.equal(d.culprit?.owner?.name, 'kdf');
  assert.equal(d.fix, 'async-form', d.advice);
  assert.match(d.advice ?? '', /deriveAsync/);
});
