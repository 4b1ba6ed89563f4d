// Fastify 5 (CommonJS): a SaaS platform's backup service. /x takes a tenant's snapshot for the off-site
// archive: the tenant's export (2.5 MB of NDJSON, prepared by the export job; made at start-up here) is
// compressed with zstd at level 12 through @mongodb-js/zstd, the binding the MongoDB driver already brought
// into the tree, and handed to the uploader (a stub here). The binding's compress is asynchronous: it runs as
// N-API async work on libuv's thread pool, so the loop stays free, but 16 snapshot requests at once keep the
// pool's four threads busy, and the health check's file read waits behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Fastify = require('fastify');
const { compress } = require('@mongodb-js/zstd');

const statusFile = path.join(__dirname, 'status.json');
const exportNdjson = Buffer.from(Array.from({ length: 14000 }, (_, i) => JSON.stringify({
  _id: `6650${String(i).padStart(8, '0')}`, type: ['invoice', 'customer', 'order', 'ticket'][i % 4], tenant: 't-7731',
  updatedAt: new Date(Date.UTC(2025, 2, 1 + (i % 28), i % 24, (i * 7) % 60)).toISOString(), amount: ((i * 7919) % 100000) / 100,
  status: ['open', 'paid', 'void', 'overdue'][(i * 3) % 4], tags: [`region-${i % 9}`, `segment-${(i * 13) % 17}`], ref: ((i * 2654435761) >>> 0).toString(36),
})).join('\n'));
const uploaded = [];

const app = Fastify();
app.get('/health', async (req, reply) => { reply.type('application/json'); return fs.promises.readFile(statusFile); });
app.get('/x', async () => {
  const archive = await compress(exportNdjson, 12);
  uploaded.push(archive.length);
  if (uploaded.length > 100) uploaded.shift();
  return { tenant: 't-7731', bytes: exportNdjson.length, compressed: archive.length };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
