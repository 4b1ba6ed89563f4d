// hapi: the purchasing service's price check. Suppliers upload their price lists as CSV (the largest is
// about 6.5 MB, 40,000 lines) and the service keeps the uploaded text; /x parses the whole list with
// d3-dsv's csvParse on every request to price the five SKUs of one purchase request.
'use strict';
const Hapi = require('@hapi/hapi');
const { csvParse } = require('d3-dsv');

let csv = 'sku,description,category,unit_price,currency,moq,stock,warehouse,lead_days,updated\n';
for (let i = 0; i < 40000; i++) {
  csv += `SKU-${100000 + i},"Hex bolt M${4 + (i % 12)}x${10 + (i % 60)}, DIN 933 / ISO 4017, steel grade 8.8, zinc plated, fully threaded, box of ${10 * (1 + (i % 5))} pieces",fasteners-${i % 60},` +
    `${((i % 997) / 10 + 0.5).toFixed(2)},EUR,${1 + (i % 50)},${i % 3000},WH-${i % 12},${2 + (i % 30)},2024-03-${10 + (i % 18)}\n`;
}
const uploads = { 'acme-fasteners.csv': csv };

const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
server.route({ method: 'GET', path: '/x', handler: (request) => {
  const rows = csvParse(uploads['acme-fasteners.csv']);
  const wanted = new Set(['SKU-100042', 'SKU-117311', 'SKU-108000', 'SKU-119999', 'SKU-124321']);
  const lines = rows.filter((r) => wanted.has(r.sku)).map((r) => ({ sku: r.sku, price: Number(r.unit_price), moq: Number(r.moq), stock: Number(r.stock) }));
  return { supplier: 'acme-fasteners', columns: rows.columns.length, lines };
} });
server.start();
