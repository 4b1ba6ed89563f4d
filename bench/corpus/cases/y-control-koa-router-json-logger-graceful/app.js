// Control: a Koa 2 store-locator API with koa-router, koa-logger (one access-log line per request), koa-json
// (pretty JSON when ?pretty is asked) and http-graceful-shutdown. /x returns the 20 stores nearest to a point
// among 800, a sort of a small array: the loop stays responsive.
'use strict';
const Koa = require('koa');
const Router = require('koa-router');
const json = require('koa-json');
const logger = require('koa-logger');
const gracefulShutdown = require('http-graceful-shutdown');

const stores = Array.from({ length: 800 }, (_, i) => ({ id: `S${i}`, name: `Store ${i}`, lat: 50 + ((i * 37) % 800) / 100, lon: -5 + ((i * 53) % 1200) / 100,
  open: i % 9 !== 0, services: ['click-and-collect', 'returns', 'pharmacy'].slice(0, 1 + (i % 3)) }));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const lat = Number(ctx.query.lat || 51.5);
  const lon = Number(ctx.query.lon || -0.12);
  const nearest = stores.filter((s) => s.open)
    .map((s) => ({ ...s, km: Math.round(111 * Math.hypot(s.lat - lat, (s.lon - lon) * Math.cos((lat * Math.PI) / 180))) }))
    .sort((a, b) => a.km - b.km).slice(0, 20);
  ctx.body = { lat, lon, stores: nearest };
});

const app = new Koa();
app.use(logger());
app.use(json({ pretty: false, param: 'pretty' }));
app.use(router.routes()).use(router.allowedMethods());

const server = app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
gracefulShutdown(server, { timeout: 3000 });
