// Orders in SQLite through better-sqlite3; the report query has no usable index and scans every row.
'use strict';
const express = require('express');
const Database = require('better-sqlite3');

const db = new Database(':memory:');
db.exec('CREATE TABLE orders (id INTEGER PRIMARY KEY, customer TEXT, amount REAL, note TEXT)');
const insert = db.prepare('INSERT INTO orders (customer, amount, note) VALUES (?, ?, ?)');
db.transaction(() => {
  for (let i = 0; i < 1e6; i++) insert.run(`c${i % 5000}`, (i % 1000) / 7, i % 97 ? 'ok' : 'refund requested');
})();
const refunds = db.prepare("SELECT count(*) AS n, sum(amount) AS total FROM orders WHERE note LIKE '%refund%' OR customer LIKE '%99'");

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const row = refunds.get();
  res.json(row);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
