// h3, bundled and minified with esbuild: a marketplace's back-office. The order service keeps the last 90
// days of orders in LokiJS, the in-memory document store (300,000 orders, loaded at start-up from the
// nightly export: made here). The support dashboard polls /x for the 50 largest paid orders of the EU and US
// shops still waiting for shipment: a chained find on status, region and total with no index on any of
// them, then a sort by total, so every poll scans and sorts the whole collection.
'use strict';
const { createApp, createRouter, eventHandler, toNodeListener } = require('h3');
const { createServer } = require('node:http');
const Loki = require('lokijs');

const db = new Loki('orders.db');
const orders = db.addCollection('orders', { unique: ['orderId'] });
const regions = ['eu', 'us', 'apac', 'latam'];
const statuses = ['pending', 'paid', 'shipped', 'delivered', 'refunded'];
for (let i = 0; i < 300000; i++) {
  orders.insert({
    orderId: `O-${5000000 + i}`, customerId: `C-${(i * 7919) % 40000}`, region: regions[i % 4], status: statuses[(i * 31) % 5],
    total: ((i * 7907) % 100000) / 100, currency: i % 4 === 1 ? 'USD' : 'EUR', items: 1 + (i % 6), placedAt: 1735689600000 + i * 51840,
    shipBy: 1735689600000 + i * 51840 + 172800000, carrier: ['dhl', 'ups', 'dpd'][i % 3],
  });
}

const router = createRouter()
  .get('/health', eventHandler(() => 'ok'))
  .get('/x', eventHandler(() => {
    const waiting = orders.chain().find({ status: 'paid', region: { $in: ['eu', 'us'] }, total: { $gte: 250 } }).simplesort('total', { desc: true }).limit(50).data({ removeMeta: true });
    return { count: waiting.length, orders: waiting };
  }));
const app = createApp();
app.use(router);
createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
