// Express 4, bundled with @vercel/ncc (which copies the status file the bundle reads next to it): a file
// sharing service's password-protected links. A link's grant (file id, key, expiry) is a compact JWE that
// node-jose made with PBES2-HS512+A256KW: the password the owner chose, stretched with PBKDF2 (SHA-512,
// 60,000 iterations), wraps the content key. /x opens a link: node-jose's decrypt derives the wrapping key
// with node:crypto's pbkdf2 and a callback, one job on libuv's thread pool per visit, so the loop stays
// free, but 16 visits at once keep the pool's four threads busy, and the health check's read of its 1 KB
// status file waits in the same queue. The link is made at start-up.
'use strict';
const fs = require('fs');
const path = require('path');
const express = require('express');
const jose = require('node-jose');

const password = 'correct horse battery staple';
const link = { id: 'L-7QK2', token: null, key: null };

const app = express();
app.get('/health', (req, res, next) => {
  fs.readFile(path.join(__dirname, 'status.json'), (err, buf) => (err ? next(err) : res.type('json').send(buf)));
});
app.get('/x', async (req, res, next) => {
  try {
    const opened = await jose.JWE.createDecrypt(link.key).decrypt(link.token);
    const grant = JSON.parse(opened.payload.toString('utf8'));
    res.json({ link: link.id, file: grant.file, name: grant.name, expires: grant.exp, download: `/files/${grant.file}?sig=${grant.sig}` });
  } catch (err) {
    next(err);
  }
});

(async () => {
  link.key = await jose.JWK.asKey({ kty: 'oct', k: jose.util.base64url.encode(Buffer.from(password, 'utf8')) });
  const grant = { file: 'f_93a1c0', name: 'Q1 board deck.pdf', exp: '2025-12-31T23:59:59Z', sig: 'b7c41e9f0a' };
  link.token = await jose.JWE.createEncrypt({ format: 'compact', fields: { alg: 'PBES2-HS512+A256KW', enc: 'A256GCM', p2c: 60000 } }, link.key)
    .update(Buffer.from(JSON.stringify(grant), 'utf8')).final();
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
})();
