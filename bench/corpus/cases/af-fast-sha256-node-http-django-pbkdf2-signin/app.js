// node:http: a sign-in service took over the users of a Django app. Their passwords are Django
// "pbkdf2_sha256$100000$salt$hash" strings (Django 2.0's count), verified with fast-sha256's PBKDF2, a
// pure-JavaScript SHA-256 (the same package the service's webhook signing already pulled in).
// /x is the sign-in: one PBKDF2-HMAC-SHA256 of 100,000 iterations on the event loop per attempt.
'use strict';
const crypto = require('node:crypto');
const http = require('node:http');
const sha256 = require('fast-sha256');

function verifyDjangoPassword(password, encoded) {
  const [algorithm, iterations, salt, hash] = encoded.split('$');
  if (algorithm !== 'pbkdf2_sha256') return false;
  const derived = sha256.pbkdf2(Buffer.from(password), Buffer.from(salt), Number(iterations), 32);
  return crypto.timingSafeEqual(Buffer.from(derived), Buffer.from(hash, 'base64'));
}
const seedSalt = 'Wq3vX8kLm2Rt';
const users = new Map([['marta@example.org', { id: 4107, password: `pbkdf2_sha256$100000$${seedSalt}$${Buffer.from(sha256.pbkdf2(Buffer.from('hunter2-but-longer'), Buffer.from(seedSalt), 100000, 32)).toString('base64')}` }]]);

http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') {
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
  } else if (url.pathname === '/x') {
    const user = users.get(url.searchParams.get('email') || 'marta@example.org');
    const ok = verifyDjangoPassword(url.searchParams.get('password') || 'hunter2-but-longer', user.password);
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok, user: ok ? user.id : null }));
  } else {
    res.writeHead(404).end();
  }
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
