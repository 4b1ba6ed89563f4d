// Koa 3: a storefront API caches each product page's model (about 50 KB of JSON: the product, its
// variants, reviews and related items, assembled from the in-memory catalogue built at start-up) with
// cache-manager over a Keyv store that @keyv/compress-brotli compresses to keep the cache small. After
// a deploy the cache is cold and the ids spread wide, so most requests miss: cache.wrap builds the
// model, then Keyv serializes it and compress-brotli runs zlib.brotliCompress with Node's default
// quality, 11, on libuv's pool. The loop stays free, but 16 misses at once keep the pool's 4 threads busy.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const { Keyv } = require('keyv');
const { KeyvBrotli } = require('@keyv/compress-brotli');
const { createCache } = require('cache-manager');

const statusFile = path.join(__dirname, 'status.json');
let seed = 17;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const words = ['linen', 'cotton', 'relaxed', 'slim', 'washed', 'organic', 'heavyweight', 'classic', 'cropped', 'oversized', 'ribbed', 'striped'];
const text = (n) => Array.from({ length: n }, () => words[rnd(words.length)]).join(' ');
const products = Array.from({ length: 2000 }, (_, i) => ({
  id: i, sku: `SKU-${100000 + i}`, title: `${text(3)} shirt`, description: text(80), price: 1500 + rnd(9000),
  variants: Array.from({ length: 24 }, (_, v) => ({ sku: `SKU-${100000 + i}-${v}`, size: ['XS', 'S', 'M', 'L', 'XL', 'XXL'][v % 6], colour: words[rnd(words.length)], stock: rnd(50), barcode: String(4000000000000 + rnd(1e9)) })),
  reviews: Array.from({ length: 120 }, () => ({ author: `user${rnd(1e6)}`, rating: 1 + rnd(5), title: text(4), body: text(40), helpful: rnd(200) })),
}));
const buildPage = (id) => {
  const p = products[id % products.length];
  return { ...p, id, related: Array.from({ length: 12 }, (_, k) => { const r = products[(id + k * 37) % products.length]; return { id: r.id, title: r.title, price: r.price }; }), builtAt: Date.now() };
};
const cache = createCache({ stores: [new Keyv({ compression: new KeyvBrotli() })], ttl: 10 * 60 * 1000 });
let seq = 0;

const app = new Koa();
app.use(async (ctx, next) => {
  if (ctx.path !== '/health') return next();
  ctx.type = 'json';
  ctx.body = await fs.promises.readFile(statusFile);
});
app.use((ctx) => {
  const id = (seq++ * 7919) % 50000;
  return cache.wrap(`product:${id}`, () => buildPage(id)).then((page) => { ctx.body = page; });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
