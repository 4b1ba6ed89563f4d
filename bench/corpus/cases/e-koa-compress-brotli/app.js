// Koa 3 with koa-compress set to Brotli at quality 11 (the maximum, picked for the smallest transfer) in
// front of the product catalogue (about 190 KB of JSON, built once at start-up). defaultEncoding 'br'
// compresses for clients that send no Accept-Encoding too (the service's own clients all take Brotli).
// koa-compress pipes every response through zlib.createBrotliCompress, so the catalogue is compressed
// again per request on libuv's pool: the loop stays free, but 16 requests at once fill the 4 threads.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const Koa = require('koa');
const compress = require('koa-compress');

const statusFile = path.join(__dirname, 'status.json');
let seed = 5;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const colours = ['black', 'white', 'navy', 'olive', 'red', 'sand', 'grey', 'teal'];
const products = [];
for (let i = 0; i < 1500; i++) products.push({ sku: `SKU-${10000 + i}`, name: `Product ${rnd(1e6).toString(36)} ${colours[rnd(8)]}`, price: rnd(50000) / 100, stock: rnd(400), colour: colours[rnd(8)], tags: [colours[rnd(8)], `t${rnd(300)}`], rating: rnd(50) / 10 });
const catalogue = Buffer.from(JSON.stringify({ updatedAt: '2024-10-01T00:00:00Z', products }));

const app = new Koa();
app.use(async (ctx, next) => {
  if (ctx.path !== '/health') return next();
  ctx.type = 'json';
  ctx.body = await fs.promises.readFile(statusFile);
});
app.use(compress({ threshold: 2048, defaultEncoding: 'br', br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } } }));
app.use((ctx) => { ctx.type = 'json'; ctx.body = catalogue; });

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
