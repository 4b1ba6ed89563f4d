// Koa 2 (@koa/router): a quick-commerce delivery service. Each dark store has a delivery zone drawn by the ops
// team (a polygon of ~90 vertices); the rider app asks for the zone's coverage as H3 cells at resolution 10
// (~15,000 m2 hexagons) to snap drop-offs. The route fills the polygon with h3-js's polygonToCells and compacts the
// result, on every request, although a zone changes a few times a month.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const h3 = require('h3-js');

const stores = new Map();
for (let s = 0; s < 12; s++) {
  const lat0 = 51.46 + (s % 4) * 0.035, lng0 = -0.21 + Math.floor(s / 4) * 0.07, zone = [];
  for (let a = 0; a < 90; a++) {
    const t = (a / 90) * 2 * Math.PI, r = 0.105 * (1 + 0.2 * Math.sin(3 * t + s) + 0.06 * Math.cos(7 * t));
    zone.push([lat0 + r * Math.sin(t), lng0 + 1.6 * r * Math.cos(t)]);
  }
  stores.set(`DS-${100 + s}`, { name: `London dark store ${s + 1}`, zone, revision: 3 + (s % 5) });
}

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const id = stores.has(ctx.query.store) ? ctx.query.store : 'DS-105';
  const store = stores.get(id);
  const cells = h3.polygonToCells(store.zone, 10);
  const compact = h3.compactCells(cells);
  ctx.body = { store: id, revision: store.revision, resolution: 10, cells: cells.length, compacted: compact.length, sample: compact.slice(0, 40) };
});

const app = new Koa();
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
