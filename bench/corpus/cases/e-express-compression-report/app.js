// Express 5 with the compression middleware at level 9 (enforceEncoding 'gzip': clients that send no
// Accept-Encoding get gzip too) in front of an orders report of about 5 MB of JSON, built once at start-up.
// compression gzips it again for every download through zlib.createGzip: each chunk is a job on libuv's
// pool, so the loop stays free, but 16 downloads at once keep the pool's 4 threads busy.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const compression = require('compression');

const statusFile = path.join(__dirname, 'status.json');
let seed = 11;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const orders = [];
for (let i = 0; i < 40000; i++) orders.push({ id: 500000 + i, customer: `cus_${rnd(1e9).toString(36)}`, sku: `SKU-${rnd(5000)}`, qty: 1 + rnd(9), total: rnd(100000) / 100, status: ['paid', 'shipped', 'refunded'][rnd(3)], placedAt: `2024-0${1 + rnd(9)}-${10 + rnd(18)}T${10 + rnd(13)}:${10 + rnd(49)}:00Z` });
const report = Buffer.from(JSON.stringify({ generatedAt: '2024-10-01T00:00:00Z', orders }));

const app = express();
app.set('etag', false);
app.get('/health', async (req, res) => {
  res.type('json').send(await fs.promises.readFile(statusFile));
});
app.use(compression({ level: 9, enforceEncoding: 'gzip' }));
app.get('/x', (req, res) => res.type('json').send(report));

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
