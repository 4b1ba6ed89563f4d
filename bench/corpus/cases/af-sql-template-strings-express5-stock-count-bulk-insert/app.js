// Express 5: a warehouse service stores the handheld scanners' stock counts in Postgres. A count session
// (~22,000 counted bins for a full-warehouse count; the sessions are made here at start-up) is written
// in one multi-row INSERT ... ON CONFLICT, built with sql-template-strings: one SQL`(...)` tuple per
// counted bin appended to the statement, then its text and values handed to the database (a stub here).
'use strict';
const express = require('express');
const SQL = require('sql-template-strings');

const sessions = new Map(Array.from({ length: 4 }, (_, s) => [`cs-${s}`, Array.from({ length: 22000 }, (_, i) => ({
  sku: `SKU-${100000 + ((i * 7) % 50000)}`, bin: `A${s}-${String(i % 900).padStart(3, '0')}-${i % 6}`, qty: (i * 13) % 120, countedBy: `scanner-${i % 14}`,
  countedAt: new Date(1717400000000 + i * 4000).toISOString() }))]));
const db = { statements: 0, query(text, values) { this.statements++; return { rowCount: values.length / 5 }; } };

const app = express();
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const counts = sessions.get(req.query.session) ?? sessions.get('cs-1');
  const insert = SQL`INSERT INTO stock_counts (sku, bin, qty, counted_by, counted_at) VALUES `;
  counts.forEach((c, i) => insert.append(i ? ', ' : '').append(SQL`(${c.sku}, ${c.bin}, ${c.qty}, ${c.countedBy}, ${c.countedAt})`));
  insert.append(' ON CONFLICT (sku, bin) DO UPDATE SET qty = EXCLUDED.qty, counted_at = EXCLUDED.counted_at');
  const result = db.query(insert.text, insert.values);
  res.json({ session: req.query.session ?? 'cs-1', bins: counts.length, written: result.rowCount });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
