// hapi: a document-sharing service protects "share with passphrase" links with @hapi/iron tokens sealed
// under the passphrase the sharer chose. Because a human passphrase is weak key material, the team raised
// iron's PBKDF2 iterations from the default 1 to 100,000 (and lowered the minimum length to 12). /x opens
// a shared link: Iron.unseal derives the integrity and the encryption keys with node:crypto's async
// pbkdf2 (two libuv pool jobs of ~50 ms) while the loop only awaits. 16 recipients open links at once;
// /health reads a 1 KB status file through the pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Hapi = require('@hapi/hapi');
const Iron = require('@hapi/iron');

const statusFile = path.join(__dirname, 'status.json');
const ironOptions = {
  encryption: { ...Iron.defaults.encryption, iterations: 100000, minPasswordlength: 12 },
  integrity: { ...Iron.defaults.integrity, iterations: 100000, minPasswordlength: 12 },
  ttl: 0, timestampSkewSec: 60, localtimeOffsetMsec: 0,
};
const passphrase = 'blue-otter-harbour';
const links = Iron.seal({ doc: 'doc_88213', title: 'Q3 board pack.pdf', grantedTo: 'anyone with the passphrase', perms: ['view'] }, passphrase, ironOptions);

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: async (request, h) => h.response(await fs.promises.readFile(statusFile)).type('application/json') });
  server.route({ method: 'GET', path: '/x', handler: async (request, h) => {
    const token = await links;
    const grant = await Iron.unseal(token, request.query.passphrase || passphrase, ironOptions);
    return { doc: grant.doc, title: grant.title, perms: grant.perms };
  } });
  await server.start();
}
main();
