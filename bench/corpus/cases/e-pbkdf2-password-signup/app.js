// Hono: sign-up stores each password with pbkdf2-password (the hasher express's own auth example uses),
// raised to 600,000 PBKDF2-SHA256 iterations as OWASP advises. The hasher draws a salt with
// crypto.randomBytes and derives the key with node:crypto's async pbkdf2: one long job on libuv's pool per
// sign-up, so the loop stays free, but 16 sign-ups at once keep all 4 pool threads busy.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const hasher = require('pbkdf2-password')({ iterations: 600000, keyLength: 32, digest: 'sha256' });

const statusFile = path.join(__dirname, 'status.json');
const users = new Map();
let seq = 0;

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'Content-Type': 'application/json' }));
app.get('/x', async (c) => {
  const email = `user-${seq++}@example.com`;
  const { salt, hash } = await new Promise((resolve, reject) => hasher({ password: 'correct horse battery staple' }, (err, pass, salt, hash) => (err ? reject(err) : resolve({ salt, hash }))));
  users.set(email, { salt, hash });
  return c.json({ email }, 201);
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
