// Express: the inventory service mirrors the warehouse system's stock levels into Postgres. /x is the
// sync job's endpoint: it builds one multi-row upsert of the tenant's whole stock snapshot (7,000 rows,
// made at start-up here, as the warehouse API returns them) with pg-promise's helpers (a ColumnSet with
// casts and a :json column) and hands the statement to the write queue the writer drains over its pool
// connection (an array here: no database is reached).
'use strict';
const express = require('express');
const pgp = require('pg-promise')({ capSQL: true });

const stockColumns = new pgp.helpers.ColumnSet([
  '?sku', '?warehouse', { name: 'qty', cast: 'int' }, { name: 'reserved', cast: 'int' },
  { name: 'price', cast: 'numeric' }, 'currency', { name: 'attrs', mod: ':json' }, { name: 'updated_at', cast: 'timestamptz' },
], { table: { table: 'stock_levels', schema: 'inventory' } });
const onConflict = ' ON CONFLICT (sku, warehouse) DO UPDATE SET ' + stockColumns.assignColumns({ from: 'EXCLUDED', skip: ['sku', 'warehouse'] });

const snapshot = Array.from({ length: 7000 }, (_, i) => ({
  sku: `SKU-${100000 + i}`, warehouse: ['BER', 'HAM', 'MUC', 'FRA'][i % 4], qty: (i * 37) % 500, reserved: i % 17,
  price: (999 + (i * 131) % 9000) / 100, currency: 'EUR',
  attrs: { color: ['red', 'blue', 'black'][i % 3], size: i % 5, supplier: `O'Neil & Sons ${i % 90}` },
  updated_at: new Date(Date.UTC(2025, 2, 1, 0, 0, i % 86400)),
}));
const writeQueue = [];

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const upsert = pgp.helpers.insert(snapshot, stockColumns) + onConflict;
  writeQueue.push(upsert);
  if (writeQueue.length > 4) writeQueue.shift();
  res.json({ rows: snapshot.length, statementBytes: Buffer.byteLength(upsert) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
