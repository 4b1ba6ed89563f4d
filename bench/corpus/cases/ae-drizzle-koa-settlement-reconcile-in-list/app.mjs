// Koa 2 (ESM): a shop's payments back office reconciles the payment provider's daily settlement
// report. The report lists every order the provider paid out that day (~28,000 order ids for a busy
// day; the reports are made here at start-up, keyed by day). /x?day= asks "which of these orders do we
// still have as unpaid?": on each request the app builds one SELECT with drizzle-orm's query builder
// whose where is inArray(orders.id, <every id in the report>) and sends its toSQL() to the reporting
// DB's HTTP gateway (a stub that keeps the statement here).
import Koa from 'koa';
import { and, inArray, ne, eq } from 'drizzle-orm';
import { pgTable, bigint, text, numeric, timestamp, QueryBuilder } from 'drizzle-orm/pg-core';

const orders = pgTable('orders', {
  id: bigint('id', { mode: 'number' }).primaryKey(),
  shopId: text('shop_id').notNull(),
  status: text('status').notNull(),
  totalGross: numeric('total_gross').notNull(),
  currency: text('currency').notNull(),
  paidAt: timestamp('paid_at', { mode: 'string' }),
});
const qb = new QueryBuilder();
const gateway = { last: null, send(q) { this.last = q; return []; } };

const reports = new Map();
for (let d = 0; d < 7; d++) {
  const day = `2024-06-0${d + 1}`;
  reports.set(day, Array.from({ length: 28000 + d * 150 }, (_, i) => 7_000_000 + d * 40_000 + i * 2 + (i % 3)));
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = { ok: true };
  } else if (ctx.path === '/x') {
    const ids = reports.get(ctx.query.day) ?? reports.get('2024-06-03');
    const query = qb.select({ id: orders.id, status: orders.status, total: orders.totalGross }).from(orders).where(and(eq(orders.shopId, 'shop-eu-1'), ne(orders.status, 'paid'), inArray(orders.id, ids))).toSQL();
    const unpaid = gateway.send(query);
    ctx.body = { settled: ids.length, params: query.params.length, sqlBytes: query.sql.length, unpaid: unpaid.length };
  } else {
    ctx.status = 404;
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
