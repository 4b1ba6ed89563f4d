// Express 4 with LoopBack's ORM (loopback-datasource-juggler) on its in-memory connector, as the order desk of a
// wholesale shop runs it between syncs. Every backlog view (/x) loads all open and shipped orders as model
// instances (the connector's rows deserialised, then hydrated by juggler: property definitions, embedded line
// items and address, hooks) only to total them by customer and show the 20 largest backlogs.
'use strict';
const express = require('express');
const { DataSource } = require('loopback-datasource-juggler');

const ds = new DataSource('memory');
const Order = ds.define('Order', {
  id: { type: String, id: true }, customerId: String, status: String, total: Number, currency: String, placedAt: Date,
  lines: [{ sku: String, qty: Number, price: Number }], shipTo: { city: String, country: String },
});

const ready = Order.create(Array.from({ length: 8400 }, (_, i) => ({
  id: `SO-${200000 + i}`, customerId: `C-${1000 + (i % 320)}`, status: ['open', 'shipped', 'closed'][i % 3], total: 40 + ((i * 37) % 900), currency: 'EUR',
  placedAt: new Date(Date.UTC(2025, 0, 1) + i * 3600000),
  lines: [{ sku: `SKU-${i % 97}`, qty: 1 + (i % 4), price: 9.5 }, { sku: `SKU-${i % 41}`, qty: 2, price: 14 }], shipTo: { city: ['Berlin', 'Lyon', 'Graz'][i % 3], country: ['DE', 'FR', 'AT'][i % 3] },
})));

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res, next) => {
  try {
    await ready;
    const orders = await Order.find({ where: { status: { inq: ['open', 'shipped'] } }, order: 'placedAt DESC' });
    const byCustomer = new Map();
    for (const o of orders) byCustomer.set(o.customerId, (byCustomer.get(o.customerId) || 0) + o.total);
    const top = [...byCustomer].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([customerId, backlog]) => ({ customerId, backlog }));
    res.json({ orders: orders.length, customers: byCustomer.size, top });
  } catch (err) { next(err); }
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
