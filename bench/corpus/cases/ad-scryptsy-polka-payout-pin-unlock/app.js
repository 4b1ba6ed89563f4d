// Polka: a creator-payouts service. Each creator's payout key is stored encrypted under a key derived
// from their payout PIN with scrypt (N=4096, r=8, p=1: the "light" keystore parameters the wallet
// library wrote). /x is "confirm payout": it derives the key from the PIN with scryptsy, a pure
// JavaScript scrypt, on the event loop, then opens the AES-GCM envelope (made here at start-up).
'use strict';
const crypto = require('node:crypto');
const polka = require('polka');
const scryptsy = require('scryptsy');

const KDF = { N: 4096, r: 8, p: 1, dkLen: 32 };
function deriveKey(pin, salt) {
  return scryptsy(pin, salt, KDF.N, KDF.r, KDF.p, KDF.dkLen);
}
const salt = Buffer.from('5c0e7d2a9b41f3e8a7c6d5e4f3a2b1c0', 'hex');
const iv = Buffer.from('0a1b2c3d4e5f60718293a4b5', 'hex');
const cipher = crypto.createCipheriv('aes-256-gcm', deriveKey('482913', salt), iv);
const envelope = { salt, iv, data: Buffer.concat([cipher.update('acct_1PayoutKey_live_8f3e'), cipher.final()]), tag: cipher.getAuthTag() };

function openEnvelope(pin) {
  const key = deriveKey(pin, envelope.salt);
  const d = crypto.createDecipheriv('aes-256-gcm', key, envelope.iv);
  d.setAuthTag(envelope.tag);
  try { return Buffer.concat([d.update(envelope.data), d.final()]).toString(); } catch { return null; }
}

polka()
  .get('/health', (req, res) => { res.setHeader('content-type', 'application/json'); res.end('{"ok":true}'); })
  .get('/x', (req, res) => {
    const payoutKey = openEnvelope('482913');
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ confirmed: payoutKey !== null, account: payoutKey ? payoutKey.slice(0, 9) : null }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
