// Control: Fastify with a small GraphQL API: one page of 10 orders, each order's customer loaded
// through a per-request DataLoader (one batched lookup in an in-memory table) and the page's
// shipping estimates computed with p-map at concurrency 4. A few hundred microseconds a request.
import Fastify from 'fastify';
import { graphql, buildSchema } from 'graphql';
import DataLoader from 'dataloader';
import pMap from 'p-map';

const schema = buildSchema(`
  type Customer { id: ID! name: String! country: String! }
  type Order { id: ID! total: Float! shipping: Float! customer: Customer! }
  type Query { orders(page: Int!): [Order!]! }
`);
const customers = new Map(Array.from({ length: 200 }, (_, i) => [`c${i}`, { id: `c${i}`, name: `Customer ${i}`, country: ['DE', 'FR', 'NL'][i % 3] }]));
const orders = Array.from({ length: 1000 }, (_, i) => ({ id: `o${i}`, total: (i % 300) * 1.5, customerId: `c${i % 200}`, weight: 200 + (i % 40) * 50 }));
const shippingRate = { DE: 0.004, FR: 0.005, NL: 0.0045 };
const query = 'query Page($page: Int!) { orders(page: $page) { id total shipping customer { id name country } } }';
let page = 0;

const rootValue = {
  orders: ({ page }, ctx) => pMap(orders.slice(page * 10, page * 10 + 10), async (o) => {
    const customer = await ctx.customers.load(o.customerId);
    return { id: o.id, total: o.total, shipping: Math.round(o.weight * shippingRate[customer.country] * 100) / 100, customer };
  }, { concurrency: 4 }),
};

const app = Fastify();
app.get('/health', async () => 'ok');
app.get('/x', async () => {
  const customersLoader = new DataLoader(async (ids) => ids.map((id) => customers.get(id)));
  return graphql({ schema, source: query, rootValue, variableValues: { page: page++ % 100 }, contextValue: { customers: customersLoader } });
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
