// Hono on @hono/node-server, bundled and minified with esbuild as the team ships it: the claims service of an
// insurer. A policyholder's evidence bundle (photos and a repair estimate, about 14 MB, made at start-up here) is
// immutable once submitted; every view of the claim's receipt (/x) recomputes the bundle's SHA-256 with
// @aws-crypto/sha256-js, the pure-JavaScript hasher the team's upload signer shares with the web client.
'use strict';
const { Hono } = require('hono');
const { serve } = require('@hono/node-server');
const { Sha256 } = require('@aws-crypto/sha256-js');

const claims = new Map();
function submit(id, parts) {
  const bundle = Buffer.concat(parts.map((p) => p.bytes));
  claims.set(id, { id, policy: 'HH-2291-0457', submittedAt: '2025-02-11T09:24:00Z', parts: parts.map((p) => ({ name: p.name, size: p.bytes.length })), bundle });
}
const photo = (seed, size) => { const b = Buffer.alloc(size); for (let i = 0; i < size; i += 4) b.writeUInt32LE((Math.imul(i + 1, 2654435761) ^ seed) >>> 0, i); return b; };
submit('CL-77120', [
  ...Array.from({ length: 6 }, (_, i) => ({ name: `kitchen-${i + 1}.jpg`, bytes: photo(i, 2300000) })),
  { name: 'estimate.pdf', bytes: photo(99, 420000) },
]);

async function digestHex(bytes) {
  const hash = new Sha256();
  hash.update(bytes);
  return Buffer.from(await hash.digest()).toString('hex');
}

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', async (c) => {
  const claim = claims.get(c.req.query('claim') || 'CL-77120');
  const sha256 = await digestHex(claim.bundle);
  return c.json({ claim: claim.id, policy: claim.policy, submittedAt: claim.submittedAt, parts: claim.parts, bytes: claim.bundle.length, sha256 });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
