// Koa: the artifact registry gives every new repository its own OpenPGP release-signing key (RSA 2048,
// sign-only, as package managers verify), made with openpgp 5.11's generateKey. On Node, openpgp makes
// the RSA key with WebCrypto's crypto.subtle.generateKey, which Node runs on libuv's thread pool: 16 new
// repositories at once fill its four threads, and the health check's file read waits behind them while
// the event loop itself is mostly idle.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const openpgp = require('openpgp');

const statusFile = path.join(__dirname, 'status.json');
let created = 0;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.type = 'application/json'; ctx.body = await fs.promises.readFile(statusFile); return; }
  const repo = `acme/repo-${created++}`;
  const { publicKey } = await openpgp.generateKey({ type: 'rsa', rsaBits: 2048, subkeys: [], userIDs: [{ name: `${repo} releases`, email: 'releases@registry.example' }], format: 'armored' });
  ctx.body = { repo, signingKey: publicKey };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
