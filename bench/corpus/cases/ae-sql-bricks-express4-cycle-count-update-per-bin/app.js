// Express 4: a warehouse service posts the yearly stock take. The scanners' count file (16,000 bins,
// made here at start-up) is turned into one parameterised UPDATE per bin with sql-bricks, the builder
// the service's data layer is written in, and the batch goes to the DB writer's queue (an in-process
// array here). Every statement has the same text; only the bound values differ from bin to bin.
'use strict';
const express = require('express');
const sql = require('sql-bricks');

const warehouses = ['FRA1', 'FRA2', 'HAM1', 'MUC1', 'BER1'];
const countFile = Array.from({ length: 16000 }, (_, i) => ({
  warehouse: warehouses[i % 5], bin: `${String.fromCharCode(65 + (i % 20))}-${String(i % 97).padStart(2, '0')}-${(i % 6) + 1}`,
  sku: `SKU-${20000 + i}`, counted: (i * 37) % 400, countedBy: `picker-${i % 23}`, countedAt: new Date(1717200000000 + i * 4000).toISOString(),
}));
const writerQueue = [];

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const batch = [];
  for (const row of countFile) {
    batch.push(sql.update('stock_levels', { on_hand: row.counted, counted_by: row.countedBy, counted_at: row.countedAt, needs_recount: false }).where({ warehouse: row.warehouse, bin_code: row.bin, sku: row.sku }).toParams());
  }
  writerQueue.length = 0;
  writerQueue.push(...batch);
  res.json({ queued: batch.length, sample: batch[0] });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
