// restify: an inventory service's reorder report. The report definitions are JSONPath queries that the operations
// team edits in the admin screen; /x runs the "below reorder point" report with jsonpath's jp.query() over the
// in-memory warehouse snapshot (4 warehouses, 36 zones each, 24 bins a zone, 5 stock lines a bin: 17,280 lines). The
// query's recursive descent ($..lines) walks every node of the snapshot, copying the path array at each step, and
// evaluates the filter expression (through static-eval) on every candidate line. The snapshot is replaced only
// when the nightly stock sync lands. Made at start-up.
'use strict';
const restify = require('restify');
const jp = require('jsonpath');

const snapshot = { syncedAt: '2024-12-01T02:00:00Z', warehouses: [] };
for (let w = 0; w < 4; w++) {
  const zones = [];
  for (let z = 0; z < 36; z++) {
    const bins = [];
    for (let b = 0; b < 24; b++) {
      const lines = [];
      for (let l = 0; l < 5; l++) {
        const n = ((w * 36 + z) * 24 + b) * 5 + l;
        lines.push({ sku: `SKU-${n % 7000}`, lot: `L${n % 97}`, stock: (n * 37) % 120, reorderPoint: 20 + (n % 30), uom: 'EA',
          supplier: { id: `SUP-${n % 40}`, leadTimeDays: 3 + (n % 11) }, lastCount: { at: '2024-11-28', by: `op${n % 12}` } });
      }
      bins.push({ code: `W${w}-Z${z}-B${b}`, level: b % 6, lines });
    }
    zones.push({ code: `W${w}-Z${z}`, temperature: z % 5 === 0 ? 'chilled' : 'ambient', bins });
  }
  snapshot.warehouses.push({ id: `WH${w}`, city: ['Tilburg', 'Venlo', 'Duisburg', 'Antwerp', 'Lyon', 'Poznan'][w], zones });
}
const reports = { reorder: '$..lines[?(@.stock < @.reorderPoint && @.supplier.leadTimeDays > 5)]' };

const server = restify.createServer();
server.get('/health', (req, res, done) => { res.send('ok'); done(); });
server.get('/x', (req, res, done) => {
  const lines = jp.query(snapshot, reports.reorder);
  const bySupplier = {};
  for (const line of lines) bySupplier[line.supplier.id] = (bySupplier[line.supplier.id] || 0) + (line.reorderPoint - line.stock);
  res.send({ syncedAt: snapshot.syncedAt, lines: lines.length, bySupplier });
  done();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
