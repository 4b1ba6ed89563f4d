// Koa: the B2B shop exports a customer's price list: its whole assortment (12,000 SKUs) priced in the
// customer's contract price group and in the list price group, for the "your price / list price" columns.
// Each price comes from priceOf, a read-through cache in front of the pricing database (the cached price, or
// the promise of a database read on a miss), and the lookups go through a p-queue (concurrency 16) that was
// put there to protect the database. The cache is warm, so every lookup is a hit (the prices are made at
// start-up here): no I/O is left, only the queue's promises.
'use strict';
const Koa = require('koa');
const { default: PQueue } = require('p-queue');

const assortment = Array.from({ length: 12000 }, (_, i) => `SKU-${100000 + i}`);
const prices = { contract: new Map(), list: new Map() };
assortment.forEach((sku, i) => {
  prices.list.set(sku, { net: (199 + (i * 37) % 90000) / 100, currency: 'EUR' });
  prices.contract.set(sku, { net: Math.round((199 + (i * 37) % 90000) * 0.88) / 100, currency: 'EUR' });
});
const loadPrice = async (group, sku) => { throw new Error(`pricing database not reachable from the bench (${group} ${sku})`); };
const priceOf = (group, sku) => prices[group].get(sku) ?? loadPrice(group, sku);

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const queue = new PQueue({ concurrency: 16 });
  const totals = {};
  for (const group of ['contract', 'list']) {
    const column = await queue.addAll(assortment.map((sku) => () => priceOf(group, sku)));
    totals[group] = Math.round(column.reduce((sum, p) => sum + (p ? p.net : 0), 0) * 100) / 100;
  }
  ctx.body = { customer: 'C-2207', skus: assortment.length, totals };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
