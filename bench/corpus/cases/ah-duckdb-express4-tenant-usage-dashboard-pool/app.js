// Express 4 (helmet, cors, compression, morgan to a null stream, express.json): a SaaS usage-analytics service keeps
// 3 million metered events in an in-process DuckDB database (@duckdb/node-api, one DuckDB thread per query). /x is
// the admin dashboard's "usage by event kind and day" tile, a GROUP BY over the tenant range, run through a pool of
// 10 connections. The binding runs each query as Node-API async work on a libuv pool thread (~150 ms each) while the
// loop only awaits; 16 dashboards refreshing at once keep all 4 pool threads busy, and /health, which reads a 1 KB
// status file through the pool, waits behind them.
'use strict';
const fs = require('node:fs');
const path = require('node:path');
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const { DuckDBInstance } = require('@duckdb/node-api');

const statusFile = path.join(__dirname, 'status.json');
const USAGE = `SELECT kind, date_trunc('day', ts) AS day, count(*) AS events, sum(amount_cents) AS billed_cents, approx_count_distinct(id) AS uniques
  FROM events WHERE tenant < $max_tenant GROUP BY ALL ORDER BY billed_cents DESC LIMIT 20`;

async function openPool(size) {
  const instance = await DuckDBInstance.create(':memory:', { threads: '1' });
  const setup = await instance.connect();
  await setup.run(`CREATE TABLE events AS SELECT i AS id, (i % 500) AS tenant, (i % 37)::VARCHAR AS kind,
    TIMESTAMP '2024-07-01' + to_seconds(i % 7776000) AS ts, (i * 7919) % 10000 AS amount_cents FROM range(3000000) t(i)`);
  const idle = await Promise.all(Array.from({ length: size }, () => instance.connect()));
  const waiting = [];
  return async (fn) => {
    const conn = idle.pop() || await new Promise((resolve) => waiting.push(resolve));
    try { return await fn(conn); } finally { const next = waiting.shift(); if (next) next(conn); else idle.push(conn); }
  };
}

async function main() {
  const withConnection = await openPool(10);
  const app = express();
  app.use(helmet());
  app.use(cors({ origin: 'https://admin.example.com' }));
  app.use(compression());
  app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
  app.use(express.json());
  app.get('/health', async (req, res) => res.type('json').send(await fs.promises.readFile(statusFile)));
  app.get('/x', async (req, res) => {
    const reader = await withConnection((conn) => conn.runAndReadAll(USAGE, { max_tenant: Number(req.query.tenants) || 400 }));
    res.json({ tile: 'usage-by-kind-day', rows: reader.getRowObjectsJson() });
  });
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
