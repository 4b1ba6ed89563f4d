// Express 5: a sign-in endpoint checks passwords against hashes migrated from a legacy system:
// PBKDF2-SHA256 at 600,000 iterations, derived with the pbkdf2 package (which hands the work to
// node:crypto's async pbkdf2 on Node). The loop stays free; libuv's 4 pool threads do not.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const { promisify } = require('node:util');
const express = require('express');
const pbkdf2 = promisify(require('pbkdf2').pbkdf2);

const statusFile = path.join(__dirname, 'status.json');
const salt = Buffer.from('c0ffee00c0ffee00c0ffee00', 'hex');
const stored = pbkdf2('hunter2-but-longer', salt, 600000, 32, 'sha256'); // the migrated hash of user u-7

const app = express();
app.get('/health', async (req, res) => {
  res.type('json').send(await fs.promises.readFile(statusFile));
});

app.get('/x', async (req, res) => {
  const key = await pbkdf2('hunter2-but-longer', salt, 600000, 32, 'sha256');
  res.json({ user: 'u-7', ok: crypto.timingSafeEqual(key, await stored) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
