// Koa 2 with the middleware the team registers (helmet, CORS for the catalogue site, compression, a JSON body
// parser, a response-time header): the branch and holds service of a county library network. /branches/nearby finds
// the branches, book drops and pickup lockers near a reader from an rbush R-tree built once at start-up (the tree is
// rebuilt only when the estate changes); /holds/:reader lists a reader's holds from a map. Every route answers in well
// under a millisecond of work. Branches, lockers and holds are made at start-up.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const helmet = require('koa-helmet');
const cors = require('@koa/cors');
const compress = require('koa-compress');
const bodyParser = require('koa-bodyparser');
const RBush = require('rbush');

const points = Array.from({ length: 80000 }, (_, i) => {
  const lng = -10 + ((i * 7919) % 100000) / 10000, lat = 51 + ((i * 104729) % 100000) / 20000;
  return { minX: lng, minY: lat, maxX: lng, maxY: lat, id: `LB-${100000 + i}`, kind: ['branch', 'book-drop', 'locker'][i % 3], openLate: i % 5 === 0 };
});
const estate = new RBush(16);
estate.load(points);

const holds = new Map(Array.from({ length: 5000 }, (_, r) => [`R${700000 + r}`, Array.from({ length: 1 + (r % 6) }, (_, h) => ({
  isbn: `978${String(1000000000 + r * 7 + h).slice(0, 10)}`, title: `Title ${r}-${h}`, status: ['waiting', 'in-transit', 'ready'][(r + h) % 3], branch: `LB-${100000 + ((r * 13 + h) % 80000)}` }))]));

const app = new Koa();
const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/branches/nearby', (ctx) => {
  const lng = Number(ctx.query.lng) || -6.26, lat = Number(ctx.query.lat) || 53.35, d = (Number(ctx.query.km) || 2) / 70;
  const found = estate.search({ minX: lng - d, minY: lat - d, maxX: lng + d, maxY: lat + d })
    .map((p) => ({ id: p.id, kind: p.kind, openLate: p.openLate, km: +(Math.hypot(p.minX - lng, p.minY - lat) * 70).toFixed(2) }))
    .sort((a, b) => a.km - b.km).slice(0, 12);
  ctx.body = { near: { lng, lat }, results: found };
});
router.get('/holds/:reader', (ctx) => {
  const list = holds.get(ctx.params.reader);
  if (!list) ctx.throw(404, 'no such reader');
  ctx.body = { reader: ctx.params.reader, holds: list, ready: list.filter((h) => h.status === 'ready').length };
});

app.use(async (ctx, next) => { const t = process.hrtime.bigint(); await next(); ctx.set('x-response-time', `${Number(process.hrtime.bigint() - t) / 1e6}ms`); });
app.use(helmet());
app.use(cors({ origin: 'https://catalogue.library.example' }));
app.use(compress({ threshold: 1024 }));
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
