// h3 on node:http: a sales-analytics service keeps the order lines in SQLite through node-sqlite3 (the async
// binding). /x answers the dashboard's "revenue by region and product family this quarter" tile with a GROUP BY
// over 120,000 order lines, through a pool of 10 read-only connections; node-sqlite3 runs each statement on a libuv
// pool thread while the loop only awaits. When 16 dashboards refresh at once the 10 connections keep all 4 libuv
// threads busy with report queries, and /health, which reads a 1 KB status file through the pool, queues behind.
'use strict';
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { createApp, createRouter, defineEventHandler, setResponseHeader, toNodeListener } = require('h3');
const sqlite3 = require('sqlite3');

const statusFile = path.join(__dirname, 'status.json');
const dbFile = path.join(__dirname, 'sales.db'); // the laid-out case's own (temporary) folder
fs.rmSync(dbFile, { force: true });
const db = new sqlite3.Database(dbFile);
const ready = new Promise((resolve, reject) => db.serialize(() => {
  db.run('CREATE TABLE lines (id INTEGER PRIMARY KEY, placed_at TEXT, region TEXT, family TEXT, sku TEXT, qty INTEGER, unit_cents INTEGER)');
  db.run(`INSERT INTO lines (placed_at, region, family, sku, qty, unit_cents)
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 119999)
    SELECT strftime('%Y-%m-%dT%H:%M:%SZ', 1719792000 + i * 65, 'unixepoch'), CASE i % 4 WHEN 0 THEN 'eu' WHEN 1 THEN 'us' WHEN 2 THEN 'apac' ELSE 'latam' END,
      'fam-' || (i % 37), 'SKU-' || ((i * 7919) % 20000), 1 + i % 5, 199 + (i * 131) % 9800 FROM n`, (err) => (err ? reject(err) : resolve()));
}));

// a generic-pool-style pool of 10 read-only connections (a common default size), one query at a time each
const readers = ready.then(() => Array.from({ length: 10 }, () => new sqlite3.Database(dbFile, sqlite3.OPEN_READONLY)));
const waiting = [];
async function withReader(fn) {
  const idle = await readers;
  const conn = idle.pop() || await new Promise((resolve) => waiting.push(resolve));
  try { return await fn(conn); } finally { const next = waiting.shift(); if (next) next(conn); else idle.push(conn); }
}

const REPORT = `SELECT region, family, COUNT(*) AS lines, AVG(unit_cents) AS avg_unit_cents, SUM(qty) AS units, SUM(qty * unit_cents) AS revenue_cents
  FROM lines WHERE placed_at >= ? AND placed_at < ? GROUP BY region, family ORDER BY revenue_cents DESC`;

const router = createRouter()
  .get('/health', defineEventHandler(async (event) => {
    setResponseHeader(event, 'content-type', 'application/json');
    return fs.promises.readFile(statusFile);
  }))
  .get('/x', defineEventHandler(async () => {
    const rows = await withReader((conn) => new Promise((resolve, reject) => conn.all(REPORT, ['2024-07-01', '2024-10-01'], (err, r) => (err ? reject(err) : resolve(r)))));
    return { quarter: '2024-Q3', tiles: rows.length, top: rows.slice(0, 10) };
  }));

const app = createApp();
app.use(router);
http.createServer(toNodeListener(app)).listen(Number(process.env.PORT) || 0, '127.0.0.1');
