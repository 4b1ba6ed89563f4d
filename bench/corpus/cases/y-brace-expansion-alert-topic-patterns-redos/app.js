// Fastify 4: a notification router. Tenants subscribe to event topics with brace patterns such as
// "orders.{created,updated}.{eu,us}"; /x previews which concrete topics a tenant's subscriptions cover, expanding
// each pattern with brace-expansion (the expander minimatch uses) on every call. One saved pattern is a single
// "{eu}" group followed by a long run of commas (a pasted, empty CSV column): brace-expansion 1.1.11 then tests
// the rest of the pattern with /,.*\}/, which backtracks quadratically over the commas (CVE-2025-5889).
'use strict';
const fastify = require('fastify');
const expand = require('brace-expansion');

const subscriptions = new Map([['acme', [
  'orders.{created,updated,cancelled}.{eu,us,apac}', 'invoices.{issued,paid,overdue}.{eu,us}', 'shipments.{1..9}.{picked,packed,shipped}',
  'returns.{requested,approved}.{eu,us,apac}', 'payouts.{scheduled,sent}', `refunds.{eu}${','.repeat(14000)}.issued`,
  'customers.{created,deleted}.{eu,us}', 'stock.{low,out}.{warehouse-a,warehouse-b,warehouse-c}',
]]]);

const app = fastify();
app.get('/health', async () => 'ok');

app.get('/x', async (req) => {
  const tenant = req.query.tenant || 'acme';
  const topics = new Set();
  for (const pattern of subscriptions.get(tenant)) {
    for (const topic of expand(pattern)) topics.add(topic);
  }
  return { tenant, patterns: subscriptions.get(tenant).length, topics: topics.size, sample: [...topics].slice(0, 10) };
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
