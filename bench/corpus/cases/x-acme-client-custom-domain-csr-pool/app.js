// Koa: a hosting control plane onboards customers' custom domains; /x registers a domain and asks acme-client
// for its fresh RSA-2048 certificate key (the ACME worker makes the CSR and the order later). acme-client
// generates the key with node's async crypto.generateKeyPair, one libuv pool job per domain: 16 sign-ups at
// once fill the 4 pool threads.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const acme = require('acme-client');

const statusFile = path.join(__dirname, 'status.json');
const pending = new Map();
let n = 0;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.type = 'json';
    ctx.body = await fs.promises.readFile(statusFile);
  } else if (ctx.path === '/x') {
    const domain = `shop-${n++}.customer-domains.example`;
    const key = await acme.crypto.createPrivateKey(2048);
    pending.set(domain, { key, requestedAt: Date.now() });
    if (pending.size > 500) pending.delete(pending.keys().next().value);
    ctx.body = { domain, status: 'pending-validation', keyBytes: key.length };
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
