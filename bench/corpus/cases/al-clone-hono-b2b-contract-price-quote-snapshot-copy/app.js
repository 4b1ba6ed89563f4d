// Hono (node-server): a B2B shop's quote endpoint. The catalogue snapshot (2,400 products, each with its price
// tiers, stock per warehouse and attributes: ~24,000 objects, reloaded by a job) is shared by all requests; the
// contract-pricing step mutates prices in place, so the handler deep-copies the whole snapshot with clone 2.1.2
// first, applies the customer's contract to the copy, and answers for the four SKUs on the quote. clone keeps every
// object it has copied in an array and looks each new one up in it (its circular-reference check), so a copy of
// n objects costs n^2/2 comparisons.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const clone = require('clone');

const snapshot = { loadedAt: new Date(), products: Array.from({ length: 2400 }, (_, i) => ({
  sku: `SKU-${100000 + i}`, title: `Industrial fastener ${i}`, family: ['bolts', 'nuts', 'anchors', 'rivets'][i % 4],
  price: { list: 0.05 + (i % 900) * 0.011, currency: 'EUR', tiers: [{ min: 100, off: 0.04 }, { min: 1000, off: 0.09 }, { min: 10000, off: 0.15 }] },
  stock: { 'DE-HAM': (i * 7) % 5000, 'DE-MUC': (i * 11) % 3000, 'PL-WRO': (i * 13) % 8000 },
  attrs: { material: ['A2', 'A4', '8.8', '10.9'][i % 4], din: `DIN ${912 + (i % 30)}`, coating: i % 3 ? 'zinc' : 'none', tags: ['metric', 'iso'] },
  updatedAt: new Date(1735689600000 + i * 60000),
})) };
const contracts = new Map([['C-7781', { discount: { bolts: 0.12, nuts: 0.08, anchors: 0.05, rivets: 0.1 } }]]);

const app = new Hono();
app.get('/health', (c) => c.json({ ok: true }));
app.get('/x', (c) => {
  const contract = contracts.get(c.req.query('contract')) || contracts.get('C-7781');
  const skus = (c.req.query('skus') || 'SKU-100010,SKU-100420,SKU-101333,SKU-102399').split(',');
  const priced = clone(snapshot);
  for (const p of priced.products) p.price.list = +(p.price.list * (1 - contract.discount[p.family])).toFixed(4);
  const lines = skus.map((sku) => priced.products.find((p) => p.sku === sku)).filter(Boolean)
    .map((p) => ({ sku: p.sku, title: p.title, unit: p.price.list, tiers: p.price.tiers, available: p.stock }));
  return c.json({ contract: 'C-7781', currency: 'EUR', lines });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
