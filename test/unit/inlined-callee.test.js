// A function V8's profiler does not see (inlined into a package's caller, or a loop compiled before a
// capture began): a block whose package frames run alone gets that function back where a stack its
// thread gave during the capture, or earlier blocks of the same calls, ran it over them; a package
// that does its own work under the same calls, another route, one earlier block or two callees do not.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inlinedCallees } from '../../src/analyze/inlined-callee.js';

const ROUTER = '/srv/node_modules/@edge/router/dist/base.js';
/** @param {string} functionName @param {string} url @param {number} line */
const f = (functionName, url, line) => ({ functionName, url, line, column: 1, kind: /** @type {const} */ (url.includes('node_modules') ? 'node_modules' : url.startsWith('node:') ? 'node' : 'app') });
const handler = f('(anonymous)', '/srv/app.mjs', 21);
const under = [f('#dispatch', ROUTER, 166), f('fetch', ROUTER, 207), f('(anonymous)', '/srv/node_modules/@edge/node-server/index.mjs', 401), f('emit', 'node:events', 471)];
const line28 = { line: 28, text: '    for (let j = i + 1; j < queue.length; j++) {', frameIndex: 0 };
const dispatchLine = { line: 182, text: 'res = matchResult[0][0][0][0](c, async () => {', frameIndex: 0 };
/** the handler running over the router: a block before V8 inlined it @param {number} n */
const before = (n) => Array.from({ length: n }, (_, i) => ({ t: i, weightMs: 10, frames: [handler, ...under], line: line28 }));
/** the router's frames alone, the handler's time in them @param {number} n */
const after = (n) => Array.from({ length: n }, (_, i) => ({ t: 100 + i, weightMs: 10, frames: under, line: dispatchLine }));

test('a handler inlined into the router it is called from: the later blocks get its frame and its line back, and say why', () => {
  const blocks = [{ samples: before(20), route: 'GET /x' }, { samples: before(15), route: 'GET /x' }, { samples: [...after(18), ...before(1)], route: 'GET /x' }];
  const found = inlinedCallees(blocks);
  assert.deepEqual([...found.said.keys()], [2]);
  const restored = found.restore(2, blocks[2].samples);
  assert.equal(restored.length, 19);
  assert.ok(restored.every((s) => s.frames[0] === handler), JSON.stringify(restored.map((s) => s.frames[0].functionName)));
  assert.ok(restored.every((s) => s.line?.line === 28));
  assert.equal(restored[0].frames.length, under.length + 1);
  // the earlier blocks are not touched
  assert.equal(found.restore(0, blocks[0].samples), blocks[0].samples);
  assert.match(String(found.said.get(2)), /@edge\/router's #dispatch alone, where 2 other blocks of the same calls \(GET \/x\) ran the app's \(anonymous\) \(app\.mjs:21\) over it: V8 had compiled what ran there where its profiler does not see it/);
  // what the blocks taught, for a production log's later blocks: one block is enough then
  const later = inlinedCallees([{ samples: after(12), route: 'GET /x' }], found.teachers);
  assert.equal(later.restore(0, after(12))[0].frames[0], handler);
});

test('the router\'s own work beside the app\'s function, another route, one earlier block, or two functions under the same calls: nothing is moved', () => {
  // the package does its own work under those calls: the earlier blocks show it beside the handler
  const own = Array.from({ length: 8 }, (_, i) => ({ t: 50 + i, weightMs: 10, frames: under, line: dispatchLine }));
  const working = inlinedCallees([{ samples: [...before(12), ...own], route: 'GET /x' }, { samples: [...before(12), ...own], route: 'GET /x' }, { samples: after(18), route: 'GET /x' }]);
  assert.equal(working.said.size, 0);
  assert.equal(working.restore(2, after(18))[0].frames[0].functionName, '#dispatch');
  // the earlier blocks were another route's
  assert.equal(inlinedCallees([{ samples: before(20), route: 'GET /a' }, { samples: before(20), route: 'GET /a' }, { samples: after(18), route: 'GET /b' }]).said.size, 0);
  // a single earlier block, when the routes are not known; one of the same route teaches
  assert.equal(inlinedCallees([{ samples: before(20), route: null }, { samples: after(18), route: null }]).said.size, 0);
  assert.match(String(inlinedCallees([{ samples: before(20), route: 'GET /x' }, { samples: after(18), route: 'GET /x' }]).said.get(1)), /where 1 other block of the same calls \(GET \/x\)/);
  // two of the app's functions ran under the same calls: which one was inlined is not known
  const other = f('listings', '/srv/app.mjs', 40);
  const second = Array.from({ length: 20 }, (_, i) => ({ t: i, weightMs: 10, frames: [other, ...under], line: null }));
  assert.equal(inlinedCallees([{ samples: before(20), route: null }, { samples: second, route: null }, { samples: after(18), route: null }]).said.size, 0);
  // the router's frames held under half of the block
  const app = Array.from({ length: 20 }, (_, i) => ({ t: 200 + i, weightMs: 10, frames: [f('render', '/srv/app.mjs', 90)], line: null }));
  assert.equal(inlinedCallees([{ samples: before(20), route: null }, { samples: before(20), route: null }, { samples: [...after(8), ...app], route: null }]).said.size, 0);
});

test('a stack the app\'s thread gave during the capture: the frames the profiler did not show are given back to the samples under them', () => {
  const witness = { t: 100, weightMs: 0, frames: [handler, ...under], line: line28 };
  const found = inlinedCallees([{ samples: after(18), route: null, witnesses: [witness] }]);
  const restored = found.restore(0, after(18));
  assert.ok(restored.every((s) => s.frames[0] === handler && s.frames[1] === under[0] && s.line?.line === 28));
  assert.match(String(found.said.get(0)), /Most of its samples show @edge\/router's #dispatch alone; the stacks the app's thread gave during the capture ran \(anonymous\) \(app\.mjs:21\) over it, which V8's profiler did not show/);
  // the profiler showed the handler over the router at times (before V8 optimized it): one witness is not enough, two are
  assert.equal(inlinedCallees([{ samples: [...after(18), ...before(3)], route: null, witnesses: [witness] }]).said.size, 0);
  assert.equal(inlinedCallees([{ samples: [...after(18), ...before(3)], route: null, witnesses: [witness, { ...witness, t: 150 }] }]).said.size, 1);
  // the witnesses fall where the time goes: as many showed the router running alone, so its time is its own
  const routerAlone = { t: 120, weightMs: 0, frames: under, line: dispatchLine };
  assert.equal(inlinedCallees([{ samples: after(18), route: null, witnesses: [witness, routerAlone] }]).said.size, 0);
  // the router's frames alone held under half of the block
  const app = Array.from({ length: 20 }, (_, i) => ({ t: 200 + i, weightMs: 10, frames: [f('render', '/srv/app.mjs', 90)], line: null }));
  assert.equal(inlinedCallees([{ samples: [...after(8), ...app], route: null, witnesses: [witness] }]).said.size, 0);
  // the witnesses fall where the time goes: in a helper the handler calls, for a share of them; each
  // sample takes one of their stacks, in that share
  const helper = f('distance', '/srv/app.mjs', 9);
  const inHelper = { t: 110, weightMs: 0, frames: [helper, handler, ...under], line: { line: 10, text: 'return d;', frameIndex: 0 } };
  const shared = inlinedCallees([{ samples: after(18), route: null, witnesses: [witness, witness, inHelper] }]);
  const tops = shared.restore(0, after(18)).map((s) => s.frames[0]);
  assert.deepEqual([tops.filter((x) => x === handler).length, tops.filter((x) => x === helper).length], [12, 6]);
  assert.match(String(shared.said.get(0)), /ran \(anonymous\) \(app\.mjs:21\) over it, which/);
  // the app's own loop shown with its frames, the witness in a helper it calls: nothing moves (the app's function keeps its time)
  const loop = f('renderReport', '/srv/app.mjs', 30);
  const own = Array.from({ length: 18 }, (_, i) => ({ t: i, weightMs: 10, frames: [loop, handler, f('emit', 'node:events', 471)], line: null }));
  assert.equal(inlinedCallees([{ samples: own, route: null, witnesses: [{ t: 5, weightMs: 0, frames: [helper, loop, handler, f('emit', 'node:events', 471)], line: null }] }]).said.size, 0);
  // a witness of other calls (the loop had turned: a stack of the next request) moves nothing
  const other = { t: 100, weightMs: 0, frames: [f('listings', '/srv/app.mjs', 40), f('emit', 'node:events', 471)], line: null };
  assert.equal(inlinedCallees([{ samples: after(18), route: null, witnesses: [other] }]).said.size, 0);
});

test('what the app\'s function called comes back with it: a package it calls in its loop keeps its share of the time', () => {
  const PL = '/srv/node_modules/pluralize/pluralize.js';
  const polka = [f('handler', '/srv/node_modules/polka/index.js', 70), f('emit', 'node:events', 471), f('parserOnIncoming', 'node:_http_server', 1026)];
  const sanitize = f('sanitizeWord', PL, 107);
  const singular = f('(anonymous)', PL, 134);
  const inPackage = { frames: [sanitize, singular, handler, ...polka], line: { line: 110, text: 'return word.replace(rule[0], ...);', frameIndex: 0 } };
  const inLoop = { frames: [handler, ...polka], line: line28 };
  /** three in four of the earlier blocks' samples in pluralize, the rest in the handler's loop */
  const taught = Array.from({ length: 20 }, (_, i) => ({ t: i, weightMs: 10, ...(i % 4 === 3 ? inLoop : inPackage) }));
  const blind = Array.from({ length: 16 }, (_, i) => ({ t: 100 + i, weightMs: 10, frames: polka, line: null }));
  const found = inlinedCallees([{ samples: taught, route: 'GET /x' }, { samples: blind, route: 'GET /x' }]);
  const tops = found.restore(1, blind).map((s) => s.frames[0]);
  assert.deepEqual([tops.filter((x) => x === sanitize).length, tops.filter((x) => x === handler).length], [12, 4]);
  assert.ok(found.restore(1, blind).every((s) => s.frames.slice(-polka.length).every((x, i) => x === polka[i])));
});
