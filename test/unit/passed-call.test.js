// A line that calls a function its function was handed (passed-call.js): a pool's, a retry's or a
// transaction's wrapper, whose work was chosen by the line that handed the function in.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { callsOwnParameter, callsParameter, handsFunction } from '../../src/sources/passed-call.js';
import { codeOnly } from '../../src/sources/js-scan.js';

const code = codeOnly([
  'function openPool(idle) {', // 1
  '  return async (fn) => {', // 2
  '    const conn = idle.pop();', // 3
  '    try { return await fn(conn); } finally { idle.push(conn); }', // 4
  '  };', // 5
  '}', // 6
  'async function withRetry(times, work) {', // 7
  '  for (let i = 0; ; i++) {', // 8
  '    try { return await work.call(null, i); } catch (e) { if (i >= times) throw e; }', // 9
  '  }', // 10
  '}', // 11
  'const db = { query: async (sql) => sql };', // 12
  'class Repo {', // 13
  '  async inTransaction(body) {', // 14
  '    const rows = await body(this); // "fn(" in a comment', // 15
  '    return rows;', // 16
  '  }', // 17
  '  async find(id) {', // 18
  '    return await db.query(id);', // 19
  '  }', // 20
  '}', // 21
  'async function handler(req, withConnection) {', // 22
  '  const rows = await withConnection((conn) => conn.run(req.query.q));', // 23
  '  return [1, 2].map((x) => x * 2).concat(await fn(rows));', // 24
  '}', // 25
  'const fn = (r) => r;', // 26
]);

test('a wrapper\'s call of what it was handed: an arrow\'s, a function\'s, a method\'s parameter, at an await or at the callee', () => {
  assert.equal(callsParameter(code, 4, 18), true); // async frame: the position of `await`
  assert.equal(callsParameter(code, 4, 24), true); // sync frame: the callee
  assert.equal(callsParameter(code, 9, 18), true); // work.call(
  assert.equal(callsParameter(code, 15, 24), true);
});

test('not a wrapper\'s: a call of a module\'s name, a method of an object, a name no function around has', () => {
  assert.equal(callsParameter(code, 19, 12), false); // db.query(
  assert.equal(callsParameter(code, 24, 41), false); // fn( of the module, not of a closed arrow earlier on the line
  assert.equal(callsParameter(code, 3, 18), false); // idle.pop(: no call at that position
  assert.equal(callsParameter(code, 99, 1), false);
});

test('the line further out that hands a function it writes there, at its await or its callee', () => {
  assert.equal(handsFunction(code, 23, 16), true); // await withConnection((conn) => ...)
  assert.equal(handsFunction(code, 23, 22), true);
  assert.equal(handsFunction(codeOnly(['  await db.pool.use(async function (c) {']), 1, 3), true);
  // a call that hands no function it writes (a handler called by a router of the app's) is no such line, though
  // its own callee may be a parameter
  assert.equal(callsParameter(code, 23, 16), true);
  assert.equal(handsFunction(codeOnly(['  return await handler(req, pool);']), 1, 10), false);
  assert.equal(handsFunction(code, 19, 12), false);
});

test('a function, from its start as a profile gives it, that calls one of its own parameters in its body', () => {
  assert.equal(callsOwnParameter(code, 2, 16), true); // async (fn) => { ... fn(conn) }
  assert.equal(callsOwnParameter(code, 7, 1), true); // function withRetry(times, work): work.call(
  assert.equal(callsOwnParameter(code, 14, 3), true); // a method: inTransaction(body)
  assert.equal(callsOwnParameter(code, 1, 1), false); // openPool(idle): idle.pop( is a method of it, no call of it
  assert.equal(callsOwnParameter(code, 18, 3), false); // find(id): db.query(id) hands it on, calls it not
  assert.equal(callsOwnParameter(code, 22, 1), true); // handler(req, withConnection): it calls withConnection(
});
