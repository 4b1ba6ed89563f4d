// Fastify 4: the sign-in of a partner portal that grew out of the old Express auth example and still hashes
// passwords with TJ's pwd 1.1.0 (PBKDF2-SHA1, a 128-byte key: seven HMAC-SHA1 blocks per iteration; the team raised
// the iterations to 80,000 after an audit). pwd.hash(password, salt) runs node:crypto's callback pbkdf2, one job of
// ~100 ms on one of libuv's four pool threads per sign-in; the loop only waits. 16 sign-ins at once queue 16 jobs,
// and /health, which reads a 1 KB status file through the same pool, waits behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const fastify = require('fastify')({ logger: false });
const pwd = require('pwd');

pwd.iterations(80000);
const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'partner-signin', pad: 'x'.repeat(960) }));
const accounts = new Map();

fastify.get('/health', async (req, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
// the load generator sends GETs: the credentials stand in for the sign-in form's POST body
fastify.get('/x', async (req, reply) => {
  const account = accounts.get(req.query.login) || accounts.get('acme-ops');
  const { hash } = await pwd.hash(req.query.password || 'hunter2-acme', account.salt);
  if (hash !== account.hash) return reply.code(401).send({ error: 'invalid credentials' });
  return { partner: account.partner, session: 'ps_' + Date.now().toString(36) };
});

(async () => {
  for (const [login, partner, password] of [['acme-ops', 'ACME Logistics', 'hunter2-acme'], ['globex-ap', 'Globex', 'gl0bex!']]) {
    const { salt, hash } = await pwd.hash(password);
    accounts.set(login, { partner, salt, hash });
  }
  await fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
})();
