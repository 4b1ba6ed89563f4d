// Fastify: the login service of an app whose users were migrated from Keycloak. Their stored hashes
// are Keycloak's pbkdf2-sha256 with 27,500 iterations; the service checks them with @noble/hashes'
// synchronous pbkdf2 (picked because the same module runs in the browser build). /x is one login.
'use strict';
const crypto = require('node:crypto');
const fastify = require('fastify')({ logger: false });
const { pbkdf2 } = require('@noble/hashes/pbkdf2');
const { sha256 } = require('@noble/hashes/sha256');

const ITERATIONS = 27500;
const users = new Map();
for (let i = 0; i < 3; i++) {
  const salt = Buffer.from(`kc-salt-${i}-0123456789`);
  users.set(`user${i}@example.com`, { salt, hash: Buffer.from(pbkdf2(sha256, `password-${i}`, salt, { c: ITERATIONS, dkLen: 64 })) });
}

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const email = request.query.email || 'user1@example.com';
  const user = users.get(email);
  if (!user) return reply.code(401).send({ ok: false });
  const candidate = pbkdf2(sha256, request.query.password || 'password-1', user.salt, { c: ITERATIONS, dkLen: 64 });
  const ok = crypto.timingSafeEqual(Buffer.from(candidate), user.hash);
  return { ok, email };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
