// Fastify: the back office exports the month's order lines as CSV for the finance team's spreadsheet. /x
// serializes the 14,000 lines of the month (kept in memory here; made at start-up) with csv-stringify's sync
// API: a header row, named columns, booleans cast to yes/no and quoted free-text fields.
'use strict';
const fastify = require('fastify')({ logger: false });
const { stringify } = require('csv-stringify/sync');

const products = ['Desk lamp, brass', 'Oak shelf "Nordic"', 'Cable tray', 'Monitor arm; dual', 'Chair mat'];
const lines = Array.from({ length: 14000 }, (_, i) => ({
  order: `SO-${200000 + (i >> 2)}`, line: (i % 4) + 1, sku: `SKU-${(i * 7919) % 100000}`, product: products[i % 5],
  qty: 1 + (i % 6), unitPrice: (1999 + (i * 37) % 40000) / 100, vat: 0.19, customer: `Customer ${i % 3000}, GmbH`,
  orderedAt: new Date(Date.UTC(2025, 1, 1 + (i % 28), i % 24, i % 60)).toISOString(), shipped: i % 9 !== 0,
}));
const columns = [
  { key: 'order', header: 'Order' }, { key: 'line', header: 'Line' }, { key: 'sku', header: 'SKU' },
  { key: 'product', header: 'Product' }, { key: 'qty', header: 'Qty' }, { key: 'unitPrice', header: 'Unit price' },
  { key: 'vat', header: 'VAT' }, { key: 'customer', header: 'Customer' }, { key: 'orderedAt', header: 'Ordered at' },
  { key: 'shipped', header: 'Shipped' },
];

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const csv = stringify(lines, { header: true, columns, cast: { boolean: (b) => (b ? 'yes' : 'no') } });
  reply.header('Content-Disposition', 'attachment; filename="order-lines-2025-02.csv"').type('text/csv');
  return csv;
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
