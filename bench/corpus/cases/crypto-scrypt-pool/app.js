// Koa login with the async crypto.scrypt (promisified, N = 2^15): fine alone, but 16 logins at once
// hold libuv's 4 pool threads and the probe's file read queues behind them.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { promisify } = require('node:util');
const Koa = require('koa');

const scrypt = promisify(crypto.scrypt);
const salt = crypto.randomBytes(16);
const params = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const statusFile = path.join(__dirname, 'status.json');

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.type = 'json';
    ctx.body = await fs.promises.readFile(statusFile);
  } else if (ctx.path === '/x') {
    const key = await scrypt('correct horse battery staple', salt, 64, params);
    ctx.body = { key: key.toString('hex').slice(0, 16) };
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
