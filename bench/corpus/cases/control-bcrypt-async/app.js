// Control: login with the native bcrypt's async hash (cost 10), one request at a time: the hash runs
// on one of libuv's four pool threads, a core stays free for the loop, and the probe's read does not wait.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const express = require('express');
const bcrypt = require('bcrypt');

const statusFile = path.join(__dirname, 'status.json');

const app = express();
app.get('/health', async (req, res) => {
  res.type('json').send(await fs.promises.readFile(statusFile));
});

app.get('/x', async (req, res, next) => {
  try {
    const hash = await bcrypt.hash('correct horse battery staple', 10);
    res.json({ ok: hash.startsWith('$2b$') });
  } catch (err) {
    next(err);
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
