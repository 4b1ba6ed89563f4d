// Koa: a team password vault. Clients unlock a shared vault by sending the vault passphrase's proof; /x derives
// the vault key with PBKDF2-SHA256 at 600,000 iterations (OWASP's 2023 figure) through the WebCrypto API that the
// browser client and the server share, @peculiar/webcrypto, whose PBKDF2 calls node's async crypto.pbkdf2: one
// libuv pool job per unlock. 16 unlocks at once keep the 4 pool threads busy; /health reads a 1 KB file.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const { Crypto } = require('@peculiar/webcrypto');

const webcrypto = new Crypto();
const statusFile = path.join(__dirname, 'status.json');
const encoder = new TextEncoder();
const vaults = new Map(Array.from({ length: 20 }, (_, i) => [`v${i}`, { salt: encoder.encode(`vault-salt-${i}-7f3a9c`), iterations: 600000 }]));
let n = 0;

async function deriveVaultKey(passphrase, vault) {
  const base = await webcrypto.subtle.importKey('raw', encoder.encode(passphrase), 'PBKDF2', false, ['deriveBits']);
  const bits = await webcrypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt: vault.salt, iterations: vault.iterations }, base, 256);
  return Buffer.from(bits);
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.type = 'json';
    ctx.body = await fs.promises.readFile(statusFile);
  } else if (ctx.path === '/x') {
    const id = `v${n++ % 20}`;
    const key = await deriveVaultKey(`correct horse battery staple ${id}`, vaults.get(id));
    ctx.body = { vault: id, unlocked: true, keyId: key.subarray(0, 4).toString('hex') };
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
