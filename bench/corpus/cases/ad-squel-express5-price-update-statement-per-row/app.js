// Express 5: a marketplace's pricing service applies a supplier's new price list. /x takes the list
// (1,000 listings, made here at start-up) and builds one parameterised UPDATE per listing with squel,
// the query builder the service uses everywhere, before handing the batch to the DB writer's queue
// (an in-process array here). Every statement has the same text; only the values differ.
'use strict';
const express = require('express');
const squel = require('squel').useFlavour('postgres');

const priceList = Array.from({ length: 1000 }, (_, i) => ({
  sku: `SKU-${10000 + i}`, channel: ['web', 'app', 'b2b'][i % 3], price: (999 + (i * 37) % 9000) / 100,
  compareAt: (1999 + (i * 53) % 9000) / 100, currency: 'EUR', vatRate: i % 4 === 0 ? 7 : 19,
}));
const writerQueue = [];

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const batch = priceList.map((row) => squel.update().table('listing_prices').set('price', row.price).set('compare_at', row.compareAt).set('currency', row.currency).set('vat_rate', row.vatRate).set('updated_at', squel.str('NOW()')).where('sku = ?', row.sku).where('channel = ?', row.channel).returning('id').toParam());
  writerQueue.length = 0;
  writerQueue.push(...batch);
  res.json({ queued: batch.length, sample: batch[0] });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
