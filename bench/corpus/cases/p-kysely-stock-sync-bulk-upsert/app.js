// Express: the inventory service takes the warehouse system's stock feed and writes it as bulk upserts,
// built with the kysely query builder (Postgres dialect). In production the dialect's driver is a pg pool;
// here kysely runs with its DummyDriver, the documented way to build and compile queries without a
// database, so the request does everything but the network round trip. /x upserts the next feed of 28,000
// stock rows of 7 columns in statements of 7,000 rows (49,000 bind parameters each, under Postgres's
// 65,535 a statement); the feeds are made at start-up.
'use strict';
const express = require('express');
const { Kysely, DummyDriver, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler } = require('kysely');

const db = new Kysely({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const feeds = Array.from({ length: 4 }, (_, f) => Array.from({ length: 28000 }, (_, i) => ({
  warehouse_id: 1 + (i % 6), sku: `SKU-${(i * 7919 + f) % 200000}`, on_hand: (i * 31 + f) % 500, reserved: (i * 7) % 40,
  reorder_point: 20 + (i % 30), bin: `A${i % 40}-${i % 12}`, updated_at: new Date(Date.UTC(2025, 2, 1, f, i % 60)).toISOString(),
})));
let next = 0;

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res, next_) => {
  try {
    const rows = feeds[next++ % feeds.length];
    let upserted = 0n;
    for (let i = 0; i < rows.length; i += 7000) {
      const result = await db.insertInto('stock_level').values(rows.slice(i, i + 7000)).onConflict((oc) => oc.columns(['warehouse_id', 'sku']).doUpdateSet((eb) => ({ on_hand: eb.ref('excluded.on_hand'), reserved: eb.ref('excluded.reserved'), updated_at: eb.ref('excluded.updated_at') }))).executeTakeFirst();
      upserted += result.numInsertedOrUpdatedRows ?? 0n;
    }
    res.json({ rows: rows.length, upserted: String(upserted) });
  } catch (err) { next_(err); }
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
