// node:http: an identity service's sign-in. Passwords are stored as PHC strings from @phc/pbkdf2
// ($pbkdf2-sha512$i=210000$..., OWASP's 2023 count for PBKDF2-HMAC-SHA512); /x verifies the password with
// pbkdf2.verify, which runs node:crypto's async pbkdf2 (one libuv pool job of ~0.2 s per attempt) while
// the loop only awaits. A sign-in burst of 16 at once; /health reads a 1 KB status file through the pool.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const pbkdf2 = require('@phc/pbkdf2');

const statusFile = path.join(__dirname, 'status.json');
const users = new Map();
const ready = pbkdf2.hash('correct horse battery staple', { iterations: 210000, digest: 'sha512' })
  .then((phc) => users.set('ines@example.com', { id: 'u_1042', phc }));

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') {
    const body = await fs.promises.readFile(statusFile);
    res.writeHead(200, { 'content-type': 'application/json' }).end(body);
  } else if (url.pathname === '/x') {
    await ready;
    const user = users.get(url.searchParams.get('email') || 'ines@example.com');
    const ok = await pbkdf2.verify(user.phc, url.searchParams.get('password') || 'correct horse battery staple');
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok, user: ok ? user.id : null }));
  } else {
    res.writeHead(404).end();
  }
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
