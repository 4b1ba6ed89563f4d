// One owner per route: a block two owners held near evenly is named after the owner its route's
// other blocks name, when they agree; otherwise each block keeps its own.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ownersFromRoute, routeOwners } from '../../src/analyze/route-owner.js';

const zlib = { kind: 'node', name: 'node:zlib' };
const zip = { kind: 'package', name: 'adm-zip', version: '0.5.16' };
/** @param {object} owner @param {string} [label] */
const block = (owner, label = 'GET /x') => ({ startMs: 0, durationMs: 100, culprit: { functionName: 'f', url: 'app.js', line: 1, owner }, requests: { label } });

/** rereads that accept the owner when `near` says the block's second owner held enough of it */
const rereadsOf = (/** @type {any[]} */ blocks, /** @type {Set<number>} */ near) => new Map(blocks.map((b, i) => [i, (/** @type {string} */ prefer) => {
  if (!near.has(i)) return false;
  b.culprit = { ...b.culprit, owner: prefer === 'node\0node:zlib' ? zlib : zip };
  return true;
}]));

test('a block held near evenly by two owners takes the one its route\'s other blocks name, and says so', () => {
  const blocks = [block(zlib), block(zip), block(zlib), block(zlib)];
  const said = ownersFromRoute(/** @type {any} */ (blocks), rereadsOf(blocks, new Set([1])));
  assert.deepEqual([...said.keys()], [1]);
  assert.equal(blocks[1].culprit.owner, zlib);
  assert.equal(said.get(1), ' adm-zip and node:zlib held this block near evenly; 3 of the 3 other blocks of GET /x were held most by node:zlib, so it is named here too.');
});

test('a block keeps its owner: the other owner held too little of it, the route\'s blocks disagree or are too few, or its route is another', () => {
  const far = [block(zlib), block(zip), block(zlib), block(zlib)];
  assert.equal(ownersFromRoute(/** @type {any} */ (far), rereadsOf(far, new Set())).size, 0);
  assert.equal(far[1].culprit.owner, zip);
  const split = [block(zlib), block(zip), block(zip), block(zlib), block({ kind: 'app', name: 'app' })];
  // zip's blocks see one other zip and two zlib: zlib names them; zlib's see two zip and one zlib: zip names them
  const seen = ownersFromRoute(/** @type {any} */ (split), rereadsOf(split, new Set([4])));
  assert.equal(seen.size, 0, 'the app block\'s other blocks are split two and two: a tie names neither');
  const few = [block(zlib), block(zip)];
  assert.equal(ownersFromRoute(/** @type {any} */ (few), rereadsOf(few, new Set([1]))).size, 0);
  const other = [block(zlib), block(zlib), block(zlib), block(zip, 'GET /y')];
  assert.equal(ownersFromRoute(/** @type {any} */ (other), rereadsOf(other, new Set([3]))).size, 0);
});

test('a block of several routes counts with the route whose requests held half of it or more; the app is named as the app', () => {
  const app = { kind: 'app', name: 'app' };
  const several = { ...block(app, 'GET /x ×2 (58 ms each) +1 route(s)'), requests: { label: 'GET /x ×2 (58 ms each) +1 route(s)', ran: [{ route: 'GET /x', count: 2, msEach: 58 }, { route: 'GET /health', count: 1, msEach: 1 }] } };
  const blocks = [block(zip), block(zip), several];
  const said = ownersFromRoute(/** @type {any} */ (blocks), rereadsOf(blocks, new Set([2])));
  assert.match(String(said.get(2)), /^ the app's own code and adm-zip held this block near evenly; 2 of the 2 other blocks of GET \/x/);
});

test('the blocks read before (a production log\'s, one block a call) count as the route\'s other blocks, and are not read again', () => {
  const earlier = [{ route: 'GET /x', key: 'node\0node:zlib' }, { route: 'GET /x', key: 'node\0node:zlib' }, { route: 'GET /y', key: 'package\0adm-zip' }];
  const one = [block(zip)];
  const said = ownersFromRoute(/** @type {any} */ (one), rereadsOf(one, new Set([0])), earlier);
  assert.equal(one[0].culprit.owner, zlib);
  assert.equal(said.get(0), ' adm-zip and node:zlib held this block near evenly; 2 of the 2 other blocks of GET /x were held most by node:zlib, so it is named here too.');
  // another route's blocks, or one block before, name nothing
  const alone = [block(zip)];
  assert.equal(ownersFromRoute(/** @type {any} */ (alone), rereadsOf(alone, new Set([0])), earlier.slice(1)).size, 0);
  assert.deepEqual(routeOwners(/** @type {any} */ ([block(zlib), block(zip, 'GET /y')])), [{ route: 'GET /x', key: 'node\0node:zlib' }, { route: 'GET /y', key: 'package\0adm-zip' }]);
});
