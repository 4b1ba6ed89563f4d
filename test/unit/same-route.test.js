// A production block whose capture saw too little of it is named after its route's other blocks,
// marked inferred, only when it ran that route alone, long enough, and the named ones agree.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inferFromRoute, routeOfLabel } from '../../src/analyze/same-route.js';

const named = (label, culprit = 'pg-promise@11.5.4 insert ← app.js:27', fix = 'cache-bound-offload') => ({
  block: { culprit: { label: culprit }, fix, cause: 'sync', advice: `${label} ran in this 300 ms block; 1 other request(s) waited behind it. insert held the loop: ${fix}`, requests: { label } },
  line: { captured: true },
});
const partial = (label) => ({
  block: { culprit: null, fix: 'none', cause: null, advice: '', requests: { label } },
  line: { captured: 'partial', note: 'the stack capture started too late or saw too little of this 775 ms block' },
});
/** @param {{block: any, line: any}[]} xs */
const run = (xs) => {
  const blocks = xs.map((x) => x.block);
  const lines = xs.map((x) => x.line);
  const partial = (/** @type {number} */ i) => lines[i].captured === 'partial' || lines[i].captured === false;
  const count = inferFromRoute(blocks, 50, { full: (i) => !partial(i), missing: partial, why: (i) => lines[i].note, fullAs: 'whose capture was full' });
  return { blocks, count };
};

test('a request label names one route, and how long its requests held, or none', () => {
  assert.deepEqual(routeOfLabel('GET /x'), { route: 'GET /x', heldMs: null });
  assert.deepEqual(routeOfLabel('GET /x ×2 (563 ms each)'), { route: 'GET /x', heldMs: 1126 });
  assert.equal(routeOfLabel('GET /x ×2 (563 ms each) +1 route(s)'), null);
  assert.equal(routeOfLabel(undefined), null);
});

test('a partial block of a route whose other blocks agree is named after them, marked inferred', () => {
  const { blocks, count } = run([named('GET /x'), partial('GET /x ×2 (563 ms each)'), named('GET /x ×2 (304 ms each)'), named('GET /x')]);
  assert.equal(count, 1);
  assert.equal(blocks[1].culprit.label, 'pg-promise@11.5.4 insert ← app.js:27');
  assert.equal(blocks[1].fix, 'cache-bound-offload');
  assert.deepEqual(blocks[1].inferred, { route: 'GET /x', alike: 3, named: 3 });
  assert.match(blocks[1].advice, /^the stack capture started too late .*\. 3 of the 3 other blocks of GET \/x whose capture was full named pg-promise\S* insert ← app\.js:27; in one of them: insert held the loop: cache-bound-offload$/);
});

test('nothing is inferred from one named block, from blocks that disagree, for several routes, or for requests that held little of it', () => {
  assert.equal(run([named('GET /x'), partial('GET /x')]).count, 0);
  assert.equal(run([named('GET /x'), named('GET /x', 'a@1 f ← app.js:3'), named('GET /x', 'b@1 g ← app.js:4'), partial('GET /x')]).count, 0);
  assert.equal(run([named('GET /x'), named('GET /x'), partial('GET /x ×2 (300 ms each) +1 route(s)')]).count, 0);
  // a control's five quick requests in a stall of the machine: not the route's work
  assert.equal(run([named('GET /x'), named('GET /x'), partial('GET /x ×5 (1 ms each)')]).count, 0);
  assert.equal(run([named('GET /x'), named('GET /x'), partial('GET /other')]).count, 0);
});

test('a block of several routes with no capture is named after the route whose requests held half of it or more', () => {
  const several = (/** @type {[string, number, number][]} */ ran, durationMs = 1036) => ({
    block: { culprit: null, fix: 'none', cause: null, advice: '', durationMs, requests: { label: `${ran[0][0]} ×${ran[0][1]} (${ran[0][2]} ms each) +${ran.length - 1} route(s)`, ran: ran.map(([route, count, msEach]) => ({ route, count, msEach })) } },
    line: { captured: false, note: 'no stack was captured: the capture budget was spent' },
  });
  const { blocks, count } = run([named('GET /x'), named('GET /x'), several([['GET /x', 3, 250], ['GET /y', 1, 280]])]);
  assert.equal(count, 1);
  assert.deepEqual(blocks[2].inferred, { route: 'GET /x', alike: 2, named: 2 });
  assert.match(blocks[2].advice, /^no stack was captured: the capture budget was spent\. GET \/x ran 750 ms of it, the most of its 2 routes; 2 of the 2 other blocks of GET \/x whose capture was full named /);
  // no route held half of it: nothing said
  assert.equal(run([named('GET /x'), named('GET /x'), several([['GET /x', 1, 400], ['GET /y', 1, 380]])]).count, 0);
  // the route that held most has no named blocks of its own
  assert.equal(run([named('GET /x'), named('GET /x'), several([['GET /y', 3, 250], ['GET /x', 1, 200]])]).count, 0);
});

test('a run\'s block in which no stack sample fell is named after its route\'s sampled blocks; a tool\'s or a collector\'s is not', async () => {
  const { inferInRun, inferredNote } = await import('../../src/analyze/same-route.js');
  const sampled = () => named('GET /hash').block;
  const empty = (/** @type {object} */ over = {}) => ({ culprit: null, fix: 'none', cause: null, advice: 'no stack sample fell inside this block (stacks off, or the capture did not reach it)', requests: { label: 'GET /hash' }, ...over });
  const blocks = [sampled(), empty(), sampled(), empty({ tool: true }), empty({ fix: 'allocation' })];
  assert.equal(inferInRun(blocks, 50), 1);
  assert.deepEqual(blocks[1].inferred, { route: 'GET /hash', alike: 2, named: 2 });
  assert.equal(blocks[1].fix, 'cache-bound-offload');
  assert.match(blocks[1].advice, /^no stack sample fell inside this block \(stacks off, or the capture did not reach it\)\. 2 of the 2 other blocks of GET \/hash with stack samples named pg-promise\S* insert ← app\.js:27; in one of them: /);
  assert.equal(blocks[3].culprit, null);
  assert.equal(blocks[4].culprit, null);
  assert.equal(inferredNote(1), '1 block(s) had no stack sample of the app in them (the profiler\'s thread starved of a CPU): each is named after the other blocks of its route (`inferred`)');
  // one sampled block of the route is too few to name the others after
  assert.equal(inferInRun([sampled(), empty(), empty()], 50), 0);
});

test('the route\'s models may be blocks of several routes that it held half of or more (a probe route beside it)', async () => {
  const { inferInRun } = await import('../../src/analyze/same-route.js');
  const withProbe = (/** @type {object} */ over) => ({
    startMs: 0, durationMs: 200, requests: { label: 'GET /hash ×2 (95 ms each) +1 route(s)', ran: [{ route: 'GET /hash', count: 2, msEach: 95 }, { route: 'GET /health', count: 3, msEach: 1 }] }, ...over,
  });
  const model = () => withProbe({ culprit: { label: 'bcryptjs@2.4.3 hashSync ← app.js:9' }, fix: 'async-form', cause: 'sync', advice: 'GET /hash ran 2 times in this 200 ms block; 3 other request(s) waited behind it. hashSync held the loop: async-form' });
  const empty = withProbe({ culprit: null, fix: 'none', cause: null, advice: 'no stack sample fell inside this block (stacks off, or the capture did not reach it)' });
  const blocks = [model(), empty, model()];
  assert.equal(inferInRun(blocks, 50), 1);
  assert.equal(blocks[1].fix, 'async-form');
  assert.match(blocks[1].advice, /GET \/hash ran 190 ms of it, the most of its 2 routes; 2 of the 2 other blocks of GET \/hash with stack samples named bcryptjs@2\.4\.3 hashSync ← app\.js:9; in one of them: hashSync held the loop: async-form$/);
  // a model the route held under half of: not one
  const thin = withProbe({ culprit: { label: 'x@1 f ← app.js:2' }, fix: 'own-loop', requests: { label: 'GET /hash +1 route(s)', ran: [{ route: 'GET /hash', count: 1, msEach: 20 }, { route: 'GET /other', count: 1, msEach: 150 }] } });
  assert.equal(inferInRun([thin, withProbe({ culprit: null, fix: 'none', advice: 'no stack sample fell inside this block' }), thin], 50), 0);
});
