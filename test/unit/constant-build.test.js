// A parser built from a constant of the app's file on every call, then run on the request's data
// (constant-build.js), and the packages that make parsers (remedies.js makesParsers).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildsFromConstant } from '../../src/sources/constant-build.js';
import { codeOnly } from '../../src/sources/js-scan.js';
import { makesParsers } from '../../src/analyze/remedies.js';

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
