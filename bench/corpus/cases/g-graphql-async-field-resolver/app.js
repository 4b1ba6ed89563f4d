// Express 5: an order-history GraphQL endpoint. Every field goes through one async field resolver (a
// per-field permission hook, written async "in case a check needs the database"); the orders are in
// memory, so nothing awaited does I/O, and the back-office screen asks for 2,000 orders at once.
'use strict';
const express = require('express');
const { graphql, buildSchema, defaultFieldResolver } = require('graphql');

const schema = buildSchema(`
  type Customer { id: ID! name: String! tier: String! }
  type Line { sku: String! qty: Int! price: Float! }
  type Order { id: ID! status: String! total: Float! placedAt: String! customer: Customer! lines: [Line!]! }
  type Query { orders(first: Int!): [Order!]! }
`);
const customers = Array.from({ length: 500 }, (_, i) => ({ id: `c${i}`, name: `Customer ${i}`, tier: i % 7 ? 'standard' : 'gold' }));
const orders = Array.from({ length: 5000 }, (_, i) => ({
  id: `o${i}`, status: i % 9 ? 'paid' : 'refunded', total: (i % 400) * 1.25, placedAt: new Date(1700000000000 + i * 60000).toISOString(),
  customer: customers[i % 500], lines: [{ sku: `S${i}`, qty: 1 + (i % 3), price: 9.5 }, { sku: `T${i % 50}`, qty: 2, price: 3.25 }],
}));
const hidden = new Set(['Customer.tier']);
const rootValue = { orders: ({ first }) => orders.slice(0, first) };
const fieldResolver = async (source, args, context, info) => {
  if (hidden.has(`${info.parentType.name}.${info.fieldName}`) && !context.staff) return null;
  return defaultFieldResolver(source, args, context, info);
};
const query = '{ orders(first: 2000) { id status total placedAt customer { id name tier } lines { sku qty price } } }';

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const result = await graphql({ schema, source: query, rootValue, fieldResolver, contextValue: { staff: true } });
  res.json({ errors: result.errors?.length ?? 0, orders: result.data.orders.length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
