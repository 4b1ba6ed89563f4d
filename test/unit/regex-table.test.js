// A line that runs a regex taken from a table that changes with the loop around it (a detector's
// patterns tried one after the other), told from one whose pattern stays the same through the loop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runsTableRegex } from '../../src/sources/regex-table.js';
import { codeOnly } from '../../src/sources/js-scan.js';

/** @param {string[]} lines @param {number} line 1-based */
const table = (lines, line) => runsTableRegex(codeOnly(lines), line);

test('a table\'s patterns tried one after the other: by a for-in key, a moving index, a variable set in the loop, a loop variable, a callback\'s parameter', () => {
  assert.equal(table(['impl.findMatch = function(rules, userAgent) {', '  for (var key in rules) {', '    if (hasOwnProp.call(rules, key)) {', '      if (rules[key].test(userAgent)) {', '        return key;', '}}}', '};'], 4), true);
  assert.equal(table(['function sanitizeWord (token, word, rules) {', '  var len = rules.length;', '  while (len--) {', '    var rule = rules[len];', '    if (rule[0].test(word)) return replace(word, rule);', '  }', '}'], 5), true);
  assert.equal(table(['var mapper = function (ua, arrays) {', '  while (i < arrays.length && !matches) {', '    var regex = arrays[i];', '    j = 0;', '    while (j < regex.length && !matches) {', '      matches = regex[j++].exec(ua);', '    }', '  }', '};'], 6), true);
  assert.equal(table(['function bot(s) {', '  for (const re of patterns) {', '    if (re.test(s)) return true;', '  }', '}'], 3), true);
  assert.equal(table(['function bot(s) {', '  return PATTERNS.some((re) => re.test(s));', '}'], 2), true);
  assert.equal(table(['function clean(s) {', '  RULES.forEach(function (rule) {', "    s = s.replace(rule, '');", '  });', '}'], 3), true);
});

test('a pattern that stays the same through the loop, or a line in no loop, is no table: its time on the line can be one match', () => {
  // semver's table entries by fixed keys
  assert.equal(table(['function parseRange(range) {', '  for (const part of parts) {', '    part = part.replace(re[t.COMPARATORTRIM], trim);', '  }', '}'], 3), false);
  assert.equal(table(['function parseRange(range) {', '  range = range.replace(re[COMPARATORTRIM], trim);', '}'], 2), false);
  // express's layer, a literal, a name declared before the loop: the inputs change, not the pattern
  assert.equal(table(['function m(paths) {', '  for (const p of paths) {', '    if (this.regexp.exec(p)) n++;', '  }', '}'], 3), false);
  assert.equal(table(['function m(lines) {', '  for (const line of lines) {', '    const m = line.match(/(a+)+b/);', '  }', '}'], 3), false);
  assert.equal(table(['function m(lines, re) {', '  lines.forEach((line) => {', '    if (re.test(line)) n++;', '  });', '}'], 3), false);
  assert.equal(table(['function m(rule, xs) {', '  for (const x of xs) {', '    if (rule) {', '      if (rule.test(x)) n++;', '}}}'], 4), false);
  // a pattern passed in, in no loop of its function (device-detector-js's parser, called per pattern)
  assert.equal(table(['exports.parse = (raw, ua) => {', '  const re = instance(raw);', '  const match = re.exec(ua);', '};'], 3), false);
});
