// Koa 2, written as ESM: the audit-log service behind a SaaS admin console. Customers save searches ("failed
// sign-ins in the last 15 minutes") through the public API, with a relative window in timespan's liberal syntax
// (NOW-15MINUTES, NOW-7DAYS); the console's dashboard tiles call /saved-searches/:id/results on every refresh, and the
// handler turns the stored window into a start date with timespan.parseDate. The API only checked that the window
// parsed when the search was saved, so a tenant's integration stored one with thousands of zero digits before the
// amount. Audit events and saved searches are made at start-up, as the event store would hand them over.
import Koa from 'koa';
import Router from '@koa/router';
import timespan from 'timespan';

const actions = ['user.sign_in', 'user.sign_in_failed', 'user.password_reset', 'api_key.created', 'role.granted', 'export.downloaded'];
const now = Date.now();
const events = Array.from({ length: 20000 }, (_, i) => ({
  id: `EV-${900000 + i}`, tenant: `T-${100 + (i % 40)}`, action: actions[(i * 7) % actions.length],
  actor: `user${(i * 131) % 2500}@customer.example`, ip: `10.${i % 200}.${(i * 7) % 250}.${(i * 13) % 250}`, at: now - (i % 5000) * 37_000,
}));

const savedSearches = new Map();
for (let i = 0; i < 300; i++) {
  const window = ['NOW-15MINUTES', 'NOW-1HOURS', 'NOW-24HOURS', 'NOW-7DAYS'][i % 4];
  savedSearches.set(`SS-${4200 + i}`, { id: `SS-${4200 + i}`, tenant: `T-${100 + (i % 40)}`, action: actions[i % actions.length], window });
}
// saved through POST /saved-searches by a tenant's integration: the amount arrives left-padded with zeros
savedSearches.set('SS-4471', { id: 'SS-4471', tenant: 'T-131', action: 'user.sign_in_failed', window: `NOW-${'0'.repeat(6500)}24HOURS` });

function results(search) {
  const from = timespan.parseDate(search.window);
  const hits = events.filter((e) => e.tenant === search.tenant && e.action === search.action && e.at >= from.getTime());
  return { search: search.id, from: from.toISOString(), count: hits.length, latest: hits.slice(0, 50) };
}

const app = new Koa();
const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/saved-searches/:id/results', (ctx) => {
  const search = savedSearches.get(ctx.params.id);
  if (!search) ctx.throw(404, 'no such saved search');
  ctx.body = results(search);
});
app.use(async (ctx, next) => { await next(); ctx.set('cache-control', 'no-store'); });
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
