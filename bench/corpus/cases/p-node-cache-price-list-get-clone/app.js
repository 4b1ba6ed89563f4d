// Express: the pricing API keeps the tenant's price list (2,200 products with their price tiers, stock per
// warehouse and attributes) in node-cache, refreshed every ten minutes from the catalogue database (made
// at start-up here). The cache has node-cache's defaults, so useClones is on: every get returns a deep copy
// of the stored value. /x prices a cart of 20 items: it reads the price list from the cache and looks the
// items up in it.
'use strict';
const express = require('express');
const NodeCache = require('node-cache');

const cache = new NodeCache({ stdTTL: 600, checkperiod: 120 });
const loadPriceList = () => {
  const products = {};
  for (let i = 0; i < 2200; i++) {
    products[`SKU-${10000 + i}`] = {
      name: `Product ${i}`, currency: 'EUR', vatRate: i % 7 ? 0.19 : 0.07,
      tiers: [{ minQty: 1, price: 20 + (i % 90) }, { minQty: 10, price: 18 + (i % 90) }, { minQty: 50, price: 15 + (i % 90) }],
      stock: { berlin: i % 40, hamburg: (i * 3) % 25, munich: (i * 7) % 60 },
      attributes: { color: ['red', 'blue', 'green'][i % 3], weightKg: (i % 30) / 10, tags: ['tools', `line-${i % 12}`] },
    };
  }
  return { version: 42, products };
};
cache.set('price-list:tenant-7', loadPriceList());

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const priceList = cache.get('price-list:tenant-7');
  const cart = Array.from({ length: 20 }, (_, k) => ({ sku: `SKU-${10000 + ((k * 131) % 2200)}`, qty: 1 + (k % 12) * 5 }));
  let total = 0;
  const lines = cart.map(({ sku, qty }) => {
    const p = priceList.products[sku];
    const tier = p.tiers.filter((t) => qty >= t.minQty).pop();
    total += tier.price * qty * (1 + p.vatRate);
    return { sku, qty, unit: tier.price };
  });
  res.json({ version: priceList.version, lines, total: Math.round(total * 100) / 100 });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
