// Control: Koa with @koa/router and the usual middleware (koa-helmet, @koa/cors, conditional GET with
// ETags); the route looks an order up in a Map and answers a small JSON body.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const cors = require('@koa/cors');
const helmet = require('koa-helmet');
const conditional = require('koa-conditional-get');
const etag = require('koa-etag');

const orders = new Map(Array.from({ length: 1000 }, (_, i) => [String(i), { id: i, status: ['new', 'paid', 'shipped'][i % 3], total: (i * 13) % 500, lines: i % 5 + 1 }]));
let next = 0;

const router = new Router();
router.get('/health', (ctx) => { ctx.body = 'ok'; });
router.get('/x', (ctx) => {
  next = (next + 1) % 1000;
  ctx.body = { order: orders.get(String(next)), servedBy: 'orders-api' };
});

const app = new Koa();
app.use(helmet());
app.use(cors());
app.use(conditional());
app.use(etag());
app.use(router.routes()).use(router.allowedMethods());

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
