// Fastify 4 (@fastify/helmet, @fastify/cors): a fleet-telematics dashboard that keeps the last 30 days of trips in an
// in-process SQLite database with sql.js (SQLite compiled to WebAssembly, chosen because the platform forbids native
// addons). All database work goes through the app's withTx helper (BEGIN/COMMIT, ROLLBACK on error, timing). /x is a
// depot's utilisation report: a GROUP BY over the 100,000 trips joined to the vehicles, which SQLite runs inside
// sql.js's WebAssembly synchronously on the loop, for every dashboard refresh.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const initSqlJs = require('sql.js');

const REPORT = `
  SELECT v.model, v.fuel, strftime('%Y-%m-%d', t.started_at) AS day, COUNT(*) AS trips,
         ROUND(SUM(t.km), 1) AS km, ROUND(AVG(t.idle_min), 2) AS idle, MAX(t.max_speed) AS top_speed
  FROM trips t JOIN vehicles v ON v.id = t.vehicle_id
  WHERE v.depot = $depot AND t.km > 0.5
  GROUP BY v.model, v.fuel, day
  ORDER BY day DESC, km DESC`;

async function openDb() {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  db.run('CREATE TABLE vehicles (id INTEGER PRIMARY KEY, plate TEXT, model TEXT, fuel TEXT, depot TEXT)');
  db.run('CREATE TABLE trips (id INTEGER PRIMARY KEY, vehicle_id INTEGER, started_at TEXT, km REAL, idle_min REAL, max_speed INTEGER)');
  db.run('BEGIN');
  const v = db.prepare('INSERT INTO vehicles VALUES (?, ?, ?, ?, ?)');
  for (let i = 0; i < 400; i++) v.run([i, `NL-${1000 + i}`, ['Sprinter', 'Transit', 'Crafter', 'e-Vito', 'Master'][i % 5], ['diesel', 'electric'][i % 5 === 3 ? 1 : 0], ['AMS', 'RTM', 'UTR'][i % 3]]);
  v.free();
  const t = db.prepare('INSERT INTO trips VALUES (?, ?, ?, ?, ?, ?)');
  for (let i = 0; i < 100000; i++) t.run([i, (i * 7919) % 400, new Date(1.7e12 + i * 12960).toISOString(), ((i * 37) % 900) / 10, ((i * 13) % 300) / 10, 40 + ((i * 7) % 90)]);
  t.free();
  db.run('COMMIT');
  return db;
}

const timings = [];
let db;
async function withTx(fn) {
  const started = performance.now();
  db.run('BEGIN');
  try {
    const result = await fn(db);
    db.run('COMMIT');
    return result;
  } catch (err) {
    db.run('ROLLBACK');
    throw err;
  } finally {
    timings.push(performance.now() - started);
    if (timings.length > 500) timings.shift();
  }
}

async function main() {
  db = await openDb();
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://fleet.example.com' });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (req) => {
    const depot = ['AMS', 'RTM', 'UTR'].includes(req.query.depot) ? req.query.depot : 'RTM';
    const [result] = await withTx((tx) => tx.exec(REPORT, { $depot: depot }));
    const rows = result ? result.values.map((r) => Object.fromEntries(result.columns.map((c, i) => [c, r[i]]))) : [];
    return { depot, groups: rows.length, rows: rows.slice(0, 50) };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
