// Restify: the catalogue sync. A supplier's price list is pushed to the regional stores through their
// SQL-over-HTTP gateway, which takes a batch of parameterised statements; knex (Postgres dialect, used
// as a query builder only) builds one upsert per price-list row, and the batch goes to the outbox that
// the shipper drains.
'use strict';
const restify = require('restify');
const knex = require('knex')({ client: 'pg' });

const priceList = Array.from({ length: 9000 }, (_, i) => ({
  tenant_id: 42,
  sku: `SKU-${100000 + i}`,
  title: `Product ${i}`,
  price_cents: 1999 + (i % 800),
  currency: 'EUR',
  stock: i % 50,
  updated_at: new Date(Date.UTC(2025, 0, 1) + i * 1000),
}));
const outbox = [];

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', (req, res, next) => {
  const batch = [];
  for (const row of priceList) {
    const { sql, bindings } = knex('prices').insert(row).onConflict(['tenant_id', 'sku']).merge(['title', 'price_cents', 'stock', 'updated_at']).toSQL().toNative();
    batch.push({ sql, params: bindings });
  }
  outbox.length = 0;
  outbox.push(batch);
  res.send({ statements: batch.length });
  next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
