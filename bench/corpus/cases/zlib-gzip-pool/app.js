// Express export gzipped with the async zlib.gzip (level 9, 8 MB): the loop stays free, but under
// 16 connections the compressions fill libuv's 4 pool threads and the probe's file read waits.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const express = require('express');

const rows = [];
for (let i = 0; i < 100000; i++) rows.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'], score: (i * 7919) % 1000 });
const exportJson = Buffer.from(JSON.stringify(rows));
const statusFile = path.join(__dirname, 'status.json');

const app = express();
app.get('/health', async (req, res) => {
  res.type('json').send(await fs.promises.readFile(statusFile));
});

app.get('/x', (req, res, next) => {
  zlib.gzip(exportJson, { level: 9 }, (err, gz) => {
    if (err) return next(err);
    res.set('Content-Encoding', 'gzip').type('json').send(gz);
  });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
