// Express: the webhook dispatcher of an order platform. Each of 120 partner subscriptions carries a
// MongoDB-style filter saved through the partner API ({ type: { $in: [...] }, 'payload.total': { $gte: 50 } });
// /x routes the next 20 queued events, and for every (event, subscription) pair builds new Query(filter)
// with mingo, which deep-copies the filter and compiles each field and operator into a predicate, only to
// test that one event.
'use strict';
const express = require('express');
const { Query } = require('mingo');

const tiers = ['basic', 'silver', 'gold', 'platinum'];
const subscriptions = Array.from({ length: 120 }, (_, i) => ({
  id: `sub_${5000 + i}`, url: `https://partner-${i % 30}.example/hooks`,
  filter: {
    type: { $in: ['order.created', 'order.paid', 'order.shipped', 'order.refunded'].slice(0, 2 + (i % 3)) },
    'payload.total': { $gte: 20 + (i % 50) * 5, $lt: 5000 },
    $or: [{ 'payload.customer.tier': { $in: tiers.slice(i % 3) } }, { 'payload.items.sku': { $regex: `^SKU-${i % 9}` } }],
    'payload.shipping.country': { $nin: ['KP', 'IR', 'SY'] },
    'meta.source': { $ne: 'test' }, 'meta.attempt': { $lte: 3 },
    tags: { $all: ['web'] }, 'payload.currency': { $eq: ['EUR', 'USD', 'GBP'][i % 3] },
  },
}));
const events = Array.from({ length: 400 }, (_, k) => ({
  id: `evt_${k}`, type: ['order.created', 'order.paid', 'order.shipped'][k % 3], tags: k % 4 ? ['web', 'eu'] : ['pos'],
  meta: { source: k % 11 ? 'checkout' : 'test', attempt: 1 + (k % 4) },
  payload: { total: 15 + (k * 37) % 900, currency: ['EUR', 'USD', 'GBP'][k % 3], customer: { tier: tiers[k % 4] },
    shipping: { country: ['NL', 'DE', 'US', 'IR'][k % 4] }, items: [{ sku: `SKU-${k % 9}${k}` }, { sku: 'GIFT' }] },
}));
let next = 0;

function route(event) {
  const targets = [];
  for (const sub of subscriptions) {
    if (new Query(sub.filter).test(event)) targets.push(sub.id);
  }
  return targets;
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const deliveries = [];
  for (let n = 0; n < 20; n++) {
    const event = events[next]; next = (next + 1) % events.length;
    deliveries.push({ event: event.id, to: route(event) });
  }
  res.json({ events: deliveries.length, deliveries: deliveries.reduce((s, d) => s + d.to.length, 0) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
