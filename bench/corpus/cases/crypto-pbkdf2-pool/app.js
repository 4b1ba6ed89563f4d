// Login hashes with the async crypto.pbkdf2 (about 100 ms each): the loop stays free, but under
// 16 connections every hash queues for libuv's 4 pool threads, and so does the probe's file read.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');

const salt = crypto.randomBytes(16);
const statusFile = path.join(__dirname, 'status.json');

const app = express();
app.get('/health', async (req, res) => {
  res.type('json').send(await fs.promises.readFile(statusFile));
});

app.get('/x', (req, res, next) => {
  crypto.pbkdf2('correct horse battery staple', salt, 200000, 64, 'sha512', (err, key) => {
    if (err) return next(err);
    res.json({ ok: true, key: key.toString('hex').slice(0, 16) });
  });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
