// A package's block with no line of the app takes the line its call's other blocks were all called from.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { linesFromRun } from '../../src/analyze/run-line.js';

const owner = { kind: /** @type {const} */ ('package'), name: 'prettier', version: '3.3.3' };
/** @param {number | null} line @param {string | null} [route] @returns {any} */
const block = (line, route = 'POST /format') => ({
  startMs: 0, durationMs: 300, fix: 'cache-bound-offload', advice: 'x',
  culprit: {
    functionName: 'printAstToDoc', url: '/app/node_modules/prettier/index.mjs', line: 9, owner,
    calledFrom: line === null ? null : { functionName: 'format', url: '/app/app.js', line }, lineFrom: line === null ? null : 'profile',
    label: `prettier@3.3.3 printAstToDoc${line === null ? '' : ` ← app.js:${line}`}`,
  },
  ...(route ? { requests: { ran: [{ route, count: 1, msEach: 300 }], waited: 0, delayedMs: 0, queuedAfter: 0, label: route } } : {}),
});
const site = (/** @type {{url: string, line: number}} */ f) => `${f.url.split('/').pop()}:${f.line}`;

test('a block of a call with no app line takes the one line its other blocks were called from, marked as read from the run', () => {
  const blocks = [block(32), block(null), block(32)];
  const said = linesFromRun(blocks, site);
  assert.deepEqual([...said.keys()], [1]);
  assert.equal(said.get(1), ' The 2 other blocks of this call in the run were all called from app.js:32, for POST /format: its line, read from the run.');
  assert.deepEqual(blocks[1].culprit.calledFrom, { functionName: 'format', url: '/app/app.js', line: 32 });
  assert.equal(blocks[1].culprit.lineFrom, 'run');
  assert.equal(blocks[1].culprit.label, blocks[0].culprit.label);
});

test('three quarters of the other blocks from one line give it, and the advice says how many', () => {
  const blocks = [block(46), block(46), block(45), block(46), block(null)];
  const said = linesFromRun(blocks, site);
  assert.deepEqual([...said.keys()], [4]);
  assert.equal(said.get(4), ' 3 of the 4 other blocks of this call in the run were called from app.js:46, for POST /format: its line, read from the run.');
  assert.equal(blocks[4].culprit.calledFrom?.line, 46);
});

test('no line is given from one other block, from blocks called from two lines alike, from another route\'s blocks, or to the app\'s own code', () => {
  assert.equal(linesFromRun([block(32), block(null)], site).size, 0);
  assert.equal(linesFromRun([block(32), block(23), block(32), block(null)], site).size, 0);
  assert.equal(linesFromRun([block(32), block(23), block(32), block(23), block(32), block(null)], site).size, 0);
  assert.equal(linesFromRun([block(32, 'POST /a'), block(32, 'POST /a'), block(null, 'POST /b')], site).size, 0);
  const app = [block(32), block(32), block(null)];
  app[2].culprit.owner = { kind: 'app', name: 'app' };
  assert.equal(linesFromRun(app, site).size, 0);
  // a block with no requests known takes the line of any route's, when they agree
  assert.equal(linesFromRun([block(32, 'POST /a'), block(32, 'POST /b'), block(null, null)], site).size, 1);
});
