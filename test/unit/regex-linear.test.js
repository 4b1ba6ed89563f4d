// A regular expression of a shape that cannot backtrack (src/analyze/regex-linear.js): a long time
// in it is one pass over a large input, so a long run of samples in it is never read as a ReDoS.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isLinearRegex, backtrackingFirst } from '../../src/analyze/regex-linear.js';
import { matchKnownCall } from '../../src/analyze/known-calls.js';
import { namedRegexRuns } from '../../src/sources/regex-names.js';
import { fixFor } from '../../src/analyze/remedies.js';
import { blockOwners } from '../../src/analyze/block-owners.js';
import { AppSources } from '../../src/sources/app-sources.js';
import { kindOf } from '../../src/analyze/frames.js';

test('linear: one run at the end, bounded ones, single characters and classes', () => {
  for (const p of ['[\\r\\n]+', '\\s+', ',\\s*', '\\r?\\n', '[&<>"\']', '^\\s+', 'x\\d{2,}', '[\\]]+', '\\u{1F600}+', 'a{2,5}b', '\\n'])
    assert.equal(isLinearRegex(p), true, p);
});

test('not said to be linear: a run before anything else, groups, alternatives, back-references, long bounds', () => {
  // \s+$ and " *, *" are the polynomial ReDoS shapes (trim's, forwarded's); (a+)+ the exponential
  for (const p of ['\\s+$', ' *, *', '\\s*,\\s*', '(a+)+', 'a|b', '(?:\\r\\n|\\n)', '\\d{2,}x', '[^=]+=', '(a)\\1', '\\k<n>', 'a{0,1000}b', '(?<=a)b', '', '^\\[([^\\]]*)\\]\\s*$'])
    assert.equal(isLinearRegex(p), false, p);
  assert.equal(isLinearRegex(null), false);
});

test('a package\'s long run of samples in a linear pattern is a pass over a large input, not a match that backtracks', () => {
  const dir = '/srv/app';
  const f = (/** @type {string} */ functionName, /** @type {string} */ url, line = 1) => ({ functionName, url, line, column: 1, kind: kindOf(url, functionName) });
  const handler = f('(anonymous)', `${dir}/app.js`, 10);
  const decode = f('decode', `${dir}/node_modules/conf-parse/lib/index.js`, 100);
  const run = (/** @type {string} */ pattern) => {
    // 20 samples one after the other in the regex: 200 ms in one stretch
    const samples = Array.from({ length: 20 }, (_, i) => ({ t: i * 10, weightMs: 10, frames: [f(`RegExp: ${pattern}`, ''), decode, handler], line: null }));
    const o = blockOwners(samples, 200, new AppSources());
    return { o, fix: fixFor(o, 'sync') };
  };
  const split = run('[\\r\\n]+');
  assert.equal(split.o.owner?.name, 'conf-parse');
  assert.equal(split.o.regexRunMs, 0);
  assert.equal(split.fix, 'cache-bound-offload');
  const trim = run('\\s+$');
  assert.equal(trim.o.regexRunMs >= 150, true, String(trim.o.regexRunMs));
  assert.equal(trim.fix, 'regex-dependency');
});

test('a line that runs two regexes, one linear and one not: its time is read as the one that can backtrack, a literal or a name', () => {
  assert.equal(backtrackingFirst(['^\\s\\s*', '\\s\\s*$']), '\\s\\s*$');
  assert.equal(backtrackingFirst(['^\\s+', ',\\s*']), '^\\s+', 'both linear: the first');
  assert.equal(backtrackingFirst([]), null);
  // ua-parser-js 0.7's trim: the profile's line, no `RegExp:` frame (compiled before a production capture began)
  const top = { functionName: 'trim', url: '/srv/node_modules/ua-parser-js/src/ua-parser.js', line: 94, column: 1, kind: 'node_modules' };
  const text = "            return str.replace(/^\\s\\s*/, '').replace(/\\s\\s*$/, '');";
  const call = matchKnownCall([top], { line: 95, text, frameIndex: 0 });
  assert.equal(call?.pattern, '\\s\\s*$');
  const named = new Map([['LEADING', '^\\s\\s*'], ['TRAILING', '\\s\\s*$']]);
  assert.deepEqual(namedRegexRuns("str.replace(LEADING, '').replace(TRAILING, '')", named), ['^\\s\\s*', '\\s\\s*$']);
});
