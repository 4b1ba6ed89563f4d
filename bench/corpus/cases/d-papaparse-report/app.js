// router on node:http: a sales dashboard reads the nightly CSV export (about 3.7 MB, 60,000 orders,
// kept in memory) and parses it with papaparse, headers and dynamic typing on, on every request.
'use strict';
const http = require('node:http');
const Router = require('router');
const Papa = require('papaparse');

const lines = ['order_id,sku,customer,region,quantity,unit_price,ordered_at'];
for (let i = 0; i < 60000; i++) {
  lines.push(`${100000 + i},SKU-${(i * 7919) % 5000},"Customer ${(i * 31) % 9000}, Ltd",${['north', 'south', 'east', 'west'][i % 4]},${(i % 9) + 1},${((i * 13) % 20000) / 100},2024-06-${String((i % 28) + 1).padStart(2, '0')}`);
}
const nightlyExport = lines.join('\n');

const router = Router();
router.get('/health', (req, res) => res.end('ok'));
router.get('/x', (req, res) => {
  const { data } = Papa.parse(nightlyExport, { header: true, dynamicTyping: true, skipEmptyLines: true });
  const byRegion = {};
  for (const row of data) byRegion[row.region] = (byRegion[row.region] || 0) + row.quantity * row.unit_price;
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify({ orders: data.length, byRegion }));
});

http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end(); })).listen(Number(process.env.PORT) || 0, '127.0.0.1');
