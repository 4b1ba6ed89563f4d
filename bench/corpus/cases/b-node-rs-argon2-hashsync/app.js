// Restify: sign-up hashes the password with @node-rs/argon2 (a Rust addon), using its sync form
// with a memory cost of 64 MiB and 3 passes.
'use strict';
const restify = require('restify');
const { hashSync } = require('@node-rs/argon2');

const ARGON_OPTIONS = { memoryCost: 65536, timeCost: 3, parallelism: 1 };
const users = new Map();
let seq = 0;

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });

server.get('/x', (req, res, next) => {
  const email = `new-user-${seq++}@example.com`;
  const passwordHash = hashSync('correct horse battery staple', ARGON_OPTIONS);
  users.set(email, { email, passwordHash });
  res.send(201, { email });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
