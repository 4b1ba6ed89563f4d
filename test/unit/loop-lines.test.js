// The loop of its function a line of the app runs in (src/sources/loop-lines.js).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { loopAround, takesParts } from '../../src/sources/loop-lines.js';
import { codeOnly } from '../../src/sources/js-scan.js';

/** @param {string} source @param {string} marker the text of the line asked about */
const at = (source, marker) => {
  const lines = source.split('\n');
  return loopAround(codeOnly(lines), lines.findIndex((l) => l.includes(marker)) + 1);
};

test('a call in a for, for-of, while or do body, or in a callback of an iterating method, runs in that loop', () => {
  const src = [
    'function computeSync(rounds) {',
    '  const hash = crypto.createHash("sha256");',
    '  for (let i = 0; i < rounds; i++) hash.update(crypto.randomBytes(100).toString("hex"));',
    '  return hash.digest("hex");',
    '}',
    'app.get("/x", (req, res) => {',
    '  for (const entry of accessLog) {',
    '    const parsed = Bowser.parse(entry.ua);',
    '    if (parsed) {',
    '      count(parsed.browser);',
    '    }',
    '  }',
    '  const rows = items.map((item) => render(item));',
    '  items.forEach(function (item) {',
    '    save(item);',
    '  });',
    '  let n = 0;',
    '  while (n < 10)',
    '    step(n++);',
    '  do { tick(); } while (more());',
    '  for await (const chunk of stream) consume(chunk);',
    '  res.end(JSON.stringify(rows));',
    '});',
  ].join('\n');
  assert.equal(at(src, 'hash.update('), 3);
  assert.equal(at(src, 'Bowser.parse('), 7);
  assert.equal(at(src, 'count(parsed'), 7);
  assert.equal(at(src, 'render(item)'), 13);
  assert.equal(at(src, 'save(item)'), 14);
  assert.equal(at(src, 'step(n++)'), 18);
  assert.equal(at(src, 'tick()'), 20);
  assert.equal(at(src, 'consume(chunk)'), 21);
  // once per call of the handler: not in a loop
  assert.equal(at(src, 'createHash'), null);
  assert.equal(at(src, 'hash.digest'), null);
  assert.equal(at(src, 'res.end('), null);
});

test('a loop header\'s own expression, a function defined in a loop, and a loop in another function are not the line\'s loop', () => {
  const src = [
    'for (const doc of parseAll(big)) {',
    '  handlers.push(() => {',
    '    load(doc);',
    '  });',
    '}',
    'function later() {',
    '  const config = JSON5.parse(text); // for (;;) in a comment',
    '  const s = "while (x) {";',
    '  if (config) { use(config); }',
    '}',
  ].join('\n');
  assert.equal(at(src, 'parseAll(big)'), null);
  assert.equal(at(src, 'load(doc)'), null);
  assert.equal(at(src, 'JSON5.parse'), null);
  assert.equal(at(src, 'use(config)'), null);
  // a method named like an array's that takes an object (an ORM's find): no callback, no loop
  assert.equal(at("const list = await repo.find({ relations: { tags: true } });", 'repo.find'), null);
  assert.equal(at("const hit = rows.find((r) => match(r.name));", 'rows.find'), 1);
  assert.equal(at("rows.map(parse);", 'rows.map'), 1);
  assert.equal(loopAround(['a();'], 0), null);
  assert.equal(loopAround(['a();'], 5), null);
});

test('a loop that hands out parts of a list: a header that steps by more than one, or a slice on the calling line', () => {
  const parts = (/** @type {string[]} */ lines, /** @type {string} */ marker) => {
    const code = codeOnly(lines);
    const call = lines.findIndex((l) => l.includes(marker)) + 1;
    const loop = loopAround(code, call);
    assert.ok(loop !== null, 'the call is in a loop');
    return takesParts(code, loop, call);
  };
  assert.equal(parts(['for (const row of rows) {', '  out.push(knex("t").insert(row).toSQL()); // CALL', '}'], 'CALL'), false);
  assert.equal(parts(['const sql = rows.map((row) =>', '  squel.insert().into("t").setFields(row).toParam()); // CALL'], 'CALL'), false);
  assert.equal(parts(['for (let i = 0; i < rows.length; i++) {', '  q.push(build(rows[i])); // CALL', '}'], 'CALL'), false);
  assert.equal(parts(['for (let i = 0; i < rows.length; i += 7000) {', '  await db.insertInto("t").values(rows.slice(i, i + 7000)).execute(); // CALL', '}'], 'CALL'), true);
  assert.equal(parts(['for (let i = 0; i < rows.length; i += BATCH) {', '  q.push(build(part)); // CALL', '}'], 'CALL'), true);
  assert.equal(parts(['for (const part of chunks) {', '  q.push(db.insert(chunk(part))); // CALL', '}'], 'CALL'), true);
});
