// Express login deriving the password key with crypto.scryptSync (N = 2^15) on the loop.
'use strict';
const crypto = require('node:crypto');
const express = require('express');

const salt = crypto.randomBytes(16);
const params = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const stored = crypto.scryptSync('correct horse battery staple', salt, 64, params);

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const key = crypto.scryptSync('correct horse battery staple', salt, 64, params);
  res.json({ ok: crypto.timingSafeEqual(key, stored) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
