// hapi: the sign-in of a small crypto-wallet back office, written when the front end and the server shared one
// scrypt library. Passwords are stored as scrypt-async hashes (N = 16384, r = 8, p = 2, 32 bytes, hex), and the
// sign-in handler verifies them with scrypt-async's callback API. The callback makes it look asynchronous, but
// without an interruptStep scrypt-async runs the whole derivation in pure JavaScript before calling back.
'use strict';
const crypto = require('node:crypto');
const Hapi = require('@hapi/hapi');
const scrypt = require('scrypt-async');

const users = new Map();
function deriveKey(password, salt) {
  return new Promise((resolve) => {
    scrypt(password, salt, { N: 16384, r: 8, p: 2, dkLen: 32, encoding: 'hex' }, resolve);
  });
}

async function main() {
  for (const [login, password] of [['ops.lena', 'correct horse battery'], ['ops.tomas', 'violet-anchor-42']]) {
    const salt = crypto.randomBytes(16).toString('hex');
    users.set(login, { salt, key: await deriveKey(password, salt), role: 'treasury' });
  }
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  // the load generator sends GETs: the credentials stand in for the sign-in form's POST body
  server.route({ method: 'GET', path: '/x', handler: async (request, h) => {
    const login = request.query.login || 'ops.lena';
    const user = users.get(login);
    const key = await deriveKey(request.query.password || 'correct horse battery', user.salt);
    if (!crypto.timingSafeEqual(Buffer.from(key, 'hex'), Buffer.from(user.key, 'hex'))) return h.response({ error: 'invalid credentials' }).code(401);
    return { login, role: user.role, session: crypto.randomBytes(18).toString('base64url') };
  } });
  await server.start();
}
main();
