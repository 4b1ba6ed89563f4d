// Polka (ESM): product search with Fuse.js over the whole catalogue (40,000 products) for every query.
import polka from 'polka';
import Fuse from 'fuse.js';

const colours = ['red', 'blue', 'green', 'black', 'white'];
const products = Array.from({ length: 40000 }, (_, i) => ({ sku: `SKU-${i}`, title: `${colours[i % 5]} widget model ${i}`, brand: `brand ${i % 120}` }));
const fuse = new Fuse(products, { keys: ['title', 'brand', 'sku'], threshold: 0.4 });

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const hits = fuse.search('blu wdget', { limit: 20 });
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(hits.map((h) => h.item.sku)));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
