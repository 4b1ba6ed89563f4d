// Hono: an API-key check. Keys are stored as scrypt-kdf hashes (logN 16, r 8: 64 MiB and 150-300
// ms of work each) and verified with Scrypt.verify on every call; scrypt-kdf runs node:crypto's async
// scrypt, so each verification holds one of libuv's 4 pool threads.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const Scrypt = require('scrypt-kdf');

const statusFile = path.join(__dirname, 'status.json');
const apiKey = 'ak_live_4f1d9c2e7b';
const stored = Scrypt.kdf(apiKey, { logN: 16, r: 8, p: 1 });

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'Content-Type': 'application/json' }));

app.get('/x', async (c) => {
  const ok = await Scrypt.verify(await stored, apiKey);
  return c.json({ authorized: ok, plan: 'pro' });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
