// A parser built from a constant of the app's file on every call, then run on the request's data
// (constant-build.js), and the packages that make parsers (remedies.js makesParsers).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildsFromConstant } from '../../src/sources/constant-build.js';
import { codeOnly } from '../../src/sources/js-scan.js';
import { compilesCode, makesParsers } from '../../src/analyze/remedies.js';

const file = (/** @type {string[]} */ body) => codeOnly([
  "const ohm = require('ohm-js');", // 1
  "const { Parser } = require('jison');", // 2
  "const protobuf = require('protobufjs');", // 3
  'const GRAMMAR = `Query { Exp = "a" }`;', // 4
  'const schemas = new Map();', // 5
  "app.get('/x', (req, res) => {", // 6
  ...body, // 7...
  '});',
]);

test('a build from a constant of the file, then run: a name, a destructured name, a string, or chained on the line', () => {
  const names = ['ohm', 'Parser', 'protobuf'];
  assert.equal(buildsFromConstant(file(['  const g = ohm.grammar(GRAMMAR);', '  const m = g.match(req.query.q);']), 7, names), true);
  assert.equal(buildsFromConstant(file(['  const parser = new Parser(GRAMMAR);', '  const ok = rules.filter((r) => run(parser.parse(r.cond)));']), 7, names), true);
  assert.equal(buildsFromConstant(file(['  const { root } = protobuf.parse(schemas.get(req.query.v));', '  const t = root.lookupType("a.B").decode(req.body);']), 7, names), true);
  assert.equal(buildsFromConstant(file(["  const g = ohm.grammar('Q { E = \"a\" }');", '  res.json(g.match(req.query.q).succeeded());']), 7, names), true);
  assert.equal(buildsFromConstant(file(['  res.json(ohm.grammar(GRAMMAR).match(req.query.q).succeeded());']), 7, names), true);
});

test('not a build from a constant: the request\'s data built, what it returned only read, a local argument, or another package\'s call', () => {
  const names = ['ohm', 'Parser', 'protobuf'];
  assert.equal(buildsFromConstant(file(['  const g = ohm.grammar(req.body.grammar);', '  g.match(req.query.q);']), 7, names), false);
  assert.equal(buildsFromConstant(file(['  const { root } = protobuf.parse(GRAMMAR);', '  res.json(root.nested);']), 7, names), false);
  assert.equal(buildsFromConstant(file(['  const text = req.body.g;', '  const g = ohm.grammar(text);', '  g.match(req.query.q);']), 8, names), false);
  assert.equal(buildsFromConstant(file(['  const g = other.grammar(GRAMMAR);', '  g.match(req.query.q);']), 7, names), false);
  assert.equal(buildsFromConstant(file(['  const g = ohm.grammar(`${req.body.g}`);', '  g.match(req.query.q);']), 7, names), false);
  // a hash made for an algorithm the line names, and fed: a method called on the line, not code evaluated
  assert.equal(buildsFromConstant(file(["  const digest = ohm('sha256').update(req.body).digest('hex');"]), 7, names, 'evaluated'), false);
  // the package's own namespace handed to its call is no constant of the app's
  assert.equal(buildsFromConstant(file(['  const mac = ohm.hmac(ohm.sha256, req.query.key);', '  mac.update(req.body);']), 7, names), false);
  // used after its block ended: another function's
  assert.equal(buildsFromConstant(file(['  if (req.query.q) {', '    const g = ohm.grammar(GRAMMAR);', '  }', '  g.match(1);']), 8, names), false);
});

test('makesParsers: parser generators and toolkits, grammars, protocol buffers; not a parser of data, nor "a parser and generator" of archives', () => {
  const meta = (/** @type {string} */ name, /** @type {string} */ description, /** @type {string[]} */ keywords = []) => ({ name, description, keywords });
  assert.equal(makesParsers(meta('jison', "A parser generator with Bison's API", ['parser', 'generator'])), true);
  assert.equal(makesParsers(meta('nearley', 'Simple, fast, powerful parser toolkit for JavaScript.')), true);
  assert.equal(makesParsers(meta('ohm-js', 'An object-oriented language for parsing and pattern matching', ['parser', 'compiler'])), true);
  assert.equal(makesParsers(meta('protobufjs', 'Protocol Buffers for JavaScript (& TypeScript).', ['protobuf'])), true);
  assert.equal(makesParsers(meta('moo', 'Optimised tokenizer/lexer generator!')), true);
  assert.equal(makesParsers(meta('toml', 'TOML parser for Node.js (parses TOML spec v0.4.0)', ['toml', 'parser'])), false);
  assert.equal(makesParsers(meta('tar-stream', 'a streaming tar parser and generator', ['tar', 'parser', 'generator'])), false);
  assert.equal(makesParsers(meta('geojson-vt', 'Slice GeoJSON data into vector tiles efficiently')), false);
  assert.equal(makesParsers(null), false);
});

test('what was built is run when it is evaluated as code, or, for a parser\'s product, handed to a call', () => {
  const names = ['ohm', 'Parser', 'protobuf'];
  // a compiler's code from a constant source, evaluated
  const compiled = file(['  const js = ohm.compile(GRAMMAR, { bare: true });', "  new Function('module', 'exports', js)(mod, mod.exports);"]);
  assert.equal(buildsFromConstant(compiled, 7, names), true);
  assert.equal(buildsFromConstant(file(['  const { js } = ohm.compile(GRAMMAR);', '  vm.runInNewContext(js.code, sandbox);']), 7, names), true);
  // a parser handed to the app's function that runs it: counted when asked (a parser generator's product)
  const handed = file(['  const parser = new Parser(GRAMMAR);', '  const out = scripts.map((s) => lint(parser, s.source));']);
  assert.equal(buildsFromConstant(handed, 7, names, 'handed'), true);
  assert.equal(buildsFromConstant(handed, 7, names), false);
  // whatever the package: only what it made that is evaluated as code counts (`evaluated`), not a call of it
  const transpiled = file(['  const { code } = ohm.transform(schemas.get(req.query.t), { transforms: ["imports"] });', "  new Function('module', code)(mod);"]);
  assert.equal(buildsFromConstant(transpiled, 7, names, 'evaluated'), true);
  assert.equal(buildsFromConstant(file(['  const g = ohm.grammar(GRAMMAR);', '  g.match(req.query.q);']), 7, names, 'evaluated'), false);
  // a compiler's output sent as it is (a stylesheet) is no code run
  assert.equal(buildsFromConstant(file(['  const css = ohm.compile(GRAMMAR).css;', "  res.type('css').send(css);"]), 7, names), false);
});

test('compilesCode: a compiler or transpiler by its keywords or description; not a parser or a template engine', () => {
  const meta = (/** @type {string} */ name, /** @type {string} */ description, /** @type {string[]} */ keywords = []) => ({ name, description, keywords });
  assert.equal(compilesCode(meta('coffeescript', 'Unfancy JavaScript', ['javascript', 'language', 'coffeescript', 'compiler'])), true);
  assert.equal(compilesCode(meta('typescript', 'TypeScript is a language for application scale JavaScript development', ['TypeScript', 'Microsoft', 'compiler', 'language', 'javascript'])), true);
  assert.equal(compilesCode(meta('sucrase', 'Super-fast alternative to Babel for when you can target modern JS runtimes')), false);
  assert.equal(compilesCode(meta('toml', 'TOML parser for Node.js', ['toml', 'parser'])), false);
  assert.equal(compilesCode(meta('handlebars', 'Handlebars provides the power necessary to let you build semantic templates effectively with no frustration', ['handlebars', 'mustache', 'template', 'html'])), false);
  assert.equal(compilesCode(null), false);
});

test('module state a function assigns is no constant: a snapshot `let latest` that a collector sets is data to decode, while a `let` built up at start-up stays one', () => {
  const lines = (/** @type {string} */ assign) => codeOnly([
    "const protobuf = require('protobufjs');", // 1
    'let latest;', // 2
    'let SCHEMA = "syntax";', // 3
    'SCHEMA += " = proto3";', // 4
    'async function collect() {', // 5
    assign, // 6
    '}', // 7
    "app.get('/x', (req, res) => {", // 8
    '  const snap = protobuf.parse(latest);', // 9
    '  res.json(snap.lookupType(req.query.t));', // 10
    '  const root = protobuf.parse(SCHEMA);', // 11
    '  res.json(root.lookupType(req.query.t));', // 12
    '});',
  ]);
  assert.equal(buildsFromConstant(lines('  latest = Buffer.concat(parts);'), 9, ['protobuf'], 'handed'), false, 'set by a function: state');
  assert.equal(buildsFromConstant(lines('  parts.push(1);'), 9, ['protobuf'], 'handed'), true, 'never set again: a constant');
  assert.equal(buildsFromConstant(lines('  latest = Buffer.concat(parts);'), 11, ['protobuf'], 'handed'), true, 'built up at the top level');
});

test('applied: a pattern, matcher or template the call is named for, made from the module\'s data (a loop\'s item of a constant list too) and applied once to the call\'s data', () => {
  const file = (/** @type {string[]} */ body) => codeOnly([
    "const { URLPattern } = require('urlpattern-polyfill');", // 1
    "const cheerio = require('cheerio');", // 2
    'const rules = new Map([["acme", []]]);', // 3
    'const PAGES = [];', // 4
    'function grants(tenant, url) {', // 5
    ...body, // 6...
    '}',
  ]);
  const names = ['URLPattern', 'cheerio'];
  const urlpattern = ['  for (const rule of rules.get(tenant) || []) {', '    const pattern = new URLPattern({ hostname: rule.hostname, pathname: rule.pathname });', '    if (pattern.test(url)) out.push(rule.id);', '  }'];
  assert.equal(buildsFromConstant(file(urlpattern), 7, names, 'applied'), true);
  // the same shape over an array method's callback, and a template named by its member
  assert.equal(buildsFromConstant(file(['  return PAGES.map((page) => {', '    const tpl = cheerio.template(page.body);', '    return tpl(url);', '  });']), 7, names, 'applied'), true);
  // the request's own data: the loop's collection is a parameter
  assert.equal(buildsFromConstant(file(['  for (const rule of tenant.rules) {', '    const pattern = new URLPattern({ pathname: rule.pathname });', '    if (pattern.test(url)) return true;', '  }']), 7, names, 'applied'), false);
  // an object literal made on the call (a nested array, a spread) is not the module's data
  assert.equal(buildsFromConstant(file(['  for (const rule of rules.get(tenant)) {', '    const pattern = new URLPattern({ pathname: [rule.pathname] });', '    if (pattern.test(url)) return true;', '  }']), 7, names, 'applied'), false);
  // a call not named for a tool: a parser of the module's data, read with the call's selector, is parsing
  assert.equal(buildsFromConstant(file(['  for (const page of PAGES) {', '    const $ = cheerio.load(page.html);', '    out.push($(url).text());', '  }']), 7, names, 'applied'), false);
  // only read, or applied to the module's own data: not a tool used on each call's data
  assert.equal(buildsFromConstant(file(['  for (const rule of rules.get(tenant)) {', '    const pattern = new URLPattern({ pathname: rule.pathname });', '    out.push(pattern.pathname);', '  }']), 7, names, 'applied'), false);
  assert.equal(buildsFromConstant(file(['  for (const rule of rules.get(tenant)) {', '    const pattern = new URLPattern({ pathname: rule.pathname });', '    if (pattern.test(PAGES)) return true;', '  }']), 7, names, 'applied'), false);
  // a sibling loop above, already closed, does not bind the name on the line
  assert.equal(buildsFromConstant(file(['  for (const rule of rules.get(tenant)) out.push(rule);', '  const rule = tenant.rule;', '  const pattern = new URLPattern({ pathname: rule.pathname });', '  return pattern.test(url);']), 8, names, 'applied'), false);
});
