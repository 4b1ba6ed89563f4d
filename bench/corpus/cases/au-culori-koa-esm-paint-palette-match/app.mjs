// Koa 2 as an ES module, with @koa/router, koa-helmet and @koa/cors: the colour-matching API of a paint retailer's
// website. A customer's mood board (a palette of 32 colours picked from photos) is matched to the shop's catalogue:
// for each swatch, the three nearest of the 3,000 catalogue paints by CIEDE2000 colour difference, with culori's
// nearest(), created once at start-up over the catalogue. nearest() measures the swatch against every paint on each
// call, converting both colours from hex to CIELAB for each pair, and sorts the 3,000 results. The catalogue and the
// saved boards are made at start-up.
import Koa from 'koa';
import Router from '@koa/router';
import helmet from 'koa-helmet';
import cors from '@koa/cors';
import { nearest, differenceCiede2000, formatHex, converter } from 'culori';

const ranges = ['Heritage', 'Coastal', 'Urban', 'Botanical', 'Nordic', 'Terracotta'];
const catalogue = Array.from({ length: 3000 }, (_, i) => {
  const h = (i * 137.508) % 360, s = 0.15 + ((i * 7) % 70) / 100, l = 0.2 + ((i * 13) % 70) / 100;
  return { code: `PT-${10000 + i}`, name: `${ranges[i % 6]} ${i}`, range: ranges[i % 6], hex: formatHex({ mode: 'hsl', h, s, l }), price: 24.5 + (i % 5) * 3 };
});
const matchPaint = nearest(catalogue, differenceCiede2000(), (p) => p.hex);
const toLab = converter('lab65');

const boards = new Map(Array.from({ length: 200 }, (_, b) => [`MB-${5000 + b}`, {
  id: `MB-${5000 + b}`, owner: `cust-${b}`,
  swatches: Array.from({ length: 32 }, (_, k) => formatHex({ mode: 'rgb', r: ((b * 31 + k * 57) % 256) / 255, g: ((b * 17 + k * 89) % 256) / 255, b: ((b * 7 + k * 23) % 256) / 255 })),
}]));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/boards/:id/paint-matches', (ctx) => {
  const board = boards.get(ctx.params.id);
  if (!board) { ctx.status = 404; return; }
  const matches = board.swatches.map((hex) => {
    const paints = matchPaint(hex, 3);
    return { swatch: hex, lightness: Math.round(toLab(hex).l), paints: paints.map((p) => ({ code: p.code, name: p.name, hex: p.hex, price: p.price })) };
  });
  ctx.body = { board: board.id, swatches: matches.length, matches };
});

const app = new Koa();
app.use(helmet());
app.use(cors({ origin: 'https://www.colourhouse-paints.example' }));
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
