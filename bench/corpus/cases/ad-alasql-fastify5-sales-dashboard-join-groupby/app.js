// Fastify 5: a sales dashboard keeps the quarter's orders in alasql, an in-memory SQL database in pure
// JavaScript (loaded here at start-up: 120,000 orders, 5,000 customers). /x is the dashboard's
// "revenue by segment and region" tile: alasql runs the JOIN + GROUP BY over every order on each
// request, on the event loop. The data only changes with the hourly import.
'use strict';
const fastify = require('fastify')({ logger: false });
const alasql = require('alasql');

const db = new alasql.Database('sales');
db.exec('CREATE TABLE orders (id INT, customer INT, region STRING, sku STRING, qty INT, price NUMBER, placed DATE)');
db.exec('CREATE TABLE customers (id INT, segment STRING, country STRING)');
const regions = ['emea', 'na', 'latam', 'apac'];
db.tables.customers.data = Array.from({ length: 5000 }, (_, i) => ({ id: i, segment: ['smb', 'mid', 'ent'][i % 3], country: ['DE', 'FR', 'US', 'BR', 'JP', 'IN'][i % 6] }));
db.tables.orders.data = Array.from({ length: 120000 }, (_, i) => ({ id: i, customer: (i * 7919) % 5000, region: regions[i % 4],
  sku: `SKU-${(i * 31) % 900}`, qty: 1 + (i % 5), price: 5 + ((i * 13) % 200), placed: new Date(1727740800000 + i * 60000) }));

const revenueSql = `SELECT c.segment, o.region, COUNT(*) AS orders, SUM(o.qty * o.price) AS revenue
  FROM orders o JOIN customers c ON o.customer = c.id WHERE o.qty >= ? GROUP BY c.segment, o.region ORDER BY revenue DESC`;

fastify.get('/health', async () => ({ ok: true }));
fastify.get('/x', async (request) => {
  const minQty = Number(request.query.minQty) || 2;
  const rows = db.exec(revenueSql, [minQty]);
  return { minQty, tiles: rows };
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
