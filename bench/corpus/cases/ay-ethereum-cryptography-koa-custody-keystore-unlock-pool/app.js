// Koa 2: a custody service's signing gateway. Each hot wallet's key is kept as a Web3 Secret Storage (V3) keystore
// with a PBKDF2 KDF (262,144 iterations of HMAC-SHA256, the keystore's own kdfparams). Before a withdrawal is signed,
// /x unlocks the withdrawal's wallet and then the fee-payer wallet (hot-0): ethereum-cryptography 0.1.3's pbkdf2 (the
// version ethereumjs-util 7 pulls in) derives each key through the pbkdf2 package, which in Node is node:crypto's
// async pbkdf2: one libuv pool job of ~50-100 ms per unlock while the loop only awaits; then the MAC is checked with
// keccak256 and the key decrypted (aes-128-ctr), both on 32-byte inputs. A withdrawal batch sends 16 at once; /health
// reads a 1 KB status file through the pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const Koa = require('koa');
const { pbkdf2 } = require('ethereum-cryptography/pbkdf2');
const { keccak256 } = require('ethereum-cryptography/keccak');
const { encrypt, decrypt } = require('ethereum-cryptography/aes');

const statusFile = path.join(__dirname, 'status.json');
const passphrase = Buffer.from('treasury-hot-wallet: correct horse battery staple');
const keystores = new Map();
const ready = (async () => {
  for (let w = 0; w < 4; w++) {
    const salt = crypto.randomBytes(32), iv = crypto.randomBytes(16), priv = crypto.randomBytes(32);
    const dk = await pbkdf2(passphrase, salt, 262144, 32, 'sha256');
    const ciphertext = encrypt(priv, dk.subarray(0, 16), iv, 'aes-128-ctr', false);
    keystores.set(`hot-${w}`, { version: 3, address: `0x${crypto.randomBytes(20).toString('hex')}`, crypto: { cipher: 'aes-128-ctr', ciphertext, cipherparams: { iv },
      kdf: 'pbkdf2', kdfparams: { c: 262144, dklen: 32, prf: 'hmac-sha256', salt }, mac: keccak256(Buffer.concat([dk.subarray(16, 32), ciphertext])) } });
  }
})();

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.type = 'json';
    ctx.body = await fs.promises.readFile(statusFile);
  } else if (ctx.path === '/x') {
    await ready;
    const wallet = ctx.query.wallet || `hot-${1 + Math.floor(Math.random() * 3)}`;
    const unlocked = [];
    for (const ks of [keystores.get(wallet), keystores.get('hot-0')]) {
      const { kdfparams, ciphertext, cipherparams, mac } = ks.crypto;
      const dk = await pbkdf2(passphrase, kdfparams.salt, kdfparams.c, kdfparams.dklen, 'sha256');
      if (!keccak256(Buffer.concat([dk.subarray(16, 32), ciphertext])).equals(mac)) ctx.throw(401, 'wrong passphrase');
      unlocked.push({ address: ks.address, keyBytes: decrypt(ciphertext, dk.subarray(0, 16), cipherparams.iv, 'aes-128-ctr', false).length });
    }
    ctx.body = { wallet: unlocked[0].address, feePayer: unlocked[1].address, unlocked: unlocked.every((u) => u.keyBytes === 32), validForSeconds: 30 };
  } else {
    ctx.status = 404;
  }
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
