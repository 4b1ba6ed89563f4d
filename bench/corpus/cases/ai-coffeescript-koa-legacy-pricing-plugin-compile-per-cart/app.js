// Koa 2 (@koa/router, koa-bodyparser, koa-helmet, @koa/cors): a storefront's pricing service. Merchants' discount
// rules were written years ago as a CoffeeScript plugin (40 rules, ~450 lines), kept as source in the service. /x
// prices a cart: the handler compiles the plugin with CoffeeScript.compile, loads the JavaScript with new Function and
// runs every rule against the cart, on every request, although the plugin source is a constant of the deploy.
'use strict';
const Koa = require('koa');
const Router = require('@koa/router');
const bodyParser = require('koa-bodyparser');
const helmet = require('koa-helmet');
const cors = require('@koa/cors');
const CoffeeScript = require('coffeescript');

const rule = (i) => `
  rule${i}: (order, customer) ->
    total = (item.price * item.qty for item in order.items).reduce ((a, b) -> a + b), 0
    if customer.tier in ['gold', 'platinum'] and total > ${50 + i}
      discount = Math.min total * 0.0${(i % 9) + 1}, ${10 + i}
    else if order.coupon?.code is 'WELCOME${i}'
      discount = ${5 + (i % 5)}
    else
      discount = 0
    tags = ("#{k}:#{v}" for own k, v of order.meta when v?)
    { rule: 'rule${i}', discount, tags, note: "Applied #{discount.toFixed 2} on #{order.id}" }
`;
const PLUGIN_SOURCE = `module.exports =\n${Array.from({ length: 40 }, (_, i) => rule(i)).join('')}`;

const cart = {
  id: 'ord_5521', coupon: { code: 'WELCOME7' }, meta: { channel: 'web', campaign: 'spring', ab: null },
  items: [{ sku: 'JK-1', price: 89.9, qty: 1 }, { sku: 'TS-4', price: 19.5, qty: 3 }, { sku: 'SK-2', price: 7.25, qty: 4 }],
};
const customers = { c1: { id: 'c1', tier: 'gold' }, c2: { id: 'c2', tier: 'basic' } };

const router = new Router();
router.get('/health', (ctx) => { ctx.body = { ok: true }; });
router.get('/x', (ctx) => {
  const customer = customers[ctx.query.customer] || customers.c1;
  const js = CoffeeScript.compile(PLUGIN_SOURCE, { bare: true });
  const mod = { exports: {} };
  new Function('module', 'exports', js)(mod, mod.exports);
  const applied = Object.values(mod.exports).map((fn) => fn(cart, customer)).filter((r) => r.discount > 0);
  const best = applied.reduce((a, b) => (b.discount > a.discount ? b : a), { discount: 0 });
  ctx.body = { cart: cart.id, customer: customer.id, rulesMatched: applied.length, best };
});

const app = new Koa();
app.use(helmet());
app.use(cors({ origin: 'https://shop.example.com' }));
app.use(bodyParser());
app.use(router.routes()).use(router.allowedMethods());
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
