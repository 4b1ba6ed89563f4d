// Polka: a nightly export of 100,000 users, gzipped per request with node-gzip (a promise wrapper
// around zlib.gzip, level 9). The compression runs on libuv's pool; under 16 connections it fills
// the pool's 4 threads and the probe's file read waits behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const polka = require('polka');
const { gzip } = require('node-gzip');

const rows = [];
for (let i = 0; i < 100000; i++) rows.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'], score: (i * 7919) % 1000 });
const exportJson = Buffer.from(JSON.stringify(rows));
const statusFile = path.join(__dirname, 'status.json');

polka()
  .get('/health', async (req, res) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(await fs.promises.readFile(statusFile));
  })
  .get('/x', async (req, res) => {
    const body = await gzip(exportJson, { level: 9 });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' });
    res.end(body);
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
