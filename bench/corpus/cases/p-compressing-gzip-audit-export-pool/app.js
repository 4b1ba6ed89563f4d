// node:http: the admin API lets auditors download the day's audit trail as a .ndjson.gz file. The export
// is gzipped at level 9 with compressing (the archive helper of the egg.js stack) on its way to the
// response: compressing.gzip.compressFile pipes the 5 MB export through a zlib Gzip stream into a
// PassThrough (its destination must be a writable stream) piped to the response, and zlib deflates each
// chunk on libuv's thread pool. The loop stays free, but 16 downloads at once keep all four pool threads
// busy, and the health check's file read waits in the same queue. The trail is made at start-up.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { PassThrough } = require('node:stream');
const compressing = require('compressing');

const statusFile = path.join(__dirname, 'status.json');
const actions = ['login', 'export', 'update-role', 'delete-record', 'view-invoice', 'api-key-rotate'];
const trail = Buffer.from(Array.from({ length: 30000 }, (_, i) => JSON.stringify({
  at: new Date(Date.UTC(2025, 2, 3, 0, 0, i % 86400)).toISOString(), actor: `user-${(i * 7919) % 4000}@corp.example`,
  action: actions[i % 6], target: `record/${(i * 104729) % 1000000}`, ip: `10.${i % 256}.${(i >> 8) % 256}.${(i * 13) % 256}`,
  requestId: ((i * 2654435761) >>> 0).toString(16).padStart(8, '0') + i.toString(36), ok: i % 23 !== 0,
})).join('\n'));

http.createServer((req, res) => {
  if (req.url === '/health') {
    fs.promises.readFile(statusFile).then((body) => { res.setHeader('Content-Type', 'application/json'); res.end(body); });
    return;
  }
  res.writeHead(200, { 'Content-Type': 'application/x-ndjson', 'Content-Encoding': 'gzip', 'Content-Disposition': 'attachment; filename="audit-2025-03-03.ndjson.gz"' });
  const download = new PassThrough();
  download.pipe(res);
  compressing.gzip.compressFile(trail, download, { zlib: { level: 9 } }).catch((err) => res.destroy(err));
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
