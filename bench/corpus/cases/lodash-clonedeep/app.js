// An in-memory store copied with lodash.cloneDeep for every request, so the handler can edit a draft.
'use strict';
const express = require('express');
const _ = require('lodash');

const store = { customers: [], orders: [] };
for (let i = 0; i < 30000; i++) {
  store.customers.push({ id: i, name: `customer ${i}`, address: { street: `${i} Main St`, city: 'Springfield' }, tags: ['x', 'y'] });
  store.orders.push({ id: i, customer: i, lines: [{ sku: `s${i}`, qty: 1 }, { sku: `t${i}`, qty: 2 }], total: i * 2.5 });
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const draft = _.cloneDeep(store);
  draft.orders[0].total += 1;
  res.json({ customers: draft.customers.length, orders: draft.orders.length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
