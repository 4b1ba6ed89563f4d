// Control: Koa 2 with @koa/router, koa-helmet, @koa/cors, koa-compress and koa-bodyparser: a clinic's booking
// service. Every handler reaches the (in-memory, repository-style) store through the app's withTx helper, which opens
// a unit of work, times it and rolls back on error. /x lists a practitioner's free slots for one day: a lookup in a
// map of 40 practitioners' calendars and a filter over ~30 slots. Light work; /health answers at once.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const helmet = require('koa-helmet');
const cors = require('@koa/cors');
const compress = require('koa-compress');
const bodyParser = require('koa-bodyparser');

const calendars = new Map(Array.from({ length: 40 }, (_, p) => [`pr-${p}`, Array.from({ length: 14 }, (_, d) => ({
  day: new Date(1.7e12 + d * 8.64e7).toISOString().slice(0, 10),
  slots: Array.from({ length: 32 }, (_, s) => ({ start: `${String(8 + Math.floor(s / 4)).padStart(2, '0')}:${String((s % 4) * 15).padStart(2, '0')}`, booked: (p * 7 + d * 3 + s) % 5 === 0 })),
}))]));

const store = {
  begin() { return { ops: [], calendars }; },
  commit(tx) { tx.ops.length = 0; },
  rollback(tx) { tx.ops.length = 0; },
};
const timings = [];
async function withTx(fn) {
  const tx = store.begin();
  const started = process.hrtime.bigint();
  try {
    const result = await fn(tx);
    store.commit(tx);
    return result;
  } catch (err) {
    store.rollback(tx);
    throw err;
  } finally {
    timings.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (timings.length > 500) timings.shift();
  }
}
const freeSlots = async (tx, practitioner, day) => {
  const cal = tx.calendars.get(practitioner) || [];
  const entry = cal.find((c) => c.day === day) || cal[0];
  return { day: entry.day, free: entry.slots.filter((s) => !s.booked).map((s) => s.start) };
};

const app = new Koa();
const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', async (ctx) => {
  const practitioner = calendars.has(ctx.query.p) ? ctx.query.p : 'pr-12';
  const result = await withTx((tx) => freeSlots(tx, practitioner, ctx.query.day));
  ctx.set('cache-control', 'private, max-age=30');
  ctx.body = { practitioner, ...result };
});
app.use(helmet());
app.use(cors({ origin: 'https://booking.example.com' }));
app.use(compress());
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
