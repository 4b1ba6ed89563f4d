// node:http: the login endpoint of a small auth service checks each password against the stored hash
// with pbkdf2-password-hash (its defaults: PBKDF2-SHA512, 120,000 iterations, 64-byte key; the 50 user
// records are hashed at start-up). compare() parses the stored hash and, in a .then after a resolved
// promise, runs crypto.pbkdf2 on libuv's pool: the loop stays free, but 16 logins at once keep the pool's
// 4 threads busy.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const passwordHash = require('pbkdf2-password-hash');

const statusFile = path.join(__dirname, 'status.json');
const users = new Map();
const ready = Promise.all(Array.from({ length: 50 }, (_, i) => {
  const email = `user${i}@example.test`;
  const password = `s3cret-${(i * 7919).toString(36)}-passphrase`;
  return passwordHash.hash(password).then((hash) => { users.set(email, { email, password, hash, lastLogin: null }); });
}));
let seq = 0;

const server = http.createServer((req, res) => {
  if (req.url === '/health') {
    fs.promises.readFile(statusFile).then((body) => { res.writeHead(200, { 'Content-Type': 'application/json' }); res.end(body); });
    return;
  }
  const user = users.get(`user${seq++ % 50}@example.test`);
  passwordHash.compare(user.password, user.hash).then((ok) => {
    if (ok) user.lastLogin = new Date().toISOString();
    res.writeHead(ok ? 200 : 401, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ email: user.email, ok, lastLogin: user.lastLogin }));
  });
});
ready.then(() => server.listen(Number(process.env.PORT) || 0, '127.0.0.1'));
