// Express: the offline-first mobile app syncs the product catalogue by comparing content hashes; /x builds
// the manifest {id, hash} for 900 products by hashing each stored JSON document (about 2.5 KB, as the
// documents table keeps it) with sha.js, the pure-JS SHA-256 the shared client bundle also uses, on every sync.
'use strict';
const express = require('express');
const shajs = require('sha.js');

const documents = [];
for (let i = 0; i < 900; i++) {
  const doc = { id: i, sku: `SKU-${i}`, title: `Product ${i}`, description: `Hand-finished item ${i}. `.repeat(100),
    price: { amount: 1000 + i, currency: 'EUR' }, variants: [{ size: 'S', stock: i % 9 }, { size: 'M', stock: i % 7 }, { size: 'L', stock: i % 5 }] };
  documents.push({ id: i, json: JSON.stringify(doc) });
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const manifest = [];
  for (const d of documents) {
    manifest.push({ id: d.id, hash: shajs('sha256').update(d.json).digest('hex') });
  }
  res.json({ count: manifest.length, first: manifest[0], last: manifest[manifest.length - 1] });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
