// Express 5: a retail chain's back office, two slow pages. /campaigns/:id/preview shows which catalogue items a
// campaign's promotion rules (JsonLogic, as the marketing tool saves them) would discount: json-logic-js's apply
// evaluates each of the campaign's 40 rules against each of 8,000 items, on every preview. /stores/opening-calendar
// shows the next two weeks of opening and closing times of the chain's 32 stores in UTC for the central ops desk:
// each local time is built in the store's time zone with spacetime, which walks to the date field by field.
'use strict';
const express = require('express');
const jsonLogic = require('json-logic-js');
const spacetime = require('spacetime');

const categories = ['kitchen', 'garden', 'tools', 'lighting', 'bath'];
const items = Array.from({ length: 8000 }, (_, i) => ({ sku: `SKU-${10000 + i}`, category: categories[i % 5], price: 3 + (i % 400) * 0.75,
  stock: (i * 37) % 180, brand: ['Bosch', 'Tefal', 'Fiskars', 'Philips', 'Grohe', 'own'][i % 6], margin: 0.12 + (i % 9) * 0.04, ageDays: (i * 13) % 720 }));
const campaigns = new Map([[7, Array.from({ length: 40 }, (_, r) => ({ id: `R${r}`, discount: 5 + (r % 6) * 5, logic: { and: [
  { in: [{ var: 'category' }, [categories[r % 5], categories[(r + 2) % 5]]] },
  { or: [{ '>=': [{ var: 'stock' }, 120 + (r % 7) * 8] }, { '>': [{ var: 'ageDays' }, 540 + r * 4] }] },
  { '<=': [{ '*': [{ var: 'price' }, { '-': [1, { var: 'margin' }] }] }, 120 + r * 4] },
  { '!': { in: [{ var: 'brand' }, r % 3 ? ['own'] : ['Bosch', 'Grohe']] } },
] } }))]]);

const zones = ['Europe/London', 'Europe/Dublin', 'Europe/Paris', 'Europe/Berlin', 'Europe/Madrid', 'Europe/Warsaw', 'Europe/Athens', 'Europe/Lisbon'];
const stores = Array.from({ length: 32 }, (_, i) => ({ id: `ST-${200 + i}`, tz: zones[i % zones.length], opens: [8, 0], closes: [i % 4 ? 20 : 22, 30] }));

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/campaigns/:id/preview', (req, res) => {
  const rules = campaigns.get(Number(req.params.id)) || campaigns.get(7);
  const hits = [];
  for (const item of items) {
    const rule = rules.find((r) => jsonLogic.apply(r.logic, item));
    if (rule) hits.push({ sku: item.sku, rule: rule.id, price: item.price, promo: +(item.price * (1 - rule.discount / 100)).toFixed(2) });
  }
  res.json({ campaign: Number(req.params.id), items: items.length, discounted: hits.length, sample: hits.slice(0, 30) });
});
app.get('/stores/opening-calendar', (req, res) => {
  const start = new Date(Date.UTC(2025, 2, 24));
  const days = Array.from({ length: 14 }, (_, d) => new Date(start.getTime() + d * 86400e3));
  const calendar = stores.map((s) => ({ store: s.id, tz: s.tz, days: days.map((day) => {
    const at = (h, m) => spacetime([day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), h, m], s.tz).goto('UTC').format('iso-utc');
    return { date: day.toISOString().slice(0, 10), opensUtc: at(...s.opens), closesUtc: at(...s.closes) };
  }) }));
  res.json({ from: days[0].toISOString().slice(0, 10), stores: calendar });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
