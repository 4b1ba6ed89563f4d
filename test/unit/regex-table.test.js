// A line that runs a regex taken from a table that changes with the loop around it (a detector's
// patterns tried one after the other), told from one whose pattern stays the same through the loop.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runsTableRegex, passedTableRegex } from '../../src/sources/regex-table.js';
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

const CALLEE = ['exports.parse = (raw, ua) => {', '  const re = instance(raw);', '  const match = re.exec(ua);', '  return match;', '};'];
/** @param {string[]} caller @param {string[]} [callee] */
// a profile's frame starts at its parameters' parenthesis (1-based column)
const passed = (caller, callee = CALLEE) => passedTableRegex(codeOnly(callee), 3, { functionName: 'exports.parse', line: 1, column: callee[0].indexOf('(') + 1 }, codeOnly(caller), { functionName: 'detect', line: 1, column: 16 });

test('a regex a function is handed by a caller that loops over a table: the table\'s, whatever line of the caller called it', () => {
  // device-detector-js: the parser runs the regex made from its first parameter, for each bot in turn
  assert.equal(passed(['function detect(ua) {', '  for (const bot of bots) {', '    const m = lib.parse(bot.regex, ua);', '    if (m) return bot;', '  }', '}']), true);
  assert.equal(passed(['function detect(ua) {', '  return list.find((o) => parse(o.regex, ua));', '}']), true);
  assert.equal(passed(['function detect(ua) {', '  let i = 0;', '  while (i < n) {', '    if (parse(rules[i++], ua)) return true;', '  }', '}']), true);
  // the parameter itself is the regex
  const direct = ['function parse(re, s) {', '  // run it', '  return re.exec(s);', '}'];
  assert.equal(passed(['function detect(ua) {', '  for (const re of RULES) if (parse(re, ua)) return re;', '}'], direct), true);
});

test('a handed regex that stays the same through the caller\'s loop, a call in no loop, or another parameter changing: no table', () => {
  // the input changes with the loop, the pattern does not (a ReDoS fed each line of a file)
  assert.equal(passed(['function detect(lines) {', '  for (const line of lines) {', '    parse(PATTERN, line);', '  }', '}']), false);
  assert.equal(passed(['function detect(ua) {', '  if (parse("arm|aarch64", ua)) return 1;', '  return parse(bot.regex, ua);', '}']), false);
  // the regex is not made from a parameter
  const fixed = ['exports.parse = (raw, ua) => {', '  const re = instance(OTHER);', '  const match = re.exec(ua);', '  return match;', '};'];
  assert.equal(passed(['function detect(ua) {', '  for (const bot of bots) parse(bot.regex, ua);', '}'], fixed), false);
  // another function of the same name's caller: the call's name must be the callee's
  assert.equal(passed(['function detect(ua) {', '  for (const bot of bots) match(bot.regex, ua);', '}']), false);
});

test('what a review found: a pattern made again on each pass, a string\'s method of the helper\'s name, a tuning argument, TypeScript\'s shapes', () => {
  // the same pattern made again on each pass: no table, whatever the declaration in the loop
  assert.equal(table(['function count(lines) {', '  for (const line of lines) {', "    const re = new RegExp(PATTERN, 'g');", '    if (re.test(line)) n++;', '  }', '}'], 4), false);
  assert.equal(table(['function count(s) {', '  for (const r of rules) {', '    const re = new RegExp(r.src);', '    if (re.test(s)) return r;', '  }', '}'], 4), true);
  assert.equal(table(['function count(s) {', '  for (let i = 0; i < n; i++) {', '    const { regex } = rules[i];', '    if (regex.test(s)) return i;', '  }', '}'], 4), true);
  // a helper named `test`: a string's `BLANK.test(line)` in the caller's loop is no call of it
  const helper = ['function test(re, s) {', '  // run it', '  return re.test(s);', '}'];
  const fixedCaller = ['function grep(lines) {', '  for (const line of lines) {', '    if (test(PATTERN, line)) n++;', '    if (BLANK.test(line)) continue;', '  }', '}'];
  assert.equal(passedTableRegex(codeOnly(helper), 3, { functionName: 'test', line: 1, column: 14 }, codeOnly(fixedCaller), { functionName: 'grep', line: 1, column: 14 }), false);
  // made from the input, with the pattern as a tuning argument: the pattern is the caller's fixed one
  const grepHelper = ['function grep(line, pattern) {', "  const re = new RegExp(pattern, line.length > 80 ? '' : 'i');", '  return re.exec(line);', '}'];
  const grepCaller = ['function scan(lines) {', '  for (const line of lines) grep(line, USER_PATTERN);', '}'];
  assert.equal(passedTableRegex(codeOnly(grepHelper), 3, { functionName: 'grep', line: 1, column: 14 }, codeOnly(grepCaller), { functionName: 'scan', line: 1, column: 14 }), false);
  // TypeScript's output calls an import as `(0, mod.name)(...)`, and its source has typed parameters
  const tsCallee = ['export const parse = (raw: string, ua?: string) => {', '  const re = make(raw);', '  return re.exec(ua);', '};'];
  const tsCaller = ['function detect(ua) {', '  for (const bot of bots) {', '    const m = (0, user_agent_1.parse)(bot.regex, ua);', '  }', '}'];
  assert.equal(passedTableRegex(codeOnly(tsCallee), 3, { functionName: 'parse', line: 1, column: 22 }, codeOnly(tsCaller), { functionName: 'detect', line: 1, column: 16 }), true);
  // minified code with no map, one long line: not read
  const minified = [`function d(u){${'x();'.repeat(600)}for(const b of B)if(p(b.r,u))return b}`];
  assert.equal(passedTableRegex(codeOnly(CALLEE), 3, { functionName: 'p', line: 1, column: 17 }, codeOnly(minified), { functionName: 'd', line: 1, column: 11 }), false);
});
