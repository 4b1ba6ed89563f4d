// find-my-way on node:http: sign-up hashes the password with argon2 (node-argon2, a C addon) at
// RFC 9106's second recommended setting (argon2id, 64 MiB, 3 passes). argon2.hash is asynchronous: the
// hash runs on libuv's thread pool, so the loop is free, but 16 sign-ups at once keep all 4 pool threads busy.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const findMyWay = require('find-my-way');
const argon2 = require('argon2');

const statusFile = path.join(__dirname, 'status.json');
const accounts = new Map();
let seq = 0;

const router = findMyWay({ defaultRoute: (req, res) => { res.statusCode = 404; res.end(); } });
router.on('GET', '/health', async (req, res) => {
  res.setHeader('Content-Type', 'application/json');
  res.end(await fs.promises.readFile(statusFile));
});
router.on('GET', '/x', async (req, res) => {
  const email = `user-${seq++}@example.com`;
  const hash = await argon2.hash('correct horse battery staple', { type: argon2.argon2id, memoryCost: 65536, timeCost: 3, parallelism: 1 });
  accounts.set(email, hash);
  res.statusCode = 201;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ email }));
});

http.createServer((req, res) => router.lookup(req, res)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
