// micro: an export endpoint zips the orders CSV (about 3.5 MB, built at start-up) with yazl at
// compression level 9 for each download. yazl hands the buffer to the async zlib.deflateRaw, so the
// deflate runs on libuv's thread pool; 16 downloads at once keep its 4 threads busy.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { serve, send } = require('micro');
const yazl = require('yazl');

const statusFile = path.join(__dirname, 'status.json');
let seed = 1;
const rnd = (n) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
const rows = ['order_id,ref,customer,region,amount,ordered_at'];
for (let i = 0; i < 60000; i++) rows.push(`${100000 + i},${rnd(1e9).toString(36)},"Customer ${rnd(9000)}, Ltd",${['north', 'south', 'east', 'west'][rnd(4)]},${rnd(100000) / 100},2024-06-${String(1 + rnd(28)).padStart(2, '0')}`);
const ordersCsv = Buffer.from(rows.join('\n'));

const handler = async (req, res) => {
  if (req.url === '/health') return send(res, 200, await fs.promises.readFile(statusFile));
  const zip = new yazl.ZipFile();
  zip.addBuffer(ordersCsv, 'orders.csv', { compressionLevel: 9, mtime: new Date('2024-06-30T00:00:00Z') });
  zip.end();
  res.setHeader('Content-Type', 'application/zip');
  res.setHeader('Content-Disposition', 'attachment; filename="orders.zip"');
  return send(res, 200, zip.outputStream);
};

http.createServer(serve(handler)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
