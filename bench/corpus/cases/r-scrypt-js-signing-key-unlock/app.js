// Express 4, bundled with esbuild: the webhooks service of a payments platform. Each merchant's webhook
// signing key is stored encrypted, in the Web3 Secret Storage (keystore v3) layout the team took over from
// its wallet code: scrypt (N = 8192, r = 8, p = 1) turns the service's passphrase and the key's salt into
// an AES-128-CTR key and a MAC key. /x signs a delivery: it unlocks the merchant's key with scrypt-js's
// syncScrypt (the pure-JavaScript scrypt that ethers v5 ships with) on every delivery, then HMACs the body.
// The keystore entries are made at start-up.
'use strict';
const crypto = require('node:crypto');
const express = require('express');
const scrypt = require('scrypt-js');

const passphrase = Buffer.from('webhooks-vault-passphrase-2025', 'utf8');
const kdfparams = { n: 8192, r: 8, p: 1, dklen: 32 };
const merchants = Array.from({ length: 12 }, (_, i) => {
  const salt = crypto.createHash('sha256').update(`salt-${i}`).digest();
  const iv = crypto.createHash('md5').update(`iv-${i}`).digest();
  const secret = crypto.createHash('sha256').update(`whsec-${i}`).digest();
  const dk = Buffer.from(scrypt.syncScrypt(passphrase, salt, kdfparams.n, kdfparams.r, kdfparams.p, kdfparams.dklen));
  const c = crypto.createCipheriv('aes-128-ctr', dk.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([c.update(secret), c.final()]);
  const mac = crypto.createHmac('sha256', dk.subarray(16, 32)).update(ciphertext).digest('hex');
  return { id: `m_${1000 + i}`, crypto: { cipher: 'aes-128-ctr', ciphertext: ciphertext.toString('hex'), cipherparams: { iv: iv.toString('hex') }, kdf: 'scrypt', kdfparams: { ...kdfparams, salt: salt.toString('hex') }, mac } };
});
let delivery = 0;

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const m = merchants[delivery++ % merchants.length];
  const { kdfparams: kp, ciphertext, cipherparams, mac } = m.crypto;
  const dk = Buffer.from(scrypt.syncScrypt(passphrase, Buffer.from(kp.salt, 'hex'), kp.n, kp.r, kp.p, kp.dklen));
  const ct = Buffer.from(ciphertext, 'hex');
  if (crypto.createHmac('sha256', dk.subarray(16, 32)).update(ct).digest('hex') !== mac) return res.status(500).send('bad key');
  const d = crypto.createDecipheriv('aes-128-ctr', dk.subarray(0, 16), Buffer.from(cipherparams.iv, 'hex'));
  const signingKey = Buffer.concat([d.update(ct), d.final()]);
  const body = JSON.stringify({ id: `evt_${delivery}`, type: 'payment.succeeded', merchant: m.id, amount: 4990, currency: 'eur' });
  const t = Math.floor(Date.now() / 1000);
  res.json({ merchant: m.id, signature: `t=${t},v1=${crypto.createHmac('sha256', signingKey).update(`${t}.${body}`).digest('hex')}`, body });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
