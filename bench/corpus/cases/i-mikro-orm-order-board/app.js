// Express 5: the warehouse order board. MikroORM over an embedded libSQL database: each view loads the
// newest 3,000 open or paid orders with their customer into a fresh EntityManager, for the board's
// table (sorting and filtering happen in the browser).
'use strict';
const express = require('express');
const { MikroORM, EntitySchema } = require('@mikro-orm/libsql');

class Customer {}
class Order {}
const CustomerSchema = new EntitySchema({
  class: Customer,
  properties: {
    id: { type: 'number', primary: true },
    name: { type: 'string' },
    email: { type: 'string' },
    tier: { type: 'string' },
    country: { type: 'string' },
  },
});
const OrderSchema = new EntitySchema({
  class: Order,
  properties: {
    id: { type: 'number', primary: true },
    number: { type: 'string' },
    status: { type: 'string' },
    total: { type: 'number' },
    currency: { type: 'string' },
    placedAt: { type: 'Date' },
    carrier: { type: 'string' },
    note: { type: 'string', nullable: true },
    customer: { kind: 'm:1', entity: () => Customer },
  },
});

async function main() {
  const orm = await MikroORM.init({ entities: [CustomerSchema, OrderSchema], dbName: ':memory:', debug: false });
  await orm.schema.createSchema();
  const knex = orm.em.getKnex();
  await knex.batchInsert('customer', Array.from({ length: 400 }, (_, i) => ({ id: i + 1, name: `Customer ${i}`, email: `buyer${i}@example.com`, tier: ['free', 'pro', 'enterprise'][i % 3], country: ['DE', 'NL', 'FR', 'PL'][i % 4] })), 200);
  await knex.batchInsert('order', Array.from({ length: 20000 }, (_, i) => ({ id: i + 1, number: `SO-${100000 + i}`, status: ['open', 'paid', 'shipped'][i % 3], total: ((i * 37) % 10000) / 7, currency: 'EUR', placed_at: new Date(Date.UTC(2025, 0, 1) + i * 60000), carrier: ['DHL', 'UPS', 'DPD'][i % 3], note: i % 5 ? null : 'gift wrap', customer_id: (i % 400) + 1 })), 200);

  const app = express();
  app.get('/health', (req, res) => res.send('ok'));
  app.get('/x', async (req, res) => {
    const em = orm.em.fork();
    const orders = await em.find(Order, { status: { $in: ['open', 'paid'] } }, { populate: ['customer'], orderBy: { id: 'desc' }, limit: 3000 });
    res.json({ count: orders.length, newest: orders[0].number, customer: orders[0].customer.name });
  });
  app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
}
main();
