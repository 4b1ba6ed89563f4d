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
