// hapi 21: the billing back office of a parcel network. The month-end export (/x) hands the accountants one ZIP per
// region (8 regions) with the region's invoice CSVs, built at once with zip-stream (archiver's ZIP writer) at
// deflate level 9: zip-stream feeds each entry through zlib's asynchronous deflate, which runs on libuv's thread pool.
// /health reads a 1 KB status file through the same pool. The CSVs are made at start-up.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const Hapi = require('@hapi/hapi');
const ZipStream = require('zip-stream');

const statusFile = path.join(__dirname, 'status.json');
fs.writeFileSync(statusFile, JSON.stringify({ ok: true, service: 'billing-exports', region: 'eu-central', pad: 'x'.repeat(950) }));

const REGIONS = ['north', 'south', 'east', 'west', 'rhine', 'alps', 'coast', 'capital'];
const csv = (region, part) => {
  const rows = ['invoice,date,customer,net,vat,status,depot'];
  for (let i = 0; i < 1500; i++) rows.push(`INV-${region.slice(0, 3).toUpperCase()}-${part}${String(i).padStart(5, '0')},2025-05-${String(1 + (i % 28)).padStart(2, '0')},C-${(i * 7919 + part) % 40000},${((i * 17.31) % 2400).toFixed(2)},${((i * 3.29) % 456).toFixed(2)},${['paid', 'open', 'overdue', 'disputed'][i % 4]},depot-${region}-${i % 9}`);
  return Buffer.from(rows.join('\n'));
};
const exports_ = new Map([['2025-05', REGIONS.map((region) => ({ region, files: Array.from({ length: 6 }, (_, p) => ({ name: `${region}/invoices-${p + 1}.csv`, data: csv(region, p) })) }))]]);

function zipRegion(files) {
  return new Promise((resolve, reject) => {
    const zip = new ZipStream({ level: 9 });
    const out = [];
    zip.on('data', (d) => out.push(d)).on('end', () => resolve(Buffer.concat(out))).on('error', reject);
    let i = 0;
    const next = (err) => {
      if (err) return reject(err);
      if (i === files.length) return zip.finalize();
      const file = files[i++];
      zip.entry(file.data, { name: file.name, date: new Date('2025-06-01T00:00:00Z') }, next);
    };
    next();
  });
}

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: async (req, h) => h.response(await fs.promises.readFile(statusFile)).type('application/json') });
  server.route({
    method: 'GET', path: '/x',
    handler: async (req) => {
      const month = req.query.month || '2025-05';
      const zips = await Promise.all(exports_.get(month).map((r) => zipRegion(r.files)));
      return { month, archives: exports_.get(month).map((r, k) => ({ region: r.region, files: r.files.length, bytes: zips[k].length })) };
    },
  });
  await server.start();
}
start();
