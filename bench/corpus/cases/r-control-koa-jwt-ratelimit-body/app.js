// control: koa, bundled with esbuild: a shop's cart API behind the team's usual middleware:
// koa-response-time (X-Response-Time), koa-ratelimit (its in-memory driver, a ceiling of 100,000 requests
// a minute per client against runaway scripts), koa-jwt (HS256; passthrough, so a visitor without a token
// gets the guest cart and a bad token is still refused), koa-body (JSON and form bodies) and @koa/router.
// /x returns the visitor's cart: its 12 lines read from an in-memory store and priced from the catalogue.
// The catalogue and the carts are made at start-up.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const responseTime = require('koa-response-time');
const ratelimit = require('koa-ratelimit');
const jwt = require('koa-jwt');
const { koaBody } = require('koa-body');

const catalogue = new Map(Array.from({ length: 5000 }, (_, i) => [`SKU-${10000 + i}`, { title: `Item ${i}`, price: 199 + ((i * 37) % 9000) }]));
const carts = new Map(Array.from({ length: 500 }, (_, c) => [`cart-${c}`, Array.from({ length: 12 }, (_, k) => ({ sku: `SKU-${10000 + ((c * 13 + k * 7) % 5000)}`, qty: 1 + (k % 3) }))]));
let guests = 0;

const app = new Koa();
app.use(responseTime({ hrtime: true }));
app.use(ratelimit({ driver: 'memory', db: new Map(), duration: 60000, max: 100000, id: (ctx) => ctx.ip }));
app.use(jwt({ secret: 'cart-api-signing-secret-2025', algorithms: ['HS256'], passthrough: true }));
app.use(koaBody({ jsonLimit: '100kb' }));

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  const cartId = ctx.state.user ? ctx.state.user.cart : `cart-${guests++ % 500}`;
  const lines = carts.get(cartId).map((l) => { const p = catalogue.get(l.sku); return { ...l, title: p.title, price: p.price, total: p.price * l.qty }; });
  ctx.body = { cart: cartId, lines, total: lines.reduce((s, l) => s + l.total, 0), currency: 'EUR' };
});
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
