// hapi 21: the sign-in of a members' portal whose password hashes were made with credential (PBKDF2-SHA1, keyLength
// 66, its iteration count derived from the date and the work factor). credential.verify runs node:crypto's callback
// pbkdf2 on libuv's pool (~100-200 ms of hashing per sign-in); the loop only waits. 16 sign-ins at once keep all 4
// pool threads busy, and /health, which reads a 1 KB status file through the pool, waits behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Hapi = require('@hapi/hapi');
const credential = require('credential');

const pw = credential({ work: 0.012 });
const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'members-signin', pad: 'x'.repeat(960) }));

async function main() {
  const users = new Map();
  for (const [i, email] of ['ana@example.com', 'bo@example.com', 'chen@example.com'].entries()) users.set(email, await pw.hash(`correct horse ${i}`));
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: async (req, h) => h.response(await fs.promises.readFile(statusFile)).type('application/json') });
  // the load generator sends GETs: the credentials stand in for the sign-in form's POST body
  server.route({ method: 'GET', path: '/x', handler: async (req, h) => {
    const email = users.has(req.query.email) ? req.query.email : 'bo@example.com';
    const ok = await pw.verify(users.get(email), req.query.password || 'correct horse 1');
    return h.response(ok ? { user: email, session: 'sess_' + Date.now().toString(36) } : { error: 'invalid credentials' }).code(ok ? 200 : 401);
  } });
  await server.start();
}
main();
