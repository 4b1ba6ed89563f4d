// hapi: a spreadsheet-import service turns each uploaded sheet's header row into snake_case column names for the
// staging table, with no-case (the library behind change-case's snakeCase/paramCase), pinned at 2.3.1 by an old
// lockfile. /x previews the column mapping of the next queued upload. One upload's header row carries a cell of
// 12,000 capital letters (a pasted licence blob): no-case 2.3.1's "odd camel case" regex
// ([A-Z]+)([A-Z][a-z]) backtracks quadratically over a run of capitals with no lower-case letter after it
// (CVE-2017-16099, fixed in 2.3.2).
'use strict';
const Hapi = require('@hapi/hapi');
const noCase = require('no-case');

const headers = ['Order ID', 'OrderDate', 'Customer Name', 'customerEmail', 'Ship-To City', 'Ship To Postcode', 'SKU', 'Qty',
  'Unit Price (EUR)', 'VAT %', 'Discount Code', 'Sales Rep', 'Region', 'Channel', 'Payment Method', 'Paid At', 'Notes'];
const blob = Array.from({ length: 12000 }, (_, i) => 'ABCDEFGHJKLMNPQRSTUVWXYZ'[(i * 7) % 24]).join('');
const uploads = [{ id: 'upl_5521', file: 'orders-q3.xlsx', header: [...headers, `LICENSE ${blob}`] }];
let next = 0;

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => ({ ok: true }) });
  server.route({ method: 'GET', path: '/x', handler: () => {
    const upload = uploads[next++ % uploads.length];
    const columns = upload.header.map((label) => noCase(label, null, '_'));
    return { upload: upload.id, file: upload.file, columns: columns.map((c) => c.slice(0, 63)) };
  } });
  await server.start();
}
main();
