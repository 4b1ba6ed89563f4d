// Fastify: a back-office API answers in JSON:API. Its hand-rolled serializer derives every relationship's
// resource `type` from the model name with inflection 3.0.2 (underscore, pluralize, dasherize: `salesPerson` ->
// `sales-people`, as Rails does), once per relationship of every record: /x lists 2,500 open orders with 6
// relationships each (15,000 transform calls per request over six model names). Orders are made at start-up.
'use strict';
const fastify = require('fastify')();
const inflection = require('inflection');

const relations = [['customer', 'customer'], ['shippingAddress', 'shippingAddress'], ['warehouse', 'warehouse'],
  ['carrier', 'carrier'], ['salesPerson', 'salesPerson'], ['category', 'productCategory']];
const orders = [];
for (let i = 0; i < 2500; i++) {
  orders.push({ id: 100000 + i, status: i % 7 ? 'open' : 'on_hold', total: (i * 37) % 900 + 0.99,
    customer: 5000 + (i % 800), shippingAddress: 9000 + i, warehouse: 1 + (i % 6), carrier: 1 + (i % 4),
    salesPerson: 300 + (i % 25), category: 40 + (i % 15) });
}

function serialize(order) {
  const relationships = {};
  for (const [field, model] of relations) {
    relationships[field] = { data: { type: inflection.transform(model, ['underscore', 'pluralize', 'dasherize']), id: String(order[field]) } };
  }
  return { type: 'orders', id: String(order.id), attributes: { status: order.status, total: order.total }, relationships };
}

fastify.get('/health', async () => 'ok');
fastify.get('/x', async () => ({ data: orders.map(serialize), meta: { count: orders.length } }));

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
