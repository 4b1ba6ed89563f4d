// A line that calls a function of the same file, which calls the package: the line inside that function.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { codeOnly } from '../../src/sources/js-scan.js';
import { lineInCallee } from '../../src/sources/app-callee.js';

test('a controller line calling a service method of the same file: the method\'s line that calls the package', () => {
  const code = codeOnly([
    "const { distance } = require('edit-distance');", // 1
    'class DuplicateService {', // 2
    '  findDuplicates(candidate, rows) {', // 3
    '    const hits = [];', // 4
    '    for (const r of rows) {', // 5
    '      const d = distance(candidate, r.key);', // 6
    '      if (d < 3) hits.push(r);', // 7
    '    }', // 8
    '    return hits;', // 9
    '  }', // 10
    '}', // 11
    'class Controller {', // 12
    '  duplicates(q) { return { matches: this.service.findDuplicates(q.name, rows) }; }', // 13
    '  near(q) { return distance(q.a, q.b); }', // 14
    '  both(q) { return [this.service.findDuplicates(q.name, rows), twice(q)]; }', // 15
    '}', // 16
    'const twice = (q) => distance(q.a, q.b) + distance(q.b, q.a);', // 17
  ]);
  assert.equal(lineInCallee(code, 13, 13, ['distance']), 6);
  // the line calls the package itself: nothing to look into
  assert.equal(lineInCallee(code, 14, 14, ['distance']), null);
  // two functions, or one calling it on two lines: no one line
  assert.equal(lineInCallee(code, 15, 15, ['distance']), null);
  // no name bound to the package
  assert.equal(lineInCallee(code, 13, 13, []), null);
  // a whole function, from its header: the service's method it calls
  assert.equal(lineInCallee(code, 12, 16, ['distance']), null, 'line 14 calls the package itself');
});
