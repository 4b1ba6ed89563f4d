// hapi: the "export to Excel" button builds a workbook of 15,000 orders with SheetJS (xlsx) and
// writes it to a buffer on every click.
'use strict';
const Hapi = require('@hapi/hapi');
const XLSX = require('xlsx');

const orders = Array.from({ length: 15000 }, (_, i) => ({ id: i, customer: `Customer ${i % 900}`, email: `c${i % 900}@example.com`, total: Math.round(i * 137.5) / 100, status: i % 7 ? 'paid' : 'refunded' }));

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({
    method: 'GET', path: '/x',
    handler: (request, h) => {
      const book = XLSX.utils.book_new();
      XLSX.utils.book_append_sheet(book, XLSX.utils.json_to_sheet(orders), 'Orders');
      const file = XLSX.write(book, { type: 'buffer', bookType: 'xlsx' });
      return h.response(file).type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    },
  });
  await server.start();
}
main();
