// One fix per culprit over a run's blocks: read once from all the evidence of a culprit whose blocks disagree.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fixPerCulprit, callOf } from '../../src/analyze/culprit-fix.js';
import { fixFor } from '../../src/analyze/remedies.js';

/** @param {Partial<import('../../src/analyze/culprit-fix.js').Evidence>} over @returns {import('../../src/analyze/culprit-fix.js').Evidence} */
const ev = (over) => ({
  owner: { kind: 'package', name: 'p', version: '1.0.0' }, ownerMs: 100, gcShare: 0, queueShare: 0, regexShare: 0, regexRunMs: 0, compileShare: 0, call: null,
  cause: 'sync', extra: { verb: 'parse', reusable: true }, ...over,
});
/** @param {string} label @param {import('../../src/analyze/culprit-fix.js').Evidence} evidence @param {number} samples */
const vote = (label, evidence, samples = 10) => ({ label, fix: fixFor(/** @type {any} */ (evidence), evidence.cause, evidence.extra), samples, evidence });

test('a chain near the queue share: its blocks read either side of it, the call reads the share over all their time', () => {
  const chain = (/** @type {number} */ queueShare, /** @type {number} */ ownerMs) => ev({ cause: 'microtask', queueShare, ownerMs, extra: { codeCause: 'microtask' } });
  const votes = [vote('g@16 execute ← app.js:3', chain(0.15, 400)), vote('g@16 execute ← app.js:3', chain(0.08, 300)), vote('g@16 execute ← app.js:3', chain(0.12, 300))];
  assert.deepEqual(votes.map((v) => v.fix), ['microtask', 'cache-bound-offload', 'microtask']);
  assert.deepEqual([...fixPerCulprit(votes)], [['g@16 execute ← app.js:3', { fix: 'microtask', blocks: 3, samples: 30 }]]);
  // most of the time under the share: the other way
  const under = [vote('x', chain(0.11, 100)), vote('x', chain(0.05, 600)), vote('x', chain(0.09, 300))];
  assert.equal(fixPerCulprit(under).get('x')?.fix, 'cache-bound-offload');
});

test('a ReDoS whose stretches a busy machine broke up: one block\'s long stretch and the share over all of them say the regex', () => {
  const redos = (/** @type {number} */ regexRunMs) => ev({ regexShare: 0.97, regexRunMs, ownerMs: 150 });
  const votes = [vote('s@7 satisfies ← app.js:17', redos(30)), vote('s@7 satisfies ← app.js:17', redos(20)), vote('s@7 satisfies ← app.js:17', redos(90))];
  assert.deepEqual(votes.map((v) => v.fix), ['cache-bound-offload', 'cache-bound-offload', 'regex-dependency']);
  assert.equal(fixPerCulprit(votes).get('s@7 satisfies ← app.js:17')?.fix, 'regex-dependency');
  // a parser whose regexes are half its time: a long stretch in one block does not make it one
  const parser = [vote('y', ev({ regexShare: 0.9, regexRunMs: 60, ownerMs: 50 })), vote('y', ev({ regexShare: 0.4, regexRunMs: 20, ownerMs: 300 }))];
  assert.deepEqual(parser.map((v) => v.fix), ['regex-dependency', 'cache-bound-offload']);
  assert.equal(fixPerCulprit(parser).get('y')?.fix, 'cache-bound-offload');
});

test('a culprit whose blocks agree, or that held one block, is left as it is; start-up blocks and blocks with no fix do not count', () => {
  const decided = fixPerCulprit([
    vote('q@2 parse ← app.js:9', ev({ compileShare: 0.6 })), vote('q@2 parse ← app.js:9', ev({ compileShare: 0.7 })),
    vote('r@1 go ← app.js:12', ev({ compileShare: 0.1 })), null,
  ]);
  assert.equal(decided.size, 0);
  const own = ev({ owner: { kind: 'app', name: 'app' }, cause: 'startup' });
  assert.equal(fixPerCulprit([{ ...vote('init app.js:2', own), fix: 'startup' }, vote('init app.js:2', ev({ owner: { kind: 'app', name: 'app' } }))]).size, 0);
});

test('a call\'s blocks that name a regex and blocks that do not are one call: the highlighter pooled whole', () => {
  assert.equal(callOf('highlight.js@11.10.0 _highlight RegExp /(?:a|b) ← c/ ← app.js:21'), 'highlight.js@11.10.0 _highlight ← app.js:21');
  assert.equal(callOf('marked@4 lex RegExp /^ {0,3}#/'), 'marked@4 lex');
  assert.equal(callOf('render app.js:9 RegExp /\\s+$/'), 'render app.js:9');
  assert.equal(callOf('zlib inflateSync ← app.js:4'), 'zlib inflateSync ← app.js:4');
  // two blocks whose regex held 30% or more and named it, against many that read the whole call
  const named = 'highlight.js@11.10.0 _highlight RegExp /\\b(?:if|else)\\b/ ← app.js:21';
  const whole = 'highlight.js@11.10.0 _highlight ← app.js:21';
  const votes = [
    vote(named, ev({ regexShare: 0.35, gcShare: 0.45, ownerMs: 300, extra: {} })), vote(named, ev({ regexShare: 0.32, gcShare: 0.4, ownerMs: 250, extra: {} })),
    ...Array.from({ length: 6 }, () => vote(whole, ev({ regexShare: 0.2, gcShare: 0.15, ownerMs: 200, extra: {} }))),
  ];
  assert.deepEqual([...new Set(votes.map((v) => v.fix))], ['allocation', 'cache-bound-offload'], 'each kind of block reads its own fix');
  const decided = fixPerCulprit(votes);
  assert.deepEqual([...decided.keys()], [whole]);
  assert.equal(decided.get(whole)?.blocks, 8);
  assert.equal(decided.get(whole)?.fix, 'cache-bound-offload');
});
