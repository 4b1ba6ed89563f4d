// A source read for the diagnosis: strings and comments blanked, the code in a template literal's
// substitutions kept (an etag's `"${hash(config)}"` is the line that calls the package).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeOnly, functionEnd, oneCallLine } from '../../src/sources/js-scan.js';

test('a template literal\'s text is blanked and its substitutions are code, nested and over lines', () => {
  const lines = [
    '  const etag = `"${hash(config)}"`; // hash(x)',
    'x = `a ${f({ a: 1 })} b ${`in ${g(2)}`} c` + h("(3)")',
    'y = `multi',
    'line ${k()} end`; z()',
  ];
  assert.deepEqual(codeOnly(lines), [
    '  const etag = ` ${hash(config)} `;           ',
    'x = `  ${f({ a: 1 })}   ${`   ${g(2)}`}  ` + h("   ")',
    'y = `     ',
    '     ${k()}    `; z()',
  ]);
});

test('a function whose body holds template substitutions ends at its own closing brace', () => {
  const code = codeOnly(['app.get("/x", (req, res) => {', '  res.send(`<p>${req.query.q ?? `${"}"}`}</p>`);', '});', 'next();']);
  assert.equal(functionEnd(code, 0, 14), 2);
});

test('the one line of a function that calls anything: a call through a property counts, a keyword\'s parenthesis does not', () => {
  const resolve = codeOnly([
    'function resolve(link) {',
    '  for (const route of routes) {',
    '    const found = route.match(link);',
    '    if (found) return { link, route: route.name, params: found.params };',
    '  }',
    '  return { link, route: null };',
    '}',
  ]);
  assert.equal(oneCallLine(resolve, 1, 6), 2);
  assert.equal(oneCallLine(codeOnly(['  if (x) {', '  return (a + b);', '  const y = async (q) => 1;']), 0, 2), null);
  assert.equal(oneCallLine(codeOnly(['  a();', '  fns[k](1);']), 0, 1), null, 'two lines call: none');
  assert.equal(oneCallLine(codeOnly(['  const s = `${render(page)}`;', '  const t = "f(x)"; // g(y)']), 0, 1), 0);
});

test('whether a line runs at start-up or inside a function, and the functions a line is written in', async () => {
  const { inFunction, enclosingNames } = await import('../../src/sources/js-scan.js');
  const code = codeOnly([
    'const store = make({ level: 11,', // 0: top level
    '  nested: [1, 2] });', // 1: an object literal at top level
    "app.get('/x', (req, res) =>", // 2
    '  res.send(store.get(req.url)));', // 3: an arrow's expression body
    'if (ready) {', // 4
    '  start();', // 5: a block at top level
    '}', // 6
    'schema.methods.check = function (a, cb) {', // 7
    '  return Promise.resolve().then(() => {', // 8
    '    work(a);', // 9
    '  });', // 10
    '};', // 11
    'class Box {', // 12
    '  async open(x) {', // 13
    '    return x;', // 14
    '  }', // 15
    '}', // 16
  ]);
  assert.deepEqual(code.map((_, i) => inFunction(code, i)), [false, false, false, true, false, false, false, false, true, true, true, true, false, false, true, true, false]);
  assert.deepEqual(enclosingNames(code, 9), ['check']);
  assert.deepEqual(enclosingNames(code, 14), ['open']);
  assert.deepEqual(enclosingNames(code, 5), []);
});

test('returnsFunction: a builder returns a function it defines, a function expression or an arrow; a generator applied to data returns its result', async () => {
  const { returnsFunction } = await import('../../src/sources/js-scan.js');
  const code = codeOnly([
    'function newFormat(specifier) {', // 1
    '  var fill = specifier.fill;', // 2
    '  function format(value) {', // 3
    '    return fill + value;', // 4
    '  }', // 5
    '  format.toString = function() { return specifier + ""; };', // 6
    '  return format;', // 7
    '}', // 8
    'function compile(src) {', // 9
    '  return (data) => src + data;', // 10
    '}', // 11
    'function contours(values) {', // 12
    '  var tz = thresholds(values);', // 13
    '  return tz.map(function (value) { return contour(values, value); });', // 14
    '}', // 15
  ]);
  assert.equal(returnsFunction(code, 1, 'newFormat'), true);
  assert.equal(returnsFunction(code, 3, 'format'), false, 'the formatter itself returns a string');
  assert.equal(returnsFunction(code, 9, 'compile'), true);
  assert.equal(returnsFunction(code, 12, 'contours'), false, 'a callback\'s return is not the function\'s');
  assert.equal(returnsFunction(code, 12, 'other'), false, 'not the function on that line');
});

test('makerOf: the named function a function is written in and returned by; none when that function returns something else', async () => {
  const { makerOf } = await import('../../src/sources/js-scan.js');
  const code = codeOnly([
    'function newFormat(specifier) {', // 1
    '  function format(value) {', // 2
    '    return value + specifier;', // 3
    '  }', // 4
    '  return format;', // 5
    '}', // 6
    'function summary(rows) {', // 7
    '  function add(a, b) { return a + b; }', // 8
    '  return rows.reduce(add, 0);', // 9
    '}', // 10
  ]);
  assert.deepEqual(makerOf(code, 2, 'format'), { name: 'newFormat', line: 1 });
  assert.equal(makerOf(code, 8, 'add'), null, 'a helper the function uses, not one it returns');
  assert.equal(makerOf(code, 1, 'newFormat'), null, 'at the top level');
});
