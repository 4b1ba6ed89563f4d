// Koa 3: a compliance service exports a tenant's audit log for download as an .xz file (the format the
// customers' SIEM importers take). /x builds the tenant's last 11,000 audit events as NDJSON (~1.6 MB) and
// compresses it with lzma-native at preset 3; lzma-native codes on a napi AsyncWorker, one of libuv's 4 pool
// threads, for ~250 ms per export. 16 exports at once; /health reads a 1 KB status file through the pool.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Koa = require('koa');
const lzma = require('lzma-native');

const statusFile = path.join(__dirname, 'status.json');
const actions = ['user.login', 'user.logout', 'role.grant', 'invoice.view', 'export.start', 'api-key.rotate'];
const events = Array.from({ length: 11000 }, (_, i) => JSON.stringify({ id: `evt_${900000 + i}`, at: new Date(1732950000000 + i * 7000).toISOString(),
  actor: `user${i % 140}@tenant.example`, action: actions[i % actions.length], ip: `10.${i % 7}.${i % 200}.${(i * 13) % 250}`, target: `res_${(i * 37) % 5000}` }));
let n = 0;

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.type = 'json';
    ctx.body = await fs.promises.readFile(statusFile);
  } else if (ctx.path === '/x') {
    const ndjson = `${events.join('\n')}\n{"export":${n++}}\n`;
    const xz = await lzma.compress(Buffer.from(ndjson), { preset: 3 });
    ctx.type = 'application/x-xz';
    ctx.attachment('audit-log.ndjson.xz');
    ctx.body = xz;
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
