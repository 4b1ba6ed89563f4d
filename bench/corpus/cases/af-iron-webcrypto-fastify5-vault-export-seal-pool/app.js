// Fastify 5: a password-manager backend lets a user download an encrypted export of their vault items.
// The export is an iron token (iron-webcrypto, the port of @hapi/iron that h3 and iron-session use) sealed
// under the user's export passphrase, with PBKDF2 raised to 150,000 iterations because the passphrase is
// human-chosen. Iron.seal derives two keys with WebCrypto's subtle.deriveBits (PBKDF2), which Node runs as
// libuv pool jobs (~60 ms each) while the loop only awaits. 16 exports at once; /health reads a 1 KB
// status file through the pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Fastify = require('fastify');
const Iron = require('iron-webcrypto');

const statusFile = path.join(__dirname, 'status.json');
const sealOptions = {
  ...Iron.defaults,
  encryption: { ...Iron.defaults.encryption, iterations: 150000, minPasswordlength: 12 },
  integrity: { ...Iron.defaults.integrity, iterations: 150000, minPasswordlength: 12 },
};
const vaults = new Map([['u_5120', Array.from({ length: 40 }, (_, i) => ({ id: `item_${i}`, site: `service-${i}.example`, login: `lea+${i}@example.com`, note: 'rotated 2024-05' }))]]);

const app = Fastify({ logger: false });
app.get('/health', async (request, reply) => reply.type('application/json').send(await fs.promises.readFile(statusFile)));
app.get('/x', async (request, reply) => {
  const items = vaults.get(request.query.user || 'u_5120');
  const sealed = await Iron.seal(globalThis.crypto, { exportedAt: Date.now(), items }, request.query.passphrase || 'kestrel-lantern-42', sealOptions);
  reply.header('content-disposition', 'attachment; filename="vault-export.iron"');
  return { format: 'Fe26.2', bytes: sealed.length, export: sealed };
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
