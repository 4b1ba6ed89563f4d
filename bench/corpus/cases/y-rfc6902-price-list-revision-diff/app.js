// Koa: a B2B price-list service keeps every published revision of a customer's price list. /x shows what changed
// between the two latest revisions, as the JSON Patch the audit screen and the ERP connector both read: it is
// computed with rfc6902's createPatch on each request. Between the two revisions two prices moved,
// a line was withdrawn and two added, in a list of 30 lines (its array diff compares every pair of lines).
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const { createPatch } = require('rfc6902');

function line(i, rev) {
  return { sku: `ART-${20000 + i}`, name: `Stainless hex bolt M${6 + (i % 10)} x ${20 + (i % 15) * 5}`, unit: 'box of 100',
    tiers: [{ from: 1, price: 12.5 + (i % 40) + (rev && i % 23 === 0 ? 0.75 : 0) }, { from: 10, price: 11.9 + (i % 40) }, { from: 50, price: 10.8 + (i % 40) }],
    currency: 'EUR', leadTimeDays: 2 + (i % 5) };
}
const previous = { customer: 'C-4471', revision: 41, validFrom: '2024-10-01', lines: Array.from({ length: 30 }, (_, i) => line(i, 0)) };
const current = { customer: 'C-4471', revision: 42, validFrom: '2024-11-01',
  lines: Array.from({ length: 32 }, (_, i) => line(i, 1)).filter((l, i) => i !== 5) };
const revisions = new Map([['C-4471', [previous, current]]]);

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const [before, after] = revisions.get('C-4471').slice(-2);
  const patch = createPatch(before, after);
  ctx.body = { customer: after.customer, from: before.revision, to: after.revision, operations: patch.length, patch: patch.slice(0, 50) };
});

const app = new Koa();
app.use(router.routes());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
