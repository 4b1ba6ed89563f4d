// Express back office on an embedded @seald-io/nedb datastore (in memory, as the single-box deployment runs
// it): /x is the order board, which asks nedb for every open or shipped order of a paying customer, newest
// first, and only then keeps the first page - nedb matches, sorts and deep-copies some 5,000 documents a request.
'use strict';
const express = require('express');
const Datastore = require('@seald-io/nedb');

const db = new Datastore();
const ready = (async () => {
  const orders = [];
  for (let i = 0; i < 10000; i++) {
    orders.push({ orderNo: 100000 + i, status: ['open', 'shipped', 'closed'][i % 3], createdAt: new Date(1700000000000 + ((i * 7919) % 10000) * 60000),
      customer: { id: i % 500, name: `Customer ${i % 500}`, tier: i % 4 }, total: (i % 250) * 3.5,
      lines: [{ sku: `SKU-${i % 90}`, qty: 1 + (i % 4), price: 9.99 }, { sku: `SKU-${(i * 7) % 90}`, qty: 2, price: 4.5 }] });
  }
  await db.insertAsync(orders);
})();

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', async (req, res) => {
  await ready;
  const rows = await db.findAsync({ status: { $in: ['open', 'shipped'] }, 'customer.tier': { $gte: 1 } }).sort({ createdAt: -1 });
  res.json({ total: rows.length, page: rows.slice(0, 25).map((o) => ({ orderNo: o.orderNo, status: o.status, customer: o.customer.name })) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
