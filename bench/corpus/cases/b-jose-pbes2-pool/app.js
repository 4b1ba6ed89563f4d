// Hono: password-protected share links. Each link's payload is encrypted with jose as a JWE whose key
// is wrapped with PBES2 (PBKDF2-SHA256, 600,000 iterations, as OWASP advises for PBKDF2).
// jose derives the key with node:crypto's async pbkdf2: the loop stays free, the libuv pool does not.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const jose = require('jose');

const statusFile = path.join(__dirname, 'status.json');
const linkPassword = new TextEncoder().encode('correct horse battery staple');
const encoder = new TextEncoder();

const app = new Hono();
app.get('/health', async (c) => c.body(await fs.promises.readFile(statusFile), 200, { 'Content-Type': 'application/json' }));

app.get('/x', async (c) => {
  const payload = encoder.encode(JSON.stringify({ doc: 'report-2024.pdf', by: 'u-17' }));
  const token = await new jose.CompactEncrypt(payload).setProtectedHeader({ alg: 'PBES2-HS256+A128KW', enc: 'A128GCM' }).setKeyManagementParameters({ p2c: 600000 }).encrypt(linkPassword);
  return c.json({ link: `/s/${token.slice(-32)}` });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
