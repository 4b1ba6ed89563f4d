// Express 4 (helmet, cors, compression): an insurer's policy-wording CMS. Every handler reaches the (in-memory,
// repository-style) revision store through the app's inTransaction helper (unit of work, timing, rollback on error).
// /x is the reviewer's redline of a product's draft wording against the published one: 1,000 numbered clauses,
// every seventh reworded, diffed character by character with fast-diff on the loop, for every redline view.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const diff = require('fast-diff');

const products = new Map(['home', 'travel'].map((p, k) => {
  const clauses = Array.from({ length: 1000 }, (_, i) => `${i + 1}. The Insurer shall settle the claim for ${p} cover under Section ${(i + k) % 12} within ${5 + (i % 20)} business days of receiving the Proof of Loss.`);
  const draft = clauses.map((c, i) => (i % 7 === 0 ? c.replace('business', 'working').replace('Insurer', 'Company') : c));
  return [p, { published: clauses.join('\n'), draft: draft.join('\n') }];
}));
const store = { begin: () => ({ products, ops: [] }), commit: (tx) => { tx.ops.length = 0; }, rollback: (tx) => { tx.ops.length = 0; } };
const timings = [];
async function inTransaction(fn) {
  const tx = store.begin();
  const started = performance.now();
  try {
    const result = await fn(tx);
    store.commit(tx);
    return result;
  } catch (err) {
    store.rollback(tx);
    throw err;
  } finally {
    timings.push(performance.now() - started);
    if (timings.length > 500) timings.shift();
  }
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://wording.example.com' }));
app.use(compression());
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', async (req, res) => {
  const product = products.has(req.query.product) ? req.query.product : 'home';
  const changes = await inTransaction(async (tx) => diff(tx.products.get(product).published, tx.products.get(product).draft));
  const edits = changes.filter(([op]) => op !== diff.EQUAL);
  res.json({ product, edits: edits.length, inserted: edits.filter(([op]) => op === diff.INSERT).reduce((n, [, t]) => n + t.length, 0), first: edits.slice(0, 20) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
