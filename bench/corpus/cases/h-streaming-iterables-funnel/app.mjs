// Koa: a product-analytics endpoint computes today's upgrade funnel from the event log. The pipeline
// was written for a database cursor; the log is now kept in memory and the account lookups are served
// from a map filled at start-up.
import Koa from 'koa';
import { pipeline, map, filter, batch, collect } from 'streaming-iterables';

const types = ['page_view', 'pricing_view', 'checkout_start', 'checkout_done'];
const events = Array.from({ length: 200000 }, (_, i) => ({
  id: i,
  account: `acct-${i % 4000}`,
  type: types[(i * 7) % 4],
  at: 1767225600000 + i * 300,
}));
const accounts = new Map(Array.from({ length: 4000 }, (_, i) => [`acct-${i}`, { plan: i % 5 === 0 ? 'team' : 'free' }]));

async function planOf(event) {
  return accounts.get(event.account).plan === 'free' ? event.type : null;
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.path !== '/x') { ctx.status = 404; return; }
  const chunks = await pipeline(() => events, map(planOf), filter((type) => type !== null), batch(5000), collect);
  const funnel = Object.fromEntries(types.map((t) => [t, 0]));
  for (const chunk of chunks) for (const type of chunk) funnel[type]++;
  ctx.body = { events: events.length, funnel };
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
