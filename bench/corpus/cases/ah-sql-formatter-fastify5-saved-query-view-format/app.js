// Fastify 5 (with @fastify/helmet, @fastify/cors and @fastify/rate-limit): a BI tool's query library. Analysts save
// the SQL of a report model (here a dbt-style model of 110 CTEs, ~60 KB, compiled by the warehouse tooling onto a
// single line); the library's query page (/x) shows it pretty-printed. The handler runs sql-formatter's format() over
// the whole saved text on every page view, although a saved query only changes when someone saves a new revision.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const rateLimit = require('@fastify/rate-limit');
const { format } = require('sql-formatter');

function compiledModel(ctes) {
  const parts = [];
  for (let i = 0; i < ctes; i++) {
    parts.push(`stg_orders_${i} as (select o.order_id, o.customer_id, o.placed_at, coalesce(sum(l.qty * l.unit_price_cents), 0) as gross_cents, ` +
      `count(distinct l.sku) as skus, max(case when l.discount_code is not null then 1 else 0 end) as discounted from raw.orders_${i % 12} o ` +
      `left join raw.order_lines l on l.order_id = o.order_id and l.region = 'r${i % 7}' where o.placed_at >= date '2024-01-01' ` +
      `and o.status in ('paid', 'shipped', 'delivered') group by o.order_id, o.customer_id, o.placed_at having count(*) > ${i % 5})`);
  }
  const cols = Array.from({ length: ctes }, (_, i) => `s${i}.gross_cents as gross_${i}`).join(', ');
  const joins = Array.from({ length: ctes - 1 }, (_, i) => `join stg_orders_${i + 1} s${i + 1} on s${i + 1}.order_id = s0.order_id`).join(' ');
  return `with ${parts.join(', ')} select s0.order_id, ${cols} from stg_orders_0 s0 ${joins} order by 2 desc limit 500`;
}
const savedQueries = new Map([['q_4471', { id: 'q_4471', title: 'Gross revenue by order, all regions', revision: 12, dialect: 'postgresql', sql: compiledModel(110) }]]);

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://bi.example.com' });
  await app.register(rateLimit, { max: 100000, timeWindow: '1 minute' });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (request) => {
    const query = savedQueries.get(request.query.id || 'q_4471');
    const pretty = format(query.sql, { language: query.dialect, keywordCase: 'upper', tabWidth: 2 });
    return { id: query.id, title: query.title, revision: query.revision, lines: pretty.split('\n').length, sql: pretty };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
