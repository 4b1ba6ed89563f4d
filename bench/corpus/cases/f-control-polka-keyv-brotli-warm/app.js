// Polka: the storefront's product API behind cache-manager over a Keyv store compressed by
// @keyv/compress-brotli, as in the cache that fills the pool, but set up the way it is meant to be:
// Brotli quality 4 and a warm cache (the 300 products on sale are cached at start-up). Each request is a
// hit: Keyv decompresses the entry with zlib.brotliDecompress, a short job on libuv's pool (about 9 KB
// out), and the page model goes back as JSON. 16 requests at once leave the pool's queue short.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const polka = require('polka');
const { Keyv } = require('keyv');
const { KeyvBrotli } = require('@keyv/compress-brotli');
const { createCache } = require('cache-manager');

const statusFile = path.join(__dirname, 'status.json');
let seed = 17;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const words = ['linen', 'cotton', 'relaxed', 'slim', 'washed', 'organic', 'heavyweight', 'classic', 'cropped', 'oversized', 'ribbed', 'striped'];
const text = (n) => Array.from({ length: n }, () => words[rnd(words.length)]).join(' ');
const buildPage = (id) => ({
  id, sku: `SKU-${100000 + id}`, title: `${text(3)} shirt`, description: text(80), price: 1500 + rnd(9000),
  variants: Array.from({ length: 24 }, (_, v) => ({ sku: `SKU-${100000 + id}-${v}`, size: ['XS', 'S', 'M', 'L', 'XL', 'XXL'][v % 6], colour: words[rnd(words.length)], stock: rnd(50), barcode: String(4000000000000 + rnd(1e9)) })),
  reviews: Array.from({ length: 16 }, () => ({ author: `user${rnd(1e6)}`, rating: 1 + rnd(5), title: text(4), body: text(40), helpful: rnd(200) })),
});
const brotli = new KeyvBrotli({ compressOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } } });
const cache = createCache({ stores: [new Keyv({ compression: brotli })], ttl: 60 * 60 * 1000 });
const onSale = Array.from({ length: 300 }, (_, i) => i * 13);
let seq = 0;

const app = polka()
  .get('/health', async (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(await fs.promises.readFile(statusFile));
  })
  .get('/x', (req, res) => {
    const id = onSale[seq++ % onSale.length];
    cache.wrap(`product:${id}`, () => buildPage(id)).then((page) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify(page));
    });
  });
Promise.all(onSale.map((id) => cache.set(`product:${id}`, buildPage(id)))).then(() => app.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
