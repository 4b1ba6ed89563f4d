// Who owns a block's time, for code the rules were not written for: packages in every layout
// (plain, scoped, nested, pnpm) named with the version their package.json says, Node's APIs,
// native addons, JSON, regexes, GC; and the app line that called the owner, read from the source.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AppSources, parseBindings, packageDir } from '../../src/sources/app-sources.js';
import { codeOnly, functionEnd } from '../../src/sources/js-scan.js';
import { ownerOfSample, nodeModuleOf } from '../../src/analyze/time-owners.js';
import { blockOwners } from '../../src/analyze/block-owners.js';
import { kindOf, FrameMapper } from '../../src/analyze/frames.js';
import { namedRegexRun } from '../../src/sources/regex-names.js';
import { compilesReusable, verbOf } from '../../src/analyze/remedies.js';

/** A folder with an app and packages as npm and pnpm lay them out. */
function appFolder() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-owners-'));
  /** @param {string} rel @param {string} text */
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  /** @param {string} rel @param {object} json */
  const pkg = (rel, json) => write(`${rel}/package.json`, JSON.stringify(json));
  pkg('node_modules/bcryptjs', { name: 'bcryptjs', version: '2.4.3', keywords: ['bcrypt', 'password', 'hash'] });
  write('node_modules/bcryptjs/dist/bcrypt.js', 'bcrypt.hashSync = function(s, salt) {\n  return _hash(s, salt);\n};\nbcrypt.hash = function(s, salt, callback) {\n};\n');
  pkg('node_modules/@acme/parse', { name: '@acme/parse', version: '1.2.0', keywords: ['yaml', 'parser'] });
  pkg('node_modules/express', { name: 'express', version: '4.21.2' });
  pkg('node_modules/cardtpl', { name: 'cardtpl', version: '3.0.0', keywords: ['template engine', 'liquid'] });
  pkg('node_modules/express/node_modules/qs', { name: 'qs', version: '6.13.0' });
  pkg('node_modules/.pnpm/ua-parser-js@0.7.32/node_modules/ua-parser-js', { name: 'ua-parser-js', version: '0.7.32' });
  pkg('node_modules/better-sqlite3', { name: 'better-sqlite3', version: '11.3.0', dependencies: { bindings: '^1.5.0' } });
  pkg('node_modules/bcrypt', { name: 'bcrypt', version: '5.1.1', gypfile: true });
  write('node_modules/bcrypt/bcrypt.js', 'module.exports.hashSync = function hashSync(data, salt) {\n  return bindings.encrypt_sync(data, salt);\n};\nmodule.exports.hash = function hash() {};\n');
  pkg('node_modules/adm-zip', { name: 'adm-zip', version: '0.5.16' });
  pkg('node_modules/orm', { name: 'orm', version: '1.0.0' });
  write('node_modules/orm/driver.js', 'exports.run = function run(statement) {\n  return statement.all();\n};\n');
  write('package.json', JSON.stringify({ name: 'svc', dependencies: { express: '4', 'better-sqlite3': '11', orm: '1' } }));
  write('node_modules/better-sqlite3/lib/index.js', 'module.exports = function Database() {};\n');
  write('app.js', [
    "const express = require('express');", // 1
    "const Database = require('better-sqlite3');", // 2
    "const { load } = require('@acme/parse');", // 3
    "import * as bcrypt from 'bcryptjs';", // 4
    "const db = new Database(':memory:');", // 5
    'const app = express();', // 6
    "app.get('/x', (req, res) => {", // 7
    '  // load(comment) is not a call', // 8
    "  const text = 'hashSync(in a string)';", // 9
    '  const doc = load(req.body);', // 10
    "  const rows = db.prepare('select * from t').all();", // 11
    '  const h = bcrypt.hashSync(text, 10);', // 12
    '  res.json({ doc, rows, h });', // 13
    '});', // 14
  ].join('\n'));
  return { dir, rm: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/**
 * An empty folder removed after the test, and a writer of files in it.
 * @param {import('node:test').TestContext} t @param {string} prefix
 */
function scratch(t, prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  /** @param {string} rel @param {string} text */
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  return { dir, write };
}

// a frame as frames.js makes it: a native function (no file) has no line either
/** @param {string} functionName @param {string} url @param {number} [line] @param {number} [column] */
const f = (functionName, url, line = url ? 1 : 0, column = url ? 1 : 0) => ({ functionName, url, line, column, kind: kindOf(url, functionName) });

test('packages: name and version from package.json, plain, scoped, nested and pnpm; the bindings a file makes', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const at = (/** @type {string} */ rel) => sources.packageOf(path.join(dir, rel));
  assert.deepEqual([at('node_modules/bcryptjs/dist/bcrypt.js')?.name, at('node_modules/bcryptjs/dist/bcrypt.js')?.version], ['bcryptjs', '2.4.3']);
  assert.equal(at('node_modules/@acme/parse/index.js')?.name, '@acme/parse');
  assert.deepEqual(at('node_modules/@acme/parse/index.js')?.keywords, ['yaml', 'parser']);
  assert.equal(at('node_modules/express/node_modules/qs/lib/parse.js')?.version, '6.13.0', 'the innermost node_modules');
  assert.equal(at('node_modules/.pnpm/ua-parser-js@0.7.32/node_modules/ua-parser-js/src/ua-parser.js')?.version, '0.7.32');
  assert.equal(at('app.js'), null);
  assert.equal(packageDir('/x/node_modules/.bin/tool'), null);
  // a package without package.json is named by its folder
  assert.equal(sources.packageOf('/nowhere/node_modules/ghost/index.js')?.name, 'ghost');

  const b = sources.bindingsOf(path.join(dir, 'app.js'));
  assert.equal(b.get('express'), 'express');
  assert.equal(b.get('load'), '@acme/parse');
  assert.equal(b.get('bcrypt'), 'bcryptjs');
  assert.equal(b.get('db'), 'better-sqlite3', 'made from an imported name');
  assert.equal(b.get('app'), 'express');
  assert.equal(b.get('rows'), undefined, 'what an object\'s method returns is plain data');
  assert.ok(sources.isNative('better-sqlite3', path.join(dir, 'app.js')));
  assert.ok(!sources.isNative('express', path.join(dir, 'app.js')));
  assert.ok(sources.isNative('node:sqlite', path.join(dir, 'app.js')));
  assert.ok(sources.definesName(path.join(dir, 'node_modules/bcryptjs/dist/bcrypt.js'), 'hash'));
  assert.ok(!sources.definesName(path.join(dir, 'node_modules/bcryptjs/dist/bcrypt.js'), 'compare'));
  // import forms
  const m = parseBindings("import x, { a as b, c } from 'm1';\nimport type { T } from 'm2';\nimport y = require('m3');\nconst { d: e, f = 1 } = await import('m4');");
  assert.deepEqual(Object.fromEntries(m), { x: 'm1', b: 'm1', c: 'm1', T: 'm2', y: 'm3', e: 'm4', f: 'm4' });
  // a class that extends an imported one: its static methods are the package's
  const k = parseBindings("const { Model } = require('objection');\nclass Invoice extends Model {}\nclass Local extends Base {}");
  assert.deepEqual(Object.fromEntries(k), { Model: 'objection', Invoice: 'objection' });
});

test('source reading: strings and comments are not code; where a function ends', () => {
  const code = codeOnly(["const s = 'a(b)'; // c(d)", '/* x(', 'y) */ call(z);', 'const t = `q(${1})`;']);
  assert.equal(code[0].trim(), "const s = '    ';");
  assert.ok(!code[1].includes('x('));
  assert.ok(code[2].includes('call(z)') && !code[2].includes('y)'));
  const src = codeOnly(['function a(x) {', '  if (x) { return 1; }', '  return 2;', '}', 'const b = (y) => y.map((z) => {', '  return z;', '});', 'const c = (k) => k + 1, d = 2;']);
  assert.equal(functionEnd(src, 0, 0), 3);
  assert.equal(functionEnd(src, 4, 10), 6);
  assert.equal(functionEnd(src, 7, 10), 7);
  // an arrow that returns an object literal, or any expression in parentheses, ends with its statement
  const paren = codeOnly(['  const rows = notes.map((n) => ({ versions: n.text.match(re()) ?? [] }));', '  return c.json({ rows });', '}']);
  assert.equal(functionEnd(paren, 0, 25), 0);
  assert.equal(functionEnd(codeOnly(['x.map((n) => (', '  n + 1', '));', 'y();']), 0, 6), 2);
  // a regex literal's quotes open no string, and its braces close no block; a division is no regex
  const rx = codeOnly([
    'function compile(tmpl) {', // 0
    "  let str = tmpl.replace(/'|\\\\/g, \"\\\\$&\").replace(/(\\s|;|\\}|^|\\{)out/g, '$1');", // 1
    '  const half = str.length / 2, rest = str.length / 4;', // 2
    "  return new Function('it', str);", // 3
    '}', // 4
  ]);
  assert.ok(rx[1].includes("/'|\\\\/g") && rx[1].includes("'  '"), rx[1]);
  assert.equal(functionEnd(rx, 0, 16), 4);
});

test('a function that makes code at run time (new Function on code it built) is read from its source; the global object\'s idiom is not', (t) => {
  const { dir, write } = scratch(t, 'elp-codegen-');
  write('node_modules/tpl/index.js', [
    'exports.template = function (text) {', // 1
    "  const source = text.replace(/\\{\\{(\\w+)\\}\\}/g, \"' + it.$1 + '\");", // 2
    "  return new Function('it', \"return '\" + source + \"'\");", // 3
    '};', // 4
    'exports.root = function () {', // 5
    "  return Function('return this')();", // 6
    '};', // 7
    'exports.render = function (fn, data) {', // 8
    '  return fn(data);', // 9
    '};', // 10
  ].join('\n'));
  const sources = new AppSources();
  const file = path.join(dir, 'node_modules/tpl/index.js');
  assert.equal(sources.generatesCode(file, 1, 20), true);
  assert.equal(sources.generatesCode(file, 5, 16), false, 'Function on one string literal: the global object');
  assert.equal(sources.generatesCode(file, 8, 18), false);
  assert.equal(sources.generatesCode(path.join(dir, 'missing.js'), 1, 1), false);
});

test('a function that returns what a code maker of its package makes of the source it built compiles too (djv\'s generate and restore)', (t) => {
  const { dir, write } = scratch(t, 'elp-made-code-');
  write('node_modules/schemer/package.json', JSON.stringify({ name: 'schemer', version: '2.1.4', main: 'lib/index.js' }));
  write('node_modules/schemer/lib/template.js', [
    'function restore(source, schema) {', // 1
    "  return new Function('schema', source)(schema);", // 2
    '}', // 3
    'module.exports = { restore };', // 4
  ].join('\n'));
  const state = path.join(dir, 'node_modules/schemer/lib/state.js');
  write('node_modules/schemer/lib/state.js', [
    "const { restore } = require('./template');", // 1
    'function generate(env, schema) {', // 2
    '  const source = visit(schema).join("\\n");', // 3
    '  return restore(source, schema);', // 4
    '}', // 5
    'function visit(schema) {', // 6
    '  return Object.keys(schema).map((k) => `check(${k})`);', // 7
    '}', // 8
    'function describe(schema) {', // 9
    '  return visit(schema);', // 10
    '}', // 11
    'module.exports = { generate, describe };', // 12
  ].join('\n'));
  const sources = new AppSources();
  assert.equal(sources.generatesCode(state, 2, 10), false, 'no new Function of its own');
  assert.equal(sources.returnsMadeCode(state, 2, 10), true);
  assert.equal(sources.returnsMadeCode(state, 9, 10), false, 'it returns what a function that makes no code returns');
  assert.equal(sources.returnsMadeCode(path.join(dir, 'missing.js'), 1, 1), false);
  // a sample in the source's making, under generate, is compiling
  write('app.js', "const schemer = require('schemer');\napp.get('/x', (req, res) => res.json(schemer.validate(req.body)));\n");
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 2, 16);
  const validate = f('validate', path.join(dir, 'node_modules/schemer/lib/index.js'), 1);
  assert.equal(ownerOfSample([f('visit', state, 6), f('generate', state, 2, 10), validate, handler], null, sources).compile, true);
  assert.equal(ownerOfSample([f('visit', state, 6), f('describe', state, 9, 10), validate, handler], null, sources).compile, false);
});

test('a function that makes a regex from a source it computes, and one that keeps it on the object it builds; a literal\'s regex is neither', (t) => {
  const { dir, write } = scratch(t, 'elp-makes-regex-');
  write('node_modules/pattern/index.js', [
    'function Pattern(text) {', // 1
    '  this.ast = parse(text);', // 2
    '  this.regex = new RegExp(toSource(this.ast));', // 3
    '}', // 4
    'function quote(rows, q) {', // 5
    "  const re = new RegExp(escape(q), 'g');", // 6
    '  return rows.map((r) => r.replace(re, q + q));', // 7
    '}', // 8
    'function plain(s) {', // 9
    "  this.re = new RegExp('^a+$');", // 10
    '  return RegExp(/x/).test(s);', // 11
    '}', // 12
  ].join('\n'));
  const sources = new AppSources();
  const file = path.join(dir, 'node_modules/pattern/index.js');
  assert.deepEqual([sources.makesRegExp(file, 1, 1), sources.keepsRegExp(file, 1, 1)], [true, true]);
  assert.deepEqual([sources.makesRegExp(file, 5, 1), sources.keepsRegExp(file, 5, 1)], [true, false]);
  assert.deepEqual([sources.makesRegExp(file, 9, 1), sources.keepsRegExp(file, 9, 1)], [false, false]);
});

test('a function that made code, running what it made (a frame of made code nearer the leaf), is not compiling', (t) => {
  const { dir, write } = scratch(t, 'elp-codegen-run-');
  write('node_modules/tpl/package.json', JSON.stringify({ name: 'tpl', version: '1.0.0' }));
  write('node_modules/tpl/index.js', [
    'const cache = new Map();', // 1
    'exports.render = function (text, data) {', // 2
    "  if (!cache.has(text)) cache.set(text, new Function('it', 'return ' + JSON.stringify(text)));", // 3
    '  return cache.get(text)(data);', // 4
    '};', // 5
  ].join('\n'));
  const sources = new AppSources();
  const file = path.join(dir, 'node_modules/tpl/index.js');
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const making = ownerOfSample([f('exports.render', file, 2, 18), handler], null, sources);
  assert.deepEqual([making.owner.name, making.compile], ['tpl', true]);
  const running = ownerOfSample([f('anonymous', '', 1, 1), f('exports.render', file, 2, 18), handler], null, sources);
  assert.deepEqual([running.owner.name, running.compile], ['tpl', false]);
});

test('a package function that makes Intl\'s locale objects holds their time (the constructor has no frame): it is compiling; one that uses a formatter made before is not', (t) => {
  const { dir, write } = scratch(t, 'elp-intl-');
  write('node_modules/msgfmt/package.json', JSON.stringify({ name: 'msgfmt', version: '2.0.0', description: 'Formats ICU messages' }));
  write('node_modules/msgfmt/index.js', [
    'exports.plural = memoize(function () {', // 1
    '  var _a, args = [].slice.call(arguments);', // 2
    '  return new ((_a = Intl.PluralRules).bind.apply(_a, [void 0].concat(args)))();', // 3
    '});', // 4
    'exports.format = function (nf, n) {', // 5
    "  return nf.format(n) + ' (Intl.NumberFormat)';", // 6
    '};', // 7
    'exports.Message = function Message(text, locale) {', // 8
    '  this.locale = Intl.NumberFormat.supportedLocalesOf(locale)[0];', // 9
    '  this.nf = new Intl.NumberFormat(this.locale);', // 10
    '};', // 11
  ].join('\n'));
  const sources = new AppSources();
  const file = path.join(dir, 'node_modules/msgfmt/index.js');
  assert.equal(sources.makesIntlObject(file, 1, 32), true, "tslib's spread form");
  assert.equal(sources.makesIntlObject(file, 5, 18), false, 'a formatter made before, and the name in a string');
  assert.equal(sources.makesIntlObject(file, 8, 18), true);
  assert.equal(sources.generatesCode(file, 8, 18), false, 'the two readings are cached apart');
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const making = ownerOfSample([f('(anonymous)', file, 1, 32), f('Message', file, 8, 18), handler], null, sources);
  assert.deepEqual([making.owner.name, making.compile, making.intl], ['msgfmt', true, true]);
  // the same constructor's frame on the stack, its time in another function: not Intl's
  const using = ownerOfSample([f('exports.format', file, 5, 18), f('Message', file, 8, 18), handler], null, sources);
  assert.deepEqual([using.compile, Boolean(using.intl)], [false, false]);
});

test('a package function that calls a locale method with options makes an Intl object each time (V8 keeps one only for a call without options)', (t) => {
  const { dir, write } = scratch(t, 'elp-intl-call-');
  write('node_modules/money/package.json', JSON.stringify({ name: 'money', version: '1.0.0' }));
  write('node_modules/money/index.js', [
    'exports.toFormat = function toFormat(n, locale) {', // 1
    "  return n.toLocaleString(locale, { style: 'currency', currency: this.currency(n, 2) });", // 2
    '};', // 3
    'exports.plain = function plain(n, locale) {', // 4
    "  return n.toLocaleString(locale) + ' ' + [n].toLocaleString() + n.toLocaleString(pick(locale, 'de'));", // 5
    '};', // 6
    'exports.sort = function sort(rows, locale) {', // 7
    '  rows.sort((a, b) => a.name.localeCompare(b.name, locale));', // 8
    "  return rows.sort((a, b) => a.name.localeCompare(b.name, locale, { numeric: true }));", // 9
    '};', // 10
    'exports.day = function day(d) {', // 11
    "  return d.toLocaleDateString('de-DE', { month: 'long' });", // 12
    '};', // 13
    'exports.order = function order(rows) {', // 14
    '  return rows.sort((a, b) => a.localeCompare(b, undefined));', // 15
    '};', // 16
  ].join('\n'));
  const sources = new AppSources();
  const file = path.join(dir, 'node_modules/money/index.js');
  assert.equal(sources.makesIntlObject(file, 1, 19), true, 'toLocaleString given options');
  assert.equal(sources.makesIntlObject(file, 4, 17), false, 'given a locale alone (nested calls, commas inside them): V8 keeps the one it made');
  assert.equal(sources.makesIntlObject(file, 7, 16), true, 'localeCompare given options, after one without');
  assert.equal(sources.makesIntlObject(file, 11, 15), true, 'toLocaleDateString given options');
  assert.equal(sources.makesIntlObject(file, 14, 17), false, 'localeCompare given a locale alone');
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const making = ownerOfSample([f('exports.toFormat', file, 1, 19), handler], null, sources);
  assert.deepEqual([making.owner.name, making.compile, making.intl], ['money', true, true]);
});

test('the owner of a sample: what the app called, for any package, Node API, addon, JSON, regex, GC', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const app = path.join(dir, 'app.js');
  const handler = f('(anonymous)', app, 7, 19);
  const express = [f('handle', path.join(dir, 'node_modules/express/lib/router/layer.js'), 86), f('emit', 'node:events', 471)];
  const bcrypt = path.join(dir, 'node_modules/bcryptjs/dist/bcrypt.js');

  // bcryptjs 2.4.3 names its function bcrypt.hashSync: the package, by its folder, not by a name
  const hash = ownerOfSample([f('_encipher', bcrypt, 900), f('_hash', bcrypt, 1200), f('bcrypt.hashSync', bcrypt, 1), handler, ...express], null, sources);
  assert.deepEqual(hash.owner, { kind: 'package', name: 'bcryptjs', version: '2.4.3' });
  assert.equal(hash.entry?.functionName, 'bcrypt.hashSync');
  // the package nearest the app frame, even under Node's frames (an event listener)
  const parse = path.join(dir, 'node_modules/@acme/parse/index.js');
  assert.equal(ownerOfSample([f('scan', parse), f('emit', 'node:events'), handler, ...express], null, sources).owner.name, '@acme/parse');
  // no app frame (a middleware's own work): the innermost package
  const qs = path.join(dir, 'node_modules/express/node_modules/qs/lib/parse.js');
  assert.equal(ownerOfSample([f('parseObject', qs), ...express], null, sources).owner.name, 'qs');
  // a regex running inside a package is the package's, with its pattern
  const ua = path.join(dir, 'node_modules/.pnpm/ua-parser-js@0.7.32/node_modules/ua-parser-js/src/ua-parser.js');
  const rx = ownerOfSample([f('RegExp: (a+)+$', ''), f('rgxMapper', ua, 80), f('getBrowser', ua, 700), handler, ...express], null, sources);
  assert.deepEqual([rx.owner.kind, rx.owner.name, rx.owner.version, rx.regex], ['package', 'ua-parser-js', '0.7.32', '(a+)+$']);
  // the app's own regex
  const own = ownerOfSample([f('RegExp: ^(\\w+)*$', ''), handler, ...express], null, sources);
  assert.deepEqual([own.owner.kind, own.regex], ['app', '^(\\w+)*$']);
  // JSON has no frame: the running line says so
  const json = ownerOfSample([handler, ...express], { line: 13, text: '  res.end(JSON.stringify(rows));' }, sources);
  assert.deepEqual(json.owner, { kind: 'json', name: 'JSON.stringify' });
  // JSON through the package function the app called: the app's payload when the package carries it
  // (res.json), the package's own work when its call compiles (a cache key made of its options)
  const response = path.join(dir, 'node_modules/express/lib/response.js');
  const sent = ownerOfSample([f('json', response, 266), handler, ...express], { line: 266, text: '  var body = JSON.stringify(val);', frameIndex: 0 }, sources);
  assert.deepEqual([sent.owner, sent.via?.name], [{ kind: 'json', name: 'JSON.stringify' }, 'express']);
  const compiler = path.join(dir, 'node_modules/@acme/parse/index.js');
  const keyed = ownerOfSample([f('compile', compiler, 69), handler, ...express], { line: 69, text: '  var cacheKey = JSON.stringify(Object.assign({ src: src }, options));', frameIndex: 0 }, sources);
  assert.deepEqual([keyed.owner.kind, keyed.owner.name], ['package', '@acme/parse']);
  // a native method an app line called: V8 counts its ticks at that line; the addon from the line's names
  const native = ownerOfSample([f('all', ''), handler, ...express], { line: 11, text: "  const rows = db.prepare('select * from t').all();", frameIndex: 1 }, sources);
  assert.deepEqual(native.owner, { kind: 'native', name: 'better-sqlite3', version: '11.3.0' });
  assert.equal(native.appLine, 11);
  // the same call sampled as the app's own time at that line
  assert.equal(ownerOfSample([handler, ...express], { line: 11, text: "  const rows = db.prepare('select * from t').all();", frameIndex: 0 }, sources).owner.kind, 'native');
  // plain own code: the app
  const mine = ownerOfSample([handler, ...express], { line: 9, text: '  for (let i = 0; i < n; i++) sum += i;' }, sources);
  assert.deepEqual([mine.owner.kind, mine.appLine], ['app', 9]);
  // Node's API the app called
  const read = ownerOfSample([f('read', ''), f('readSync', 'node:fs'), f('readFileSync', 'node:fs'), handler, ...express], null, sources);
  assert.deepEqual([read.owner.name, read.entry?.functionName, read.call?.name], ['node:fs', 'readFileSync', 'fs.readFileSync']);
  assert.equal(ownerOfSample([f('(garbage collector)', '')], null, sources).owner.kind, 'gc');
  // Node's sync API inside a package: Node's work, the package the way the app got there
  const zip = path.join(dir, 'node_modules/adm-zip/adm-zip.js');
  const deflate = ownerOfSample([f('writeSync', ''), f('processChunkSync', 'node:zlib'), f('zlibBufferSync', 'node:zlib'), f('syncBufferWrapper', 'node:zlib'), f('compress', zip, 40), f('toBuffer', zip, 300), handler, ...express], null, sources);
  assert.deepEqual([deflate.owner.name, deflate.call?.name, deflate.via?.name, deflate.via?.functionName], ['node:zlib', 'zlib.*Sync', 'adm-zip', 'toBuffer']);
  // a compiled addon's own wrapper at the line that calls its native code: the addon
  const bcryptJs = path.join(dir, 'node_modules/bcrypt/bcrypt.js');
  assert.deepEqual(ownerOfSample([f('hashSync', bcryptJs, 1), handler, ...express], { line: 2, text: '  return bindings.encrypt_sync(data, salt);' }, sources).owner,
    { kind: 'native', name: 'bcrypt', version: '5.1.1' });
  // a native method an ORM called (it loads its driver at run time): the one addon the project installed
  const orm = ownerOfSample([f('all', ''), f('run', path.join(dir, 'node_modules/orm/driver.js'), 1), handler], { line: 2, text: '  return statement.all();', frameIndex: 1 }, sources);
  assert.deepEqual(orm.owner, { kind: 'native', name: 'better-sqlite3', version: '11.3.0' });
  // the same with no line of the caller's to read (its ticks were not told apart): still the project's one addon, not `all`
  assert.deepEqual(ownerOfSample([f('all', ''), f('run', path.join(dir, 'node_modules/orm/driver.js'), 1), handler], null, sources).owner,
    { kind: 'native', name: 'better-sqlite3', version: '11.3.0' });
  assert.deepEqual(['node:_http_server', 'node:internal/crypto/pbkdf2', 'node:string_decoder', 'node:internal/fs/promises'].map((url) => nodeModuleOf(f('x', url))),
    ['node:http', 'node:crypto', 'node:string_decoder', 'node:fs']);
});

test('a block\'s owners: the culprit holds most of it (its collections credited to it), and the app line that called it', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const app = path.join(dir, 'app.js');
  const handler = f('(anonymous)', app, 7, 19);
  const parse = path.join(dir, 'node_modules/@acme/parse/index.js');
  const inLoad = [f('scanValue', parse, 40), f('load', parse, 10), handler, f('emit', 'node:events')];
  const gc = [f('(garbage collector)', '')];
  const other = [f('stringify', path.join(dir, 'node_modules/express/lib/response.js')), handler];
  const samples = [inLoad, inLoad, gc, inLoad, inLoad, gc, other].map((frames, i) => ({ t: i, weightMs: 10, frames, line: null }));
  const o = blockOwners(samples, 70, sources);
  assert.deepEqual(o.owner, { kind: 'package', name: '@acme/parse', version: '1.2.0' });
  assert.equal(o.entry?.functionName, 'load');
  assert.deepEqual(o.owners.map((x) => [x.name, x.share]), [['@acme/parse', 0.571], ['garbage collection', 0.286], ['express', 0.143]]);
  assert.equal(o.gcShare, 0.333, 'its collections, of its time');
  // an owner the route's other blocks name (route-owner.js) names this one only if it held near as much of it
  assert.deepEqual(blockOwners(samples, 70, sources, 'package\0express').owner?.name, '@acme/parse', 'express held 10 ms of its 60');
  const even = [inLoad, other, inLoad, other, inLoad, other, other].map((frames, i) => ({ t: i, weightMs: 10, frames, line: null }));
  assert.equal(blockOwners(even, 70, sources).owner?.name, 'express');
  assert.equal(blockOwners(even, 70, sources, 'package\0@acme/parse').owner?.name, '@acme/parse', '30 ms of the top owner\'s 40');
  // the call site: the line of the handler that calls load(, not the handler's first line, not a comment or a string
  assert.deepEqual(o.calledFrom, { functionName: '(anonymous)', url: app, line: 10 });
  assert.equal(o.lineFrom, 'source');
  // a package function called through a binding of its module: bcrypt.hashSync(... on line 12
  const bcrypt = path.join(dir, 'node_modules/bcryptjs/dist/bcrypt.js');
  const hashing = [f('_hash', bcrypt, 1), f('bcrypt.hashSync', bcrypt, 1), handler];
  const h = blockOwners([{ t: 0, weightMs: 50, frames: hashing, line: null }], 50, sources);
  assert.equal(h.calledFrom?.line, 12);
  // the stack the block reports is the one that held most of its owner's time
  assert.equal(o.stack?.[0].functionName, 'scanValue');
  // ...of the stacks with code on them: a long gap the profiler could not sample, ended by Node's
  // scheduler between two of the app's callbacks, is not the stack of a block of the app's work
  const work = f('work', app, 20);
  const job = [work, f('(anonymous)', app, 30), f('processImmediate', 'node:internal/timers')];
  const between = [f('processImmediate', 'node:internal/timers')];
  const gap = blockOwners([job, between, job, between].map((frames, i) => ({ t: i, weightMs: i === 3 ? 60 : 10, frames, line: null })), 90, sources);
  assert.deepEqual(gap.owner, { kind: 'app', name: 'app' });
  assert.equal(gap.stack?.[0].functionName, 'work');
  // a block with no code on any stack still shows the one it had
  const bare = blockOwners([{ t: 0, weightMs: 60, frames: between, line: null }], 60, sources);
  assert.equal(bare.stack?.[0].functionName, 'processImmediate');
});

test('a TypeScript annotation between a name and its require binds the name to the package', () => {
  const bound = parseBindings("const nspell: (dictionary: Dictionary) => Speller = require('nspell');\nconst { load }: { load: Loader } = require('dictionary-en');\nconst n: number = 3; const zlib = require('node:zlib');");
  assert.deepEqual([bound.get('nspell'), bound.get('load'), bound.get('zlib'), bound.has('n')], ['nspell', 'dictionary-en', 'node:zlib', false]);
});

test('a package\'s time in regular expressions: one match that backtracks is one long stretch of samples in its pattern, a parser\'s many matches are short ones', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const parse = path.join(dir, 'node_modules/@acme/parse/index.js');
  const scan = [f('scanValue', parse, 40), f('load', parse, 10), handler];
  const match = [f('RegExp: ^(\\s*\\w+)*$', ''), f('scanValue', parse, 40), f('load', parse, 10), handler];
  /** @param {ReturnType<typeof f>[][]} stacks */
  const block = (stacks) => blockOwners(stacks.map((frames, i) => ({ t: i, weightMs: 10, frames, line: null })), stacks.length * 10, sources);
  const redos = block([scan, match, match, match, match, match, match, scan]);
  assert.deepEqual([redos.regexShare, redos.regexRunMs], [0.75, 60]);
  const parser = block([match, scan, match, match, scan, match, scan, match]);
  assert.deepEqual([parser.regexShare, parser.regexRunMs], [0.625, 20]);
  // a tokenizer's samples one after the other in its regexes, each a different one: no stretch is
  // longer than one match (a busy machine's late samples can make four in a row weigh 50 ms and more)
  const other = [f('RegExp: ^<([a-z]+)', ''), f('scanTag', parse, 60), f('load', parse, 10), handler];
  const third = [f('RegExp: ^\\s+', ''), f('skipSpace', parse, 80), f('load', parse, 10), handler];
  const tokenizer = block([match, other, third, match, other, third, scan, match]);
  assert.deepEqual([tokenizer.regexShare, tokenizer.regexRunMs], [0.875, 10]);
  // a table of patterns tried in turn on one input, each backtracking a long while (timespan's
  // `/(\d+)minute[s]?/` then `/(\d+)day[s]?/` on a long run of digits): stretches of two samples or
  // more, one after the other, are one stretch; one sample between them breaks it
  const unit = [f('RegExp: (\\d+)day[s]?', ''), f('parseDate', parse, 90), f('load', parse, 10), handler];
  const table = block([match, match, other, other, other, unit, unit, scan]);
  assert.deepEqual([table.regexShare, table.regexRunMs], [0.875, 70]);
  const broken = block([match, match, other, unit, unit, scan, scan, scan]);
  assert.equal(broken.regexRunMs, 20);
  // two samples in a row in one pattern, both taken late (a starved profiler: 80 ms by their
  // weights): in a stretch each counts at most twice the block's usual sample
  const late = blockOwners([scan, match, match, scan, scan, scan, scan, scan].map((frames, i) => ({ t: i, weightMs: i === 1 || i === 2 ? 40 : 10, frames, line: null })), 140, sources);
  assert.deepEqual([late.regexShare, late.regexRunMs], [0.571, 40]);
});

test('a regex compiled before the capture started has no frame: the line that runs it, named or not, is regex time; two such lines are no one stretch', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const range = path.join(dir, 'node_modules/@acme/parse/range.js');
  const frames = [f('parseRange', range, 79), f('load', range, 10), handler];
  // semver's pattern from a table, path-to-regexp's built at run time: the leaf's self time on the line
  const table = { line: 99, text: '    range = range.replace(re[t.COMPARATORTRIM], comparatorTrimReplace)', frameIndex: 0, regexRun: /** @type {const} */ (true) };
  const built = { line: 102, text: '    var m = re.exec(pathname);', frameIndex: 0, regexRun: /** @type {const} */ (true) };
  const plain = { line: 104, text: "    range = range.split(' ').join(' ')", frameIndex: 0 };
  assert.equal(ownerOfSample(frames, table, sources).regex, '');
  assert.equal(ownerOfSample(frames, plain, sources).regex, null);
  // under a native leaf (an addon's exec), the line's time is the addon's, not a regex's
  assert.equal(ownerOfSample([f('exec', ''), ...frames], { ...built, frameIndex: 1 }, sources).regex, null);
  /** @param {(typeof table | typeof plain)[]} lines */
  const block = (lines) => blockOwners(lines.map((line, i) => ({ t: i, weightMs: 10, frames, line })), lines.length * 10, sources);
  const redos = block([plain, table, table, table, table, table, table, table, table, plain]);
  assert.deepEqual([redos.regexShare, redos.regexRunMs], [0.8, 80]);
  assert.equal(redos.regex, '');
  const alternating = block([table, built, table, built, table, built, table, built]);
  assert.deepEqual([alternating.regexShare, alternating.regexRunMs], [1, 10]);
  // a detector's table tried pattern after pattern from one line (mobile-detect's `rules[key].test(ua)`
  // in its `for ... in`): as much regex time, and no two samples known to be one match
  const detector = { line: 391, text: '            if (rules[key].test(userAgent)) {', frameIndex: 0, regexRun: /** @type {const} */ (true), regexTable: /** @type {const} */ (true) };
  const tried = block([plain, detector, detector, detector, detector, detector, detector, detector, detector, plain]);
  assert.deepEqual([tried.regexShare, tried.regexRunMs], [0.8, 10]);
  assert.equal(tried.regex, '');
});

test('a template engine that parses its template on every call compiles it; a parser\'s parse is its work', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const tpl = path.join(dir, 'node_modules/cardtpl/dist/index.js');
  const once = [f('parseAndRender', tpl, 90), handler];
  assert.equal(ownerOfSample([f('readTagToken', tpl, 20), f('parse', tpl, 60), f('_parseAndRender', tpl, 80), ...once], null, sources).compile, true);
  // a method as the profile qualifies it (twig's `Twig.tokenize` under `Twig.exports.twig`)
  assert.equal(ownerOfSample([f('Twig.token.findStart', tpl, 20), f('Twig.tokenize', tpl, 60), f('Twig.exports.twig', tpl, 80), ...once], null, sources).compile, true);
  // its rendering under the same call is not
  assert.equal(ownerOfSample([f('renderTemplates', tpl, 30), f('_parseAndRender', tpl, 80), ...once], null, sources).compile, false);
  const yaml = path.join(dir, 'node_modules/@acme/parse/index.js');
  assert.equal(ownerOfSample([f('parseValue', yaml, 20), f('parse', yaml, 60), handler], null, sources).compile, false);
});

test('a package that makes parsers: building one (analysing its grammar, generating it) is compiling; running the parser it built is not', (t) => {
  const { dir, write } = scratch(t, 'elp-parser-maker-');
  write('node_modules/dsl-kit/package.json', JSON.stringify({ name: 'dsl-kit', version: '10.5.0', description: 'a parsing DSL for building recursive descent parsers', keywords: ['parser', 'grammar', 'lexer', 'compiler'] }));
  write('node_modules/yamlish/package.json', JSON.stringify({ name: 'yamlish', version: '2.0.0', description: 'YAML parser', keywords: ['yaml', 'parser'] }));
  const sources = new AppSources();
  const ctor = f('SegmentParser', path.join(dir, 'app.js'), 42, 12);
  const kit = path.join(dir, 'node_modules/dsl-kit/lib/parser.js');
  assert.equal(ownerOfSample([f('(anonymous)', kit, 300), f('PerformanceTracer.TRACE_INIT', kit, 200), f('Parser.performSelfAnalysis', kit, 154), ctor], null, sources).compile, true);
  assert.equal(ownerOfSample([f('analyzeTokenTypes', kit, 80), f('Lexer', kit, 40), ctor], null, sources).compile, true);
  assert.equal(ownerOfSample([f('consumeInternal', kit, 500), f('invokeRuleWithTry', kit, 450), f('segment', kit, 400), ctor], null, sources).compile, false);
  // a parser of data: its `build...` functions are its work
  const yaml = path.join(dir, 'node_modules/yamlish/index.js');
  assert.equal(ownerOfSample([f('buildNode', yaml, 20), f('load', yaml, 60), ctor], null, sources).compile, false);
  // what a parser maker compiles runs again on data, whatever its keywords say of compilers
  assert.equal(compilesReusable('Parser.performSelfAnalysis', sources.packageOf(kit)), true);
  // "perform" is no ORM
  assert.notEqual(verbOf('performSelfAnalysis', null), 'load');
});

test('a package that makes a regex from a pattern on every call compiles it, and the first run of each new regex is compiling too', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const glob = path.join(dir, 'node_modules/@acme/parse/glob.js');
  const making = [f('parse', glob, 55), f('glob.makeRe', glob, 286), f('glob', glob, 30), f('glob.isMatch', glob, 180), handler];
  assert.equal(ownerOfSample(making, null, sources).compile, true);
  const running = [f('glob.test', glob, 117), f('matcher', glob, 60), f('glob', glob, 30), f('glob.isMatch', glob, 180), handler];
  const exec = { line: 140, text: '      match = regex.exec(output);', frameIndex: 0, regexRun: /** @type {const} */ (true) };
  /** @param {any[][]} stacks */
  const block = (stacks) => blockOwners(stacks.map((frames, i) => ({ t: i, weightMs: 10, frames, line: frames === running ? exec : null })), stacks.length * 10, sources);
  // a regex made on each call and run once: all of it compiling (V8 compiles a regex on its first run),
  // none of it a match, however long its runs of samples
  const made = block([making, running, running, running, running, running, running, running, running, making]);
  assert.deepEqual([made.compileShare, made.regexShare, made.regexRunMs], [1, 0, 0]);
  // the same lines running a regex the package did not make in this block: a match, not a compile
  assert.equal(block([running, running, running]).compileShare, 0);
  // a name that only mentions a regex is no maker (escapeStringRegexp escapes a pattern)
  assert.equal(ownerOfSample([f('escapeStringRegexp', glob, 5), f('glob.isMatch', glob, 180), handler], null, sources).compile, false);
});

test('a RegExp subclass\'s protocol method (babel\'s wrapRegExp [Symbol.replace], V8\'s `<computed>`) is called by the line that calls replace', (t) => {
  const { dir, write } = scratch(t, 'elp-symbol-');
  write('node_modules/@babel/runtime/package.json', JSON.stringify({ name: '@babel/runtime', version: '7.26.9' }));
  write('node_modules/@babel/runtime/helpers/wrapRegExp.js', ['function _wrapRegExp() {', '  return BabelRegExp.prototype.exec = function (r) {', '  }, BabelRegExp.prototype[Symbol.replace] = function (t, p) {', '    return p.replace(/\\$<([^>]+)>/g, "");', '  };', '}'].join('\n'));
  const lines = ['const STORE = /(?<store>[a-z]+)/;', "app.get('/x', (req, res) => {", '  const out = [];', '  for (const link of links) {', '    out.push(link.path.replace(STORE, tenant.template));', '  }', '});'];
  write('app.js', lines.join('\n'));
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 2, lines[1].indexOf('(req') + 1);
  const helper = f('BabelRegExp.<computed>', path.join(dir, 'node_modules/@babel/runtime/helpers/wrapRegExp.js'), 3);
  const frames = [f('RegExp: \\$<([^>]+)>', ''), helper, handler];
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 10, frames, line: null })), 30, new AppSources());
  assert.deepEqual(o.owner, { kind: 'package', name: '@babel/runtime', version: '7.26.9' });
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [5, 'source']);
});

test('a package entry that only passes the call on (axios\'s bind.js `wrap`) is called by the name of the function it passes it to', (t) => {
  const { dir, write } = scratch(t, 'elp-forward-');
  write('node_modules/axios/package.json', JSON.stringify({ name: 'axios', version: '1.6.2' }));
  write('node_modules/axios/lib/helpers/bind.js', ['module.exports = function bind(fn, thisArg) {', '  return function wrap() {', '    return fn.apply(thisArg, arguments);', '  };', '};'].join('\n'));
  write('node_modules/axios/lib/core/Axios.js', ['class Axios {', '  getUri(config) {', '    return buildURL(buildFullPath(config.baseURL, config.url), config.params);', '  }', '}'].join('\n'));
  const lines = [
    "const axios = require('axios');", // 1
    'function previewCalls(tenant) {', // 2
    '  const calls = [];', // 3
    '  const started = Date.now();', // 4
    '  for (const c of tenant.connectors) {', // 5
    '    const url = c.client.getUri({ url: c.path });', // 6
    '    calls.push({ url, wrap: true });', // 7
    '  }', // 8
    '  return calls;', // 9
    '}', // 10
  ];
  write('app.js', lines.join('\n'));
  const app = f('previewCalls', path.join(dir, 'app.js'), 2, 21);
  const axios = path.join(dir, 'node_modules/axios/lib');
  const frames = [f('combineURLs', `${axios}/helpers/combineURLs.js`, 11), f('buildFullPath', `${axios}/core/buildFullPath.js`, 16), f('getUri', `${axios}/core/Axios.js`, 2), f('wrap', `${axios}/helpers/bind.js`, 2), app];
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 10, frames, line: null })), 30, new AppSources());
  assert.equal(o.owner?.name, 'axios');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [6, 'source'], 'getUri\'s line, not the function\'s first');
});

test('a regex is the package that runs it: the one whose source writes it when V8 inlined it into its caller, the leaf\'s when no frame names it', (t) => {
  const { dir, write } = scratch(t, 'elp-home-');
  const pkg = (/** @type {string} */ name, /** @type {string} */ text) => {
    write(`node_modules/${name}/package.json`, JSON.stringify({ name, version: '1.0.0' }));
    write(`node_modules/${name}/index.js`, text);
  };
  pkg('splitter', "module.exports = function split(header) {\n  return header.split(/ *, */).reverse();\n};\n");
  pkg('proxy', "var split = require('splitter');\nmodule.exports = function addrs(req) {\n  return split(req.headers.forwarded);\n};\n");
  write('app.js', ["const addrs = require('proxy');", "app.get('/x', (req, res) => {", '  res.json({ from: addrs(req), own: /^(a+)+$/.test(req.query.q) });', '});'].join('\n'));
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 2, 14);
  const proxy = f('addrs', path.join(dir, 'node_modules/proxy/index.js'), 2);
  // splitter's function inlined into proxy's: the `RegExp:` frame's caller is proxy's, which writes no such pattern
  const inlined = ownerOfSample([f('RegExp:  *, *', ''), proxy, handler], null, sources);
  assert.deepEqual([inlined.owner, inlined.regex], [{ kind: 'package', name: 'splitter', version: '1.0.0' }, ' *, *']);
  // the app's own pattern stays the app's
  assert.deepEqual(ownerOfSample([f('RegExp: ^(a+)+$', ''), handler], null, sources).owner, { kind: 'app', name: 'app' });
  // no `RegExp:` frame (compiled before a capture began): the running line of the leaf package runs it, not the package nearest the app
  const split = f('split', path.join(dir, 'node_modules/splitter/index.js'), 1);
  const byLine = ownerOfSample([split, proxy, handler], { line: 2, text: '  return header.split(/ *, */).reverse();' }, sources);
  assert.deepEqual([byLine.owner.name, byLine.regex], ['splitter', ' *, *']);
  // with no regex on the running line, the package nearest the app, as before
  assert.equal(ownerOfSample([split, proxy, handler], { line: 1, text: 'module.exports = function split(header) {' }, sources).owner.name, 'proxy');
});

test('an addon\'s unnamed function under the app: the one addon the file loads, however many of its modules it imports', (t) => {
  const { dir, write } = scratch(t, 'elp-napi-');
  write('node_modules/@node-rs/segmenter/package.json', JSON.stringify({ name: '@node-rs/segmenter', version: '2.0.3', napi: { binaryName: 'segmenter' } }));
  write('node_modules/@node-rs/segmenter/index.js', 'module.exports = {};\n');
  write('node_modules/@node-rs/segmenter/dict.js', 'module.exports = {};\n');
  write('app.js', ["const { Segmenter } = require('@node-rs/segmenter');", "const { dict } = require('@node-rs/segmenter/dict');", 'const seg = Segmenter.withDict(dict);', "app.get('/x', (req, res) => {", '  res.json(seg.extract(text, 20));', '});'].join('\n'));
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 4, 14);
  const o = ownerOfSample([f('(anonymous)', ''), handler], null, new AppSources());
  assert.deepEqual(o.owner, { kind: 'native', name: '@node-rs/segmenter', version: '2.0.3' });
});

test('the app\'s own time on a line calling a method of what an addon made (a statement prepared at the top): the addon\'s, not an array\'s method of its rows', (t) => {
  const { dir, write } = scratch(t, 'elp-handle-');
  write('node_modules/better-sqlite3/package.json', JSON.stringify({ name: 'better-sqlite3', version: '11.10.0', gypfile: true }));
  write('node_modules/better-sqlite3/lib/index.js', 'module.exports = function Database() {};\n');
  write('app.js', [
    "const Database = require('better-sqlite3');", // 1
    "const db = new Database(':memory:');", // 2
    "const refunds = db.prepare('SELECT count(*) AS n FROM orders');", // 3
    "const rows = refunds.all();", // 4
    "app.get('/x', (req, res) => {", // 5
    '  const row = refunds.get();', // 6
    '  const sorted = rows.sort();', // 7
    '  res.json({ row, sorted });', // 8
    '});', // 9
  ].join('\n'));
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 5, 14);
  const statement = ownerOfSample([handler], { line: 6, text: '  const row = refunds.get();', frameIndex: 0 }, new AppSources());
  assert.deepEqual(statement.owner, { kind: 'native', name: 'better-sqlite3', version: '11.10.0' });
  const sorting = ownerOfSample([handler], { line: 7, text: '  const sorted = rows.sort();', frameIndex: 0 }, new AppSources());
  assert.equal(sorting.owner.kind, 'app');
});

test('a function made at run time (no file, a line) is the maker\'s: the package whose made name the app calls, or the package that calls it', (t) => {
  const { dir, write } = scratch(t, 'elp-made-');
  for (const [name, version] of [['schemacheck', '2.17.1'], ['tplkit', '4.7.8'], ['debuglog', '4.3.7'], ['express', '4.21.2'], ['minikit', '3.19.3']]) {
    write(`node_modules/${name}/package.json`, JSON.stringify({ name, version }));
    write(`node_modules/${name}/index.js`, 'module.exports = function make() {};\n');
  }
  const lines = [
    "const express = require('express');", // 1
    "const validator = require('schemacheck');", // 2
    "const tplkit = require('tplkit');", // 3
    "const makeLog = require('debuglog');", // 4
    "const checkOrder = validator({ type: 'object' });", // 5
    "const render = tplkit.compile('<p>{{name}}</p>');", // 6
    "const trace = makeLog('svc');", // 7
    "const twice = new Function('x', 'return x * 2');", // 8
    'const app = express();', // 9
    "app.post('/orders', (req, res) => {", // 10
    '  if (!checkOrder(req.body)) return res.status(400).end();', // 11
    "  res.end('ok');", // 12
    '});', // 13
    "app.get('/card', (req, res) => {", // 14
    "  trace('card');", // 15
    '  res.end(render(req.query));', // 16
    '});', // 17
    "app.get('/double', (req, res) => res.json(twice(Number(req.query.n))));", // 18
    "const Minifier = require('minikit');", // 19
    "app.get('/min', (req, res) => {", // 20
    '  res.end(Minifier.minify(req.query.src).code);', // 21
    '});', // 22
  ];
  write('app.js', lines.join('\n'));
  const app = path.join(dir, 'app.js');
  const sources = new AppSources();
  const handler = (/** @type {number} */ line) => f('(anonymous)', app, line, lines[line - 1].indexOf('(req') + 1);
  const made = (/** @type {string} */ name) => f(name, '', 3, 26);

  // a validator the app made with a package and calls by its name: the package's, its regex too
  const check = ownerOfSample([f('RegExp: ^\\S+@\\S+$', ''), made('validate'), handler(10)], null, sources);
  assert.deepEqual([check.owner, check.regex, check.specifier], [{ kind: 'package', name: 'schemacheck', version: '2.17.1' }, '^\\S+@\\S+$', 'schemacheck']);
  assert.equal(check.entry?.functionName, 'validate');
  assert.deepEqual(ownerOfSample([made('validate'), handler(10)], null, sources).owner, { kind: 'package', name: 'schemacheck', version: '2.17.1' });
  // the function calls names made from two packages: which one ran cannot be told, the app's
  assert.deepEqual(ownerOfSample([made('ret'), handler(14)], null, sources).owner, { kind: 'app', name: 'app' });
  // a function the app made itself
  assert.deepEqual(ownerOfSample([made('anonymous'), handler(18)], null, sources).owner, { kind: 'app', name: 'app' });
  // called from a package's code: that package's, as its own code is
  const runtime = path.join(dir, 'node_modules/tplkit/index.js');
  assert.deepEqual(ownerOfSample([made('ret'), f('invokePartial', runtime, 1), handler(14)], null, sources).owner, { kind: 'package', name: 'tplkit', version: '4.7.8' });
  // a package whose own code is all made at run time (uglify-js builds its library with new Function),
  // called by its import: that package (the route's `app.get(` before the handler is not its call)
  assert.deepEqual(ownerOfSample([made('visit'), made('minify'), handler(20)], null, sources).owner, { kind: 'package', name: 'minikit', version: '3.19.3' });
  // node:vm's new context and compile on each call (runInNewContext) is setup; a compiled script's run is not
  const vm = ownerOfSample([f('createContext', 'node:vm', 225), f('runInNewContext', 'node:vm', 304), handler(18)], null, sources);
  assert.deepEqual([vm.owner, vm.compile], [{ kind: 'node', name: 'node:vm' }, true]);
  assert.equal(ownerOfSample([f('runInContext', ''), f('runInContext', 'node:vm', 120), handler(18)], null, sources).compile, false);
  // a native function (no line) the app called is still native
  assert.equal(ownerOfSample([f('structuredClone', ''), handler(10)], null, sources).owner.kind, 'native');
});

test('Node\'s queue runner alone is the time of the callbacks around it; an addon\'s function with no name is the addon\'s', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const app = path.join(dir, 'app.js');
  const ticks = f('processTicksAndRejections', 'node:internal/process/task_queues', 67);
  const drain = [f('runMicrotasks', ''), ticks];
  /** @param {ReturnType<typeof f>[][]} stacks */
  const block = (stacks) => blockOwners(stacks.map((frames, i) => ({ t: i, weightMs: 10, frames, line: null })), stacks.length * 10, sources);
  // an await loop of the app's: most samples fall in V8's promise machinery between its continuations
  const step = [f('price', app, 7), f('runMicrotasks', ''), ticks];
  const loop = block([step, drain, drain, drain, step, drain, drain]);
  assert.deepEqual(loop.owner, { kind: 'app', name: 'app' }, 'not node:process');
  assert.equal(loop.entry?.functionName, 'price');
  assert.deepEqual(loop.owners.map((o) => [o.kind, o.ms]), [['app', 70]]);
  // a package's promise chain: the machinery's time is the package's
  const orm = path.join(dir, 'node_modules/orm/driver.js');
  const chain = [f('hydrate', orm, 2), f('runMicrotasks', ''), ticks];
  const lib = block([chain, drain, drain, chain, drain, [f('price', app, 7), ticks]]);
  assert.deepEqual([lib.owner?.kind, lib.owner?.name], ['package', 'orm']);
  assert.equal(lib.queueShare, 0.6, 'three of its five samples were the machinery between its continuations');
  // the collections its chain caused are its time, but not its code's: the machinery's share is of the code's
  const gc = [f('(garbage collector)', '')];
  const collected = block([chain, gc, gc, drain, chain, gc, drain, drain, chain, chain]);
  assert.equal(collected.gcShare, 0.3);
  assert.equal(collected.queueShare, 0.429, 'three of its seven samples of code');
  // a nextTick recursion: the app's callback is often sampled inside process.nextTick (Node's API it
  // calls); the drain's own samples are the callbacks', the app's, not that API's
  const tick = f('tick', app, 9);
  const schedule = [f('nextTick', 'node:internal/process/task_queues', 130), tick, ticks];
  const recursion = block([schedule, [ticks], [ticks], [ticks], schedule, [tick, ticks], [ticks]]);
  assert.deepEqual(recursion.owner, { kind: 'app', name: 'app' });
  // the runner alone, with no code in any sample: the app's, as before
  assert.deepEqual(block([drain, drain]).owner, { kind: 'app', name: 'app' });

  // N-API functions have no name: under the addon's own JavaScript (bcrypt's hashSync) it is the addon
  const handler = f('(anonymous)', app, 7, 19);
  const hashing = ownerOfSample([f('(anonymous)', ''), f('hashSync', path.join(dir, 'node_modules/bcrypt/bcrypt.js'), 2), handler], null, sources);
  assert.deepEqual(hashing.owner, { kind: 'native', name: 'bcrypt', version: '5.1.1' });
  // under the app's line that calls an addon's method: that addon
  const query = ownerOfSample([f('(anonymous)', ''), handler], { line: 11, text: "  const rows = db.prepare('select * from t').all();", frameIndex: 1 }, sources);
  assert.deepEqual([query.owner.kind, query.owner.name], ['native', 'better-sqlite3']);
  // no line known (a capture without line ticks): the one addon the calling file loads
  assert.deepEqual(ownerOfSample([f('(anonymous)', ''), handler], null, sources).owner.name, 'better-sqlite3');
  // in a file that loads no addon, an unnamed native function is not one
  fs.writeFileSync(path.join(dir, 'plain.js'), 'exports.run = (xs) => xs.map(String);\n');
  const plain = ownerOfSample([f('(anonymous)', ''), f('run', path.join(dir, 'plain.js'), 1)], { line: 1, text: 'exports.run = (xs) => xs.map(String);', frameIndex: 1 }, sources);
  assert.deepEqual(plain.owner, { kind: 'app', name: 'app' });
});

test('a package whose source map points at sources it does not ship stays the package\'s code', () => {
  const file = '/srv/node_modules/typeorm/driver/Runner.js';
  // one mapping: generated 0:0 -> ../../src/driver/Runner.ts 77:2
  const map = { version: 3, sources: ['../../src/driver/Runner.ts'], names: [], mappings: 'AA6EE' };
  const mapper = new FrameMapper([{ [file]: map }]);
  const frame = mapper.map({ functionName: 'query', url: file, lineNumber: 0, columnNumber: 0 });
  assert.deepEqual([frame.kind, frame.url, frame.line], ['node_modules', file, 1]);
  // the app's own TypeScript is mapped as before
  const app = '/srv/dist/app.js';
  const mine = new FrameMapper([{ [app]: { version: 3, sources: ['../src/app.ts'], names: [], mappings: 'AA6EE' } }]).map({ functionName: 'h', url: app, lineNumber: 0, columnNumber: 0 });
  assert.deepEqual([mine.kind, mine.url, mine.line], ['app', '/srv/src/app.ts', 78]);
});

test('a package whose map names a source inside its folder that it does not ship: the file it ships, whose lines are read', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-unshipped-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const pkg = path.join(dir, 'node_modules/path-to-regexp');
  fs.mkdirSync(path.join(pkg, 'dist'), { recursive: true });
  const file = path.join(pkg, 'dist/index.js');
  fs.writeFileSync(file, 'function m(re, pathname) {\n  var x = re.exec(pathname);\n}\n');
  // generated 0:0 -> ../src/index.ts 77:2, a file the package does not ship
  const map = { version: 3, sources: ['../src/index.ts'], names: [], mappings: 'AA6EE' };
  const frame = new FrameMapper([{ [file]: map }]).map({ functionName: 'm', url: file, lineNumber: 0, columnNumber: 0 });
  assert.deepEqual([frame.kind, frame.url, frame.line], ['node_modules', file, 1]);
  // shipped, the original is the frame's place
  fs.mkdirSync(path.join(pkg, 'src'));
  fs.writeFileSync(path.join(pkg, 'src/index.ts'), '');
  const shipped = new FrameMapper([{ [file]: map }]).map({ functionName: 'm', url: file, lineNumber: 0, columnNumber: 0 });
  assert.deepEqual([shipped.url, shipped.line], [path.join(pkg, 'src/index.ts'), 78]);
});

test('a large res.json: the payload names the block, through express, when JSON is a fair part of it', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const app = path.join(dir, 'app.js');
  const handler = f('(anonymous)', app, 7, 19);
  const response = path.join(dir, 'node_modules/express/lib/response.js');
  const stringify = { frames: [f('stringify', response, 1150), f('json', response, 240), handler], line: { line: 1160, text: '    : JSON.stringify(value, replacer, spaces);' } };
  const etag = { frames: [f('update', ''), f('update', 'node:internal/crypto/hash'), f('entitytag', path.join(dir, 'node_modules/etag/index.js')), f('send', response, 111), f('json', response, 240), handler], line: null };
  const buffer = { frames: [f('from', 'node:buffer'), f('send', response, 111), f('json', response, 240), handler], line: null };
  const samples = [stringify, stringify, stringify, etag, etag, buffer, buffer, buffer].map((x, i) => ({ t: i, weightMs: 10, frames: x.frames, line: x.line }));
  const o = blockOwners(samples, 80, sources);
  assert.deepEqual(o.owner, { kind: 'json', name: 'JSON.stringify' }, JSON.stringify(o.owners));
  assert.equal(o.calledFrom?.line, 13, 'the handler\'s res.json line');
});

test('a large res.json on a crowded machine: what express did with the string in Node\'s code (its buffer, the write) counts with JSON; its own code does not', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const response = path.join(dir, 'node_modules/express/lib/response.js');
  const stringify = { frames: [f('stringify', response, 1150), f('json', response, 240), handler], line: { line: 1160, text: '    : JSON.stringify(value, replacer, spaces);' } };
  const buffer = { frames: [f('write', 'node:buffer'), f('send', response, 111), f('json', response, 240), handler], line: null };
  const own = { frames: [f('send', response, 111), f('json', response, 240), handler], line: null };
  // JSON a sixth of the block (three samples in a row: one 30 ms call)
  const block = (/** @type {typeof own} */ rest) => [stringify, stringify, stringify, ...Array(15).fill(rest)].map((x, i) => ({ t: i, weightMs: 10, frames: x.frames, line: x.line }));
  assert.deepEqual(blockOwners(block(buffer), 180, sources).owner, { kind: 'json', name: 'JSON.stringify' });
  assert.deepEqual(blockOwners(block(own), 180, sources).owner?.name, 'express');
});

test('a package that parses small strings of its own with JSON.parse, many calls a sample apart: the package, not a payload', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 7, 19);
  const lib = path.join(dir, 'node_modules/fakes/index.js');
  const own = { frames: [f('pick', lib, 30), f('fake', lib, 12), handler], line: null };
  const parse = { frames: [f('fake', lib, 14), handler], line: { line: 14, text: '  const args = JSON.parse(`[${raw}]`);' } };
  const gc = { frames: [f('(garbage collector)', '')], line: null };
  const order = [own, parse, own, gc, parse, own, own, parse, own, parse, gc, own, parse, own];
  const samples = order.map((x, i) => ({ t: i, weightMs: 10, frames: x.frames, line: x.line }));
  const o = blockOwners(samples, 140, sources);
  assert.deepEqual([o.owner?.kind, o.owner?.name], ['package', 'fakes'], JSON.stringify(o.owners));
});

test('a library block with no app frame in any sample says why it names no line, and which request awaited it', async (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const { diagnoseBlock } = await import('../../src/analyze/diagnose-block.js');
  const sources = new AppSources();
  const parse = path.join(dir, 'node_modules/@acme/parse/index.js');
  const continuation = [f('scanValue', parse, 40), f('load', parse, 10), f('processTicksAndRejections', 'node:internal/process/task_queues')];
  const samples = [0, 1, 2, 3].map((i) => ({ t: i, weightMs: 20, frames: continuation, line: null }));
  const requests = { ran: [{ route: 'GET /orders', count: 1, msEach: 80 }], waited: 3, delayedMs: 120, queuedAfter: 1, label: 'GET /orders' };
  const d = diagnoseBlock(samples, { cause: 'microtask', phase: 'microtasks', durationMs: 80, gcShare: 0, appTop: null, cwd: dir, requests }, sources);
  assert.equal(d.culprit?.owner?.name, '@acme/parse');
  assert.equal(d.culprit?.calledFrom ?? null, null);
  assert.match(d.advice, /No line of the app was on its stack: .* awaited it \(the handler of GET \/orders\)$/);
  // the app's files known, and the request's route registered in one: the handler's line that calls the package
  const appFiles = () => [path.join(dir, 'app.js')];
  const ran = { ...requests, ran: [{ route: 'GET /x', count: 1, msEach: 80 }], label: 'GET /x' };
  const read = diagnoseBlock(samples, { cause: 'microtask', phase: 'microtasks', durationMs: 80, gcShare: 0, appTop: null, cwd: dir, requests: ran, appFiles }, sources);
  assert.deepEqual([read.culprit?.calledFrom?.line, read.culprit?.lineFrom], [10, 'source']);
  assert.match(read.advice, /app\.js:10, in the handler of GET \/x, is where the app hands it the work, read from the source$/);
  // a request whose handler is not found: the app's one use of the package, not said to be in a handler
  const elsewhere = diagnoseBlock(samples, { cause: 'microtask', phase: 'microtasks', durationMs: 80, gcShare: 0, appTop: null, cwd: dir, requests, appFiles }, sources);
  assert.deepEqual([elsewhere.culprit?.calledFrom?.line, elsewhere.culprit?.calledFrom?.functionName], [10, '(anonymous)']);
  assert.match(elsewhere.advice, /\(the package ran on from its own continuation, after an `await`\); \S*app\.js:10 is where the app uses it, read from the source$/);
  // with the app's frame on the stack, the calling line is named and nothing is said
  const app = path.join(dir, 'app.js');
  const called = [f('load', parse, 10), f('(anonymous)', app, 7, 19)];
  const named = diagnoseBlock([{ t: 0, weightMs: 80, frames: called, line: null }], { cause: 'sync', phase: 'poll', durationMs: 80, gcShare: 0, appTop: null, cwd: dir, requests: null }, sources);
  assert.equal(named.culprit?.calledFrom?.line, 10);
  assert.doesNotMatch(named.advice, /No line of the app/);
});

test('a regex whose samples are all in its own frame: the line that spells it, not the function\'s first', (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-regex-line-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const app = path.join(dir, 'app.js');
  fs.writeFileSync(app, [
    'const EMAIL = /^([a-z]+)+@x$/;', // 1
    'function literal(input) {', // 2
    '  const end = Date.now() + 150;', // 3
    '  // /(a+)+$/ in a comment is not the call', // 4
    '  while (Date.now() < end) /(a+)+$/.test(input);', // 5
    '}', // 6
    'function named(s) {', // 7
    '  let n = 0;', // 8
    '  n += EMAIL.test(s) ? 1 : 0;', // 9
    '  return n;', // 10
    '}', // 11
    'function built(s) {', // 12
    "  const label = '(b+)+$';", // 13 a string with no RegExp around it still spells it: the first line that does
    '  return s;', // 14
    '}', // 15
  ].join('\n'));
  const sources = new AppSources();
  /** @param {string} pattern @param {ReturnType<typeof f>} fn */
  const inRegex = (pattern, fn) => [0, 1, 2].map((i) => ({ t: i, weightMs: 50, frames: [f(`RegExp: ${pattern}`, ''), fn], line: null }));
  const a = blockOwners(inRegex('(a+)+$', f('literal', app, 2, 17)), 150, sources);
  assert.deepEqual([a.owner?.kind, a.calledFrom?.line, a.lineFrom], ['app', 5, 'source']);
  const b = blockOwners(inRegex('^([a-z]+)+@x$', f('named', app, 7, 15)), 150, sources);
  assert.deepEqual([b.calledFrom?.line, b.lineFrom], [9, 'source']);
  const c = blockOwners(inRegex('(b+)+$', f('built', app, 12, 15)), 150, sources);
  assert.deepEqual([c.calledFrom?.line, c.lineFrom], [13, 'source']);
  // a pattern the function does not spell: its first line, said to be the function's
  const d = blockOwners(inRegex('x*y*$', f('literal', app, 2, 17)), 150, sources);
  assert.deepEqual([d.calledFrom?.line, d.lineFrom], [2, 'function']);
});

test('a facade: the app calls a package whose functions another package built (typed dispatchers); the package it imports owns the work, named as the app calls it', (t) => {
  const { dir, write } = scratch(t, 'elp-facade-');
  write('node_modules/mathy/package.json', JSON.stringify({ name: 'mathy', version: '13.0.0', dependencies: { dispatch: '4' } }));
  write('node_modules/dispatch/package.json', JSON.stringify({ name: 'dispatch', version: '4.2.0' }));
  write('node_modules/lodash/package.json', JSON.stringify({ name: 'lodash', version: '4.17.21' }));
  write('app.js', [
    "const math = require('mathy');", // 1
    "const _ = require('lodash');", // 2
    'function price(lines, formulas) {', // 3
    '  return lines.map((l) => formulas.map((text) => math.evaluate(text, _.clone(l))));', // 4
    '}', // 5
  ].join('\n'));
  const app = path.join(dir, 'app.js');
  const mathy = path.join(dir, 'node_modules/mathy/lib/parse.js');
  const dispatcher = path.join(dir, 'node_modules/dispatch/lib/typed.js');
  const caller = f('(anonymous)', app, 4, 45);
  // parse under the signature-named function, under the dispatcher the app called
  const parsing = [f('getToken', mathy, 254), f('parseExpression', mathy, 900), f('string, Map | Object', mathy, 30), f('theTypedFn', dispatcher, 1489), caller];
  const sources = new AppSources();
  const one = ownerOfSample(parsing, null, sources);
  assert.deepEqual(one.owner, { kind: 'package', name: 'mathy', version: '13.0.0' });
  assert.equal(one.entry?.functionName, 'string, Map | Object');
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 50, frames: parsing, line: null })), 150, sources);
  assert.deepEqual(o.owner, { kind: 'package', name: 'mathy', version: '13.0.0' });
  assert.equal(o.calledFrom?.line, 4);
  assert.equal(o.entry?.functionName, 'math.evaluate', 'a signature is no name a caller writes: the calling line\'s');
  // the dispatcher alone (no package of the app's under it) stays the dispatcher's; a package the
  // app imports that is nearest the app frame stays the owner, whatever runs under it
  assert.equal(ownerOfSample([f('theTypedFn', dispatcher, 1489), caller], null, sources).owner.name, 'dispatch');
  const cloning = [f('baseClone', path.join(dir, 'node_modules/lodash/lodash.js'), 100), f('theTypedFn', dispatcher, 1489), f('clone', path.join(dir, 'node_modules/lodash/lodash.js'), 90), caller];
  assert.equal(ownerOfSample(cloning, null, sources).owner.name, 'lodash');
});

test('a bundler\'s arrow function V8 calls (anonymous), exported under a name: named as the app\'s line calls it, and its verb read from that name', async (t) => {
  const { dir, write } = scratch(t, 'elp-anonymous-');
  const { diagnoseBlock } = await import('../../src/analyze/diagnose-block.js');
  write('node_modules/dyna-util/package.json', JSON.stringify({ name: 'dyna-util', version: '3.7.0' }));
  write('node_modules/dyna-util/index.js', 'var unmarshall = (data) => convert(data);\nexports.unmarshall = unmarshall;\n');
  write('app.js', [
    "const { unmarshall } = require('dyna-util');", // 1
    'function listOrders(raw) {', // 2
    '  return raw.map((item) => unmarshall(item));', // 3
    '}', // 4
  ].join('\n'));
  const app = path.join(dir, 'app.js');
  const lib = path.join(dir, 'node_modules/dyna-util/index.js');
  const frames = [f('convertMap', lib, 40), f('(anonymous)', lib, 1), f('(anonymous)', app, 3, 28), f('listOrders', app, 3)];
  const gc = [f('(garbage collector)', '')];
  const sources = new AppSources();
  // half of it the collector's: without a verb, the allocation rule would read it
  const samples = [0, 1, 2, 3].map((i) => ({ t: i, weightMs: 50, frames: i % 2 ? gc : frames, line: null }));
  const o = blockOwners(samples, 200, sources);
  assert.deepEqual(o.owner, { kind: 'package', name: 'dyna-util', version: '3.7.0' });
  assert.equal(o.entry?.functionName, 'unmarshall');
  assert.equal(o.calledFrom?.line, 3);
  const d = diagnoseBlock(samples, { cause: 'sync', phase: 'poll', durationMs: 200, gcShare: 0.5, appTop: null, cwd: dir }, sources);
  assert.equal(d.fix, 'cache-bound-offload', 'unmarshalling decodes: call it less, not allocate less');
});

test('a call whose name and package say nothing (a cache\'s get) is known by the function that ran most of it: a deep copy is fixed by copying less', async (t) => {
  const { dir, write } = scratch(t, 'elp-work-');
  const { diagnoseBlock } = await import('../../src/analyze/diagnose-block.js');
  write('node_modules/memcache-lite/package.json', JSON.stringify({ name: 'memcache-lite', version: '5.1.2', description: 'in-memory cache', keywords: ['cache', 'memory'] }));
  write('node_modules/duplicate/package.json', JSON.stringify({ name: 'duplicate', version: '2.1.2', description: 'deep copies of objects and arrays' }));
  write('app.js', "const Cache = require('memcache-lite');\nconst cache = new Cache();\nfunction prices() {\n  return cache.get('prices');\n}\n");
  const app = path.join(dir, 'app.js');
  const lib = path.join(dir, 'node_modules/memcache-lite/lib/cache.js');
  const dup = path.join(dir, 'node_modules/duplicate/index.js');
  const copying = [f('_walk', dup, 73), f('_walk', dup, 73), f('duplicate', dup, 52), f('_unwrap', lib, 707), f('get', lib, 358), f('prices', app, 3)];
  const hashing = [f('hashKey', lib, 90), f('get', lib, 358), f('prices', app, 3)];
  const samples = [copying, copying, copying, hashing].map((frames, i) => ({ t: i, weightMs: 50, frames, line: null }));
  const c = /** @type {const} */ ({ cause: 'sync', phase: 'poll', durationMs: 200, gcShare: 0.02, appTop: null, cwd: dir, requests: null });
  const d = diagnoseBlock(samples, c, new AppSources());
  assert.equal(d.culprit?.owner?.name, 'memcache-lite');
  assert.equal(d.fix, 'allocation', 'three quarters of get\'s time was _walk of a package that copies');
  assert.match(d.advice, /held the loop 200 ms copying data \(_walk of duplicate\): .*Copy less per call/);
  // the same get, half of it not in one function: no verb from the work, the call's generic advice
  const spread = [copying, hashing, copying, hashing, [f('compress', lib, 120), f('get', lib, 358), f('prices', app, 3)]].map((frames, i) => ({ t: i, weightMs: 40, frames, line: null }));
  assert.equal(diagnoseBlock(spread, c, new AppSources()).fix, 'cache-bound-offload');
});

test('a regex the app runs but a package made (`s.replace(ansiRegex(), \'\')`, `EMAIL.test(s)`): the package\'s, at the line that runs it', (t) => {
  const { dir, write } = scratch(t, 'elp-pkg-regex-');
  write('node_modules/codes-regex/package.json', JSON.stringify({ name: 'codes-regex', version: '6.0.0', main: 'index.js' }));
  write('node_modules/codes-regex/index.js', 'export default function codesRegex() { return new RegExp("[\\\\u001B](;*)*m", "g"); }\n');
  write('node_modules/mail-patterns/package.json', JSON.stringify({ name: 'mail-patterns', version: '1.2.3' }));
  write('app.mjs', [
    "import codesRegex from 'codes-regex';",
    "import { EMAIL } from 'mail-patterns';",
    'export function clean(text) {',
    '  const head = text.slice(0, 10);',
    "  return head + text.replace(codesRegex(), '');",
    '}',
    'export function valid(s) {',
    '  return EMAIL.test(s) && /^(a+)+$/.test(s);',
    '}',
    'export function own(s) {',
    '  return /^(\\w+\\s?)+$/.test(s);',
    '}',
  ].join('\n'));
  const sources = new AppSources();
  const app = path.join(dir, 'app.mjs');
  /** @param {ReturnType<typeof f>[]} frames @param {any} [line] @param {number} [n] */
  const block = (frames, line = null, n = 5) => blockOwners(Array.from({ length: n }, (_, i) => ({ t: i, weightMs: 10, frames, line })), n * 10, sources);
  // the match in its own frame, which has no file: the line is the one that runs a regex the package makes
  const framed = block([f('RegExp: [\\u001B](;*)*m', ''), f('clean', app, 3, 22)]);
  assert.deepEqual([framed.owner?.kind, framed.owner?.name, framed.owner?.version, framed.calledFrom?.line, framed.entry?.functionName], ['package', 'codes-regex', '6.0.0', 5, 'codesRegex']);
  assert.equal(framed.regexShare, 1);
  assert.deepEqual(framed.owners.map((o) => o.name), ['codes-regex']);
  // compiled before the profile began: the line's own time, which the profile puts on it
  const lineOnly = block([f('valid', app, 7, 22)], { line: 8, text: '  return EMAIL.test(s) && /^(a+)+$/.test(s);', frameIndex: 0 });
  assert.deepEqual([lineOnly.owner?.name, lineOnly.calledFrom?.line, lineOnly.regexShare, lineOnly.regexRunMs], ['mail-patterns', 8, 1, 50]);
  // the app's own regex stays the app's
  const own = block([f('RegExp: ^(\\w+\\s?)+$', ''), f('own', app, 10, 20)]);
  assert.deepEqual([own.owner?.kind, own.calledFrom?.line], ['app', 11]);
});

test('a function that calls what a package returned, through a property: its one line that calls anything, when the file binds the package', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const sources = new AppSources();
  const routes = path.join(dir, 'routes.js');
  fs.writeFileSync(routes, [
    "const { compile } = require('@acme/parse');",
    "const table = [{ name: 'a', run: compile('/a') }];",
    'function resolve(link) {',
    '  for (const route of table) {',
    '    const found = route.run(link);',
    '    if (found) return { link, route: route.name };',
    '  }',
    '  return { link, route: null };',
    '}',
    'const other = (x) => { const y = x * 2; return y; };',
    '',
  ].join('\n'));
  const parse = path.join(dir, 'node_modules/@acme/parse/index.js');
  // V8 gives a function's position where its parameters start: resolve's `(`, column 17
  const at = (/** @type {number} */ column) => [f('(anonymous)', parse, 30), f('resolve', routes, 3, column)];
  const read = (/** @type {number} */ column) => blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 10, frames: at(column), line: null })), 30, sources);
  assert.deepEqual([read(17).calledFrom?.line, read(17).lineFrom], [5, 'source']);
  // a position that is not the function's parameters (a bundle's source map, approximate): its first line, as before
  assert.deepEqual([read(5).calledFrom?.line, read(5).lineFrom], [3, 'function']);
});

test('a bundled package\'s minified function (`W`): named, and its async form read, by the name the app\'s line imports and calls', async (t) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'elp-minified-async-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const { diagnoseBlock } = await import('../../src/analyze/diagnose-block.js');
  const write = (/** @type {string} */ rel, /** @type {string} */ text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write('node_modules/hashkit/package.json', JSON.stringify({ name: 'hashkit', version: '5.0.3', type: 'module', main: './dist/node.cjs', types: './dist/node.d.mts', exports: { '.': { import: './dist/node.mjs', require: './dist/node.cjs' } } }));
  // one line, as a bundler writes it (a table of constants, then the functions)
  const table = `const T=[${Array.from({ length: 120 }, (_, i) => 608135816 + i * 7919).join(',')}];`;
  write('node_modules/hashkit/dist/node.mjs', `${table}const A=setImmediate,W=(n,r)=>H(n)===r,Y=(n,r)=>new Promise(t=>A(()=>t(W(n,r))));export{Y as compare,W as compareSync};\n`);
  write('node_modules/hashkit/dist/node.cjs', '"use strict";const A=setImmediate,W=(n,r)=>H(n)===r,Y=(n,r)=>new Promise(t=>A(()=>t(W(n,r))));exports.compare=Y,exports.compareSync=W;\n');
  write('node_modules/hashkit/dist/node.d.mts', 'declare const compareSync: (content: string, hash: string) => boolean;\ndeclare const compare: (content: string, hash: string) => Promise<boolean>;\nexport { compare, compareSync };\n');
  write('app.mjs', [
    "import http from 'node:http';",
    "import { compareSync } from 'hashkit';",
    "import { other } from './other.js';",
    '',
    'http.createServer((req, res) => {',
    "  const ok = compareSync(req.url ?? '', stored);",
    '  res.end(String(ok));',
    '}).listen(3000);',
  ].join('\n'));
  const sources = new AppSources();
  const lib = path.join(dir, 'node_modules/hashkit/dist/node.mjs');
  const frames = [f('W', lib, 1, 40), f('(anonymous)', path.join(dir, 'app.mjs'), 5, 19)];
  const samples = [0, 1, 2, 3].map((i) => ({ t: i, weightMs: 40, frames, line: null }));
  const d = diagnoseBlock(samples, { cause: 'sync', phase: 'poll', durationMs: 160, gcShare: 0, appTop: null, cwd: dir, requests: null }, sources);
  assert.equal(d.culprit?.owner?.name, 'hashkit');
  // named as the app calls it, not by the bundle's `W`
  assert.equal(d.culprit?.functionName, 'compareSync');
  assert.equal(d.culprit?.calledFrom?.line, 6);
  assert.equal(d.fix, 'async-form', d.advice);
  assert.match(d.advice, /hashkit also exports the async hashkit\.compare/);
});

test('two calls of the same package in one handler: the calling line is the heavier call\'s, not the earlier one\'s', (t) => {
  const { dir, write } = scratch(t, 'elp-two-calls-');
  write('node_modules/imgq/package.json', JSON.stringify({ name: 'imgq', version: '4.0.0' }));
  write('app.js', [
    "const iq = require('imgq');", // 1
    "app.get('/x', (req, res) => {", // 2
    '  const image = iq.utils.fromBytes(req.body);', // 3
    '  const indexed = iq.applyPaletteSync(image);', // 4
    '  res.end(String(indexed.length));', // 5
    '});', // 6
  ].join('\n'));
  const app = path.join(dir, 'app.js');
  const lib = path.join(dir, 'node_modules/imgq/dist/index.js');
  const handler = f('(anonymous)', app, 2, 15);
  // the cheap call runs first, so its sample comes first in time
  const samples = [
    [f('fromBytes', lib, 10), handler],
    ...Array.from({ length: 5 }, () => [f('learn', lib, 400), f('applyPaletteSync', lib, 300), handler]),
  ].map((frames, i) => ({ t: i, weightMs: 10, frames, line: null }));
  const o = blockOwners(samples, 60, new AppSources());
  assert.equal(o.owner?.name, 'imgq');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [4, 'source']);
});

test('the same call on two lines of a handler, once and in a loop over the request\'s items: the calling line is the loop\'s', (t) => {
  const { dir, write } = scratch(t, 'elp-loop-call-');
  write('node_modules/pdfdoc/package.json', JSON.stringify({ name: 'pdfdoc', version: '0.15.2' }));
  write('app.js', [
    "const PDFDocument = require('pdfdoc');", // 1
    "app.get('/x', (req, res) => {", // 2
    '  const doc = new PDFDocument();', // 3
    "  doc.fontSize(18).text('Price list');", // 4
    '  for (const line of req.body.lines) {', // 5
    '    doc.fontSize(9).text(`${line.sku} ${line.net}`);', // 6
    '  }', // 7
    '  doc.pipe(res);', // 8
    '});', // 9
  ].join('\n'));
  const app = path.join(dir, 'app.js');
  const lib = path.join(dir, 'node_modules/pdfdoc/js/pdfkit.js');
  const handler = f('(anonymous)', app, 2, 15);
  const samples = Array.from({ length: 6 }, () => [f('wrap', lib, 900), f('text', lib, 300), handler]).map((frames, i) => ({ t: i, weightMs: 10, frames, line: null }));
  const o = blockOwners(samples, 60, new AppSources());
  assert.equal(o.owner?.name, 'pdfdoc');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [6, 'source']);
});

test('a package\'s regex kept in a module of its own (`var RE = require(\'./vendor/re\')`) is named on the line that runs it, so its backtracking is the package\'s ReDoS', (t) => {
  const { dir, write } = scratch(t, 'elp-required-regex-');
  write('node_modules/nocase/package.json', JSON.stringify({ name: 'nocase', version: '2.3.1' }));
  write('node_modules/nocase/vendor/upper-regexp.js', 'module.exports = /([A-Z]+)([A-Z][a-z])/g\n');
  write('node_modules/nocase/vendor/not-a-regex.js', 'module.exports = /x/g\nmodule.exports.more = 1\n');
  write('node_modules/nocase/no-case.js', [
    "var UPPER_REGEXP = require('./vendor/upper-regexp')",
    "var OTHER = require('./vendor/not-a-regex')",
    "var lowerCase = require('lower-case')",
    'module.exports = function (str) {',
    "  return str.replace(UPPER_REGEXP, '$1 $2')",
    '}',
  ].join('\n'));
  const sources = new AppSources();
  const names = sources.regexNames(path.join(dir, 'node_modules/nocase/no-case.js'));
  assert.deepEqual([...names], [['UPPER_REGEXP', '([A-Z]+)([A-Z][a-z])']], 'a module that also exports something else is not read as a regex');
  assert.equal(namedRegexRun("  return str.replace(UPPER_REGEXP, '$1 $2')", names), '([A-Z]+)([A-Z][a-z])');
});

test('a capture\'s async frames through the app\'s pool wrapper: the line is the handler\'s call it handed in, not the wrapper\'s first line', (t) => {
  const { dir, write } = scratch(t, 'elp-wrapper-');
  write('node_modules/slowdb/package.json', JSON.stringify({ name: 'slowdb', version: '1.0.0' }));
  write('node_modules/slowdb/index.js', 'function scan(n) {}\nclass Conn {\n  async query(sql) {}\n}\n');
  write('app.js', [
    "const { connect } = require('slowdb');", // 1
    'function makePool(size) {', // 2
    '  const idle = Array.from({ length: size }, () => connect());', // 3
    '  return async (fn) => {', // 4
    '    const conn = idle.pop();', // 5
    '    try { return await fn(conn); } finally { idle.push(conn); }', // 6
    '  };', // 7
    '}', // 8
    'const withConnection = makePool(4);', // 9
    "app.get('/x', async (req, res) => {", // 10
    "  const r = await withConnection((conn) => conn.query('select 1'));", // 11
    '  res.json(r);', // 12
    '});', // 13
  ].join('\n'));
  const sources = new AppSources();
  const lib = path.join(dir, 'node_modules/slowdb/index.js');
  const app = path.join(dir, 'app.js');
  // a profile's frames give each function's start: scan, query, the wrapper's arrow, the handler's
  const frames = [f('scan', lib, 1, 1), f('query', lib, 3, 9), f('', app, 4, 16), f('', app, 10, 15)];
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 40, frames, line: null })), 120, sources);
  assert.equal(o.owner?.name, 'slowdb');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [11, 'source']);
  // a wrapper that makes its connections through the package (`connect()`) uses it, and calls nothing that ran
  write('app3.js', [
    "const { connect } = require('slowdb');", // 1
    'const withConn = async (fn) => {', // 2
    '  const conn = connect();', // 3
    '  return await fn(conn);', // 4
    '};', // 5
    "app.get('/y', async (req, res) => {", // 6
    "  res.json(await withConn((conn) => conn.query('select 2')));", // 7
    '});', // 8
  ].join('\n'));
  const app3 = path.join(dir, 'app3.js');
  const viaConnect = [f('scan', lib, 1, 1), f('query', lib, 3, 9), f('withConn', app3, 2, 18), f('', app3, 6, 15)];
  assert.equal(blockOwners([{ t: 0, weightMs: 40, frames: viaConnect, line: null }], 40, sources).calledFrom?.line, 7);
  // a helper that only runs its own code around the call is no wrapper to pass over: its line stays
  write('app2.js', ['async function timed(sql) {', '  const c = connect();', '  return c.query(sql);', '}'].join('\n'));
  const own = [f('scan', lib, 1, 1), f('query', lib, 3, 9), f('timed', path.join(dir, 'app2.js'), 1, 1), f('', app, 10, 15)];
  assert.equal(blockOwners([{ t: 0, weightMs: 40, frames: own, line: null }], 40, sources).calledFrom?.line, 3);
});

test('a bundle\'s minified function right under the app\'s frame is called by the name the file binds to the package, bare: its weight goes to that line', (t) => {
  const { dir, write } = scratch(t, 'elp-minified-callee-');
  write('node_modules/nlpkg/package.json', JSON.stringify({ name: 'nlpkg', version: '14.0.0', main: 'bundle.cjs' }));
  write('node_modules/nlpkg/bundle.cjs', `${'var a=1;'.repeat(100)}function h(t){return t}\n`);
  write('app.js', [
    "const nlp = require('nlpkg');", // 1
    "app.get('/x', (req, res) => {", // 2
    '  res.json(tickets.map((t) => {', // 3
    '    const doc = nlp(t.text);', // 4
    '    return { people: doc.people(), question: doc.questions().length > 0 };', // 5
    '  }));', // 6
    '});', // 7
  ].join('\n'));
  const sources = new AppSources();
  const lib = path.join(dir, 'node_modules/nlpkg/bundle.cjs');
  const app = path.join(dir, 'app.js');
  const fn = f('', app, 3, 27);
  // the tagger under `h` (nlp's minified name) three samples in four, `doc.questions` the fourth
  const tagging = { t: 0, weightMs: 30, frames: [f('sweep', lib, 1, 900), f('h', lib, 1, 801), fn], line: null };
  const asking = { t: 1, weightMs: 30, frames: [f('sweep', lib, 1, 900), f('doc.questions', lib, 1, 700), fn], line: null };
  const o = blockOwners([tagging, { ...tagging, t: 2 }, { ...tagging, t: 3 }, asking], 120, sources);
  assert.equal(o.owner?.name, 'nlpkg');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [4, 'source']);
});

test('compiled WebAssembly of a package (sql.js\'s): native code, its time the package\'s whose JavaScript called into it, at the app\'s calling line', (t) => {
  const { dir, write } = scratch(t, 'elp-wasm-');
  write('node_modules/sqlwasm/package.json', JSON.stringify({ name: 'sqlwasm', version: '1.12.0', main: 'dist/sql-wasm.js' }));
  write('node_modules/sqlwasm/dist/sql-wasm.js', 'function step() {}\nfunction exec(sql) {}\n');
  write('app.js', ["const initSqlJs = require('sqlwasm');", "app.get('/x', (req, res) => {", "  res.json(db.exec('select 1'));", '});'].join('\n'));
  const sources = new AppSources();
  const lib = path.join(dir, 'node_modules/sqlwasm/dist/sql-wasm.js');
  const frames = [f('wasm-function[948]', 'wasm://wasm/0027da66', 1, 1), f('wasm-function[65]', 'wasm://wasm/0027da66', 1, 1),
    f('step', lib, 1, 1), f('exec', lib, 2, 1), f('', path.join(dir, 'app.js'), 2, 15)];
  assert.equal(frames[0].kind, 'native');
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 40, frames, line: null })), 120, sources);
  assert.deepEqual([o.owner?.kind, o.owner?.name, o.calledFrom?.line], ['package', 'sqlwasm', 3]);
});

test('a function assigned to two names of one object (big.js\'s `P.times = P.mul`, V8\'s "P.times.P.mul") is called by either: the line that calls times', (t) => {
  const { dir, write } = scratch(t, 'elp-alias-');
  write('node_modules/big.js/package.json', JSON.stringify({ name: 'big.js', version: '6.2.2', main: 'big.js' }));
  write('node_modules/big.js/big.js', ['P.times = P.mul = function (y) {', '  return y;', '};'].join('\n'));
  const lines = [
    "const Big = require('big.js');", // 1
    'function schedule(loan) {', // 2
    '  const r = new Big(loan.rate).div(12);', // 3
    '  let balance = new Big(loan.principal);', // 4
    '  for (let m = 1; m <= loan.months; m++) {', // 5
    '    const interest = balance.times(r).round(2);', // 6
    '    balance = balance.minus(interest);', // 7
    '  }', // 8
    '  return balance;', // 9
    '}', // 10
  ];
  write('app.js', lines.join('\n'));
  const app = f('schedule', path.join(dir, 'app.js'), 2, 10);
  const frames = [f('P.times.P.mul', path.join(dir, 'node_modules/big.js/big.js'), 1), app];
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 10, frames, line: null })), 30, new AppSources());
  assert.deepEqual(o.owner, { kind: 'package', name: 'big.js', version: '6.2.2' });
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [6, 'source']);
});

test('the calling line is the line that holds most of the package\'s time: two cheap calls in the loop\'s line outweigh a heavier one before it', (t) => {
  const { dir, write } = scratch(t, 'elp-held-line-');
  write('node_modules/big.js/package.json', JSON.stringify({ name: 'big.js', version: '6.2.2', main: 'big.js' }));
  write('node_modules/big.js/big.js', ['P.div = function (y) {', '  return y;', '};', 'P.times = P.mul = function (y) {', '  return y;', '};', 'P.round = function (dp) {', '  return dp;', '};'].join('\n'));
  write('app.js', [
    "const Big = require('big.js');", // 1
    'function schedule(loan) {', // 2
    '  const r = new Big(loan.rate).div(12).round(12);', // 3
    '  let balance = new Big(loan.principal);', // 4
    '  for (let m = 1; m <= loan.months; m++) {', // 5
    '    balance = balance.times(r).round(2);', // 6
    '  }', // 7
    '  return balance;', // 8
    '}', // 9
  ].join('\n'));
  const app = f('schedule', path.join(dir, 'app.js'), 2, 9);
  const lib = path.join(dir, 'node_modules/big.js/big.js');
  const sample = (name, line) => ({ t: 0, weightMs: 10, frames: [f(name, lib, line), app], line: null });
  const samples = [sample('P.div', 1), sample('P.div', 1), sample('P.div', 1), sample('P.times.P.mul', 4), sample('P.times.P.mul', 4), sample('P.round', 7), sample('P.round', 7)];
  const o = blockOwners(samples.map((s, i) => ({ ...s, t: i })), 70, new AppSources());
  assert.equal(o.entry?.functionName, 'P.div', 'the heaviest function still names the block');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [6, 'source']);
  // alone, the heavier call's line is the calling line
  const o2 = blockOwners([0, 1, 2, 3].map((i) => ({ ...sample(i < 3 ? 'P.div' : 'P.round', i < 3 ? 1 : 7), t: i })), 40, new AppSources());
  assert.equal(o2.calledFrom?.line, 3);
});

test('collections between two owners\' code go to the one that held more of the block: a block that opens with them after the last response\'s write is the parse after them', (t) => {
  const { dir, rm } = appFolder();
  t.after(rm);
  const app = path.join(dir, 'app.js');
  const handler = f('(anonymous)', app, 7, 19);
  const parse = path.join(dir, 'node_modules/@acme/parse/index.js');
  const inLoad = [f('scanValue', parse, 40), f('load', parse, 10), handler];
  const gc = [f('(garbage collector)', '')];
  const write = [f('stringify', path.join(dir, 'node_modules/express/lib/response.js')), handler];
  const block = (list) => blockOwners(list.map((frames, i) => ({ t: i, weightMs: 10, frames, line: null })), list.length * 10, new AppSources());
  const o = block([write, gc, gc, gc, inLoad, inLoad, inLoad]);
  assert.equal(o.owner?.name, '@acme/parse');
  assert.equal(o.gcShare, 0.5, 'the three collections are the parse\'s');
  // at the block's end the collections are the code's before them; at its start, the code's after them
  assert.equal(block([inLoad, inLoad, gc, gc, gc]).gcShare, 0.6);
  assert.equal(block([gc, gc, write, inLoad, inLoad]).owner?.name, 'express');
});

test('a handler whose helper was inlined into it: the helper\'s line that calls what ran, of its two lines that use the package (messageformat\'s mf.compile after new MessageFormat)', (t) => {
  const { dir, write } = scratch(t, 'elp-helper-line-');
  write('node_modules/@messageformat/core/package.json', JSON.stringify({ name: '@messageformat/core', version: '3.4.0', main: 'lib/messageformat.js' }));
  write('node_modules/@messageformat/core/lib/messageformat.js', ['class MessageFormat {', '  compile(src) {', '    return () => src;', '  }', '}', 'module.exports = MessageFormat;'].join('\n'));
  write('app.js', [
    "const MessageFormat = require('@messageformat/core');", // 1
    'const catalogue = { de: { a: "{n, number}" } };', // 2
    'function loadMessages(locale) {', // 3
    '  const mf = new MessageFormat(locale);', // 4
    '  const messages = {};', // 5
    '  for (const [key, source] of Object.entries(catalogue[locale])) messages[key] = mf.compile(source);', // 6
    '  return messages;', // 7
    '}', // 8
    "server.get('/x', (req, res, next) => {", // 9
    "  const t = loadMessages(req.query.locale || 'de');", // 10
    '  res.send(t.a({ n: 3 }));', // 11
    '});', // 12
  ].join('\n'));
  const handler = f('(anonymous)', path.join(dir, 'app.js'), 9, 12);
  const frames = [f('MessageFormat.compile', path.join(dir, 'node_modules/@messageformat/core/lib/messageformat.js'), 2), handler];
  const o = blockOwners([0, 1, 2].map((i) => ({ t: i, weightMs: 10, frames, line: null })), 30, new AppSources());
  assert.equal(o.owner?.name, '@messageformat/core');
  assert.deepEqual([o.calledFrom?.line, o.lineFrom], [6, 'source']);
});
