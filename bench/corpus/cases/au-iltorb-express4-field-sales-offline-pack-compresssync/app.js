// Express 4 with helmet and morgan: the sync API of a drinks distributor's field-sales tablet app. Before a rep goes
// on the road, the app downloads the territory's offline pack (/territories/:id/offline-pack): the 900 products the
// territory sells with prices, promotions and stock, as brotli-compressed JSON that the app inflates itself. The
// packer dates from 2017, when Node had no brotli, and still uses iltorb's compressSync at quality 11: the native
// brotli encoder runs on the event loop for each download, although iltorb also offers compress(), which runs the
// same encoder on libuv's thread pool. Territories and the catalogue are made at start-up.
'use strict';
const express = require('express');
const helmet = require('helmet');
const morgan = require('morgan');
const iltorb = require('iltorb');

const brands = ['Highland Spring', 'Riverbank Cider', 'Old Quay Ales', 'Sunny Press', 'Northern Gin Co', 'Coastal Tonic'];
const catalogue = Array.from({ length: 2400 }, (_, i) => ({
  sku: `DR-${50000 + i}`, brand: brands[i % brands.length], name: `${brands[i % brands.length]} ${['Lager', 'Pale Ale', 'Cider', 'Tonic', 'Gin', 'Juice'][i % 6]} ${[250, 330, 500, 700, 1000][i % 5]}ml x ${[6, 12, 24][i % 3]}`,
  caseCents: 899 + ((i * 379) % 9000), vatRate: 20, ean: String(5012345000000 + i * 7),
  promo: i % 7 ? null : { type: 'multibuy', buy: 3, get: 1, until: '2025-07-31' }, stock: (i * 53) % 400, minOrder: 1 + (i % 3),
}));
const territories = new Map(Array.from({ length: 24 }, (_, t) => [`T${100 + t}`, { id: `T${100 + t}`, rep: `rep-${t}`, skus: catalogue.filter((_, i) => (i + t) % 8 < 3).map((p) => p.sku) }]));
const bySku = new Map(catalogue.map((p) => [p.sku, p]));

function offlinePack(territory) {
  const json = JSON.stringify({ territory: territory.id, rep: territory.rep, generatedAt: new Date().toISOString(), products: territory.skus.map((s) => bySku.get(s)) });
  return { raw: json.length, body: iltorb.compressSync(Buffer.from(json), { quality: 11 }) };
}

const app = express();
app.use(helmet());
app.use(morgan('tiny', { skip: (req) => req.path === '/health' }));
app.get('/health', (req, res) => res.send('ok'));
app.get('/territories/:id/offline-pack', (req, res) => {
  const territory = territories.get(req.params.id);
  if (!territory) return res.status(404).json({ error: 'unknown territory' });
  const pack = offlinePack(territory);
  res.set({ 'content-type': 'application/octet-stream', 'x-pack-encoding': 'br', 'x-raw-length': String(pack.raw) }).send(pack.body);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
