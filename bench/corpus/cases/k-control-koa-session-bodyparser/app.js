// Koa: the shop's cart API. Sessions live in signed cookies (koa-session, signed with keygrip's HMAC),
// JSON bodies are parsed by koa-bodyparser. /x returns the shopper's cart from the session, priced from
// the in-memory catalogue, and counts the visit in the session.
'use strict';
const Koa = require('koa');
const session = require('koa-session');
const bodyParser = require('koa-bodyparser');

const catalogue = new Map();
for (let i = 0; i < 5000; i++) catalogue.set(`p${i}`, { id: `p${i}`, name: `Product ${i}`, price: (i % 900) / 10 + 1 });

const app = new Koa();
app.keys = ['a-long-session-signing-key-2024', 'the-previous-session-signing-key'];
app.use(session({ key: 'shop.sess', maxAge: 86400000, httpOnly: true, signed: true, sameSite: 'lax' }, app));
app.use(bodyParser({ jsonLimit: '100kb' }));
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  if (ctx.method === 'POST' && ctx.path === '/x') {
    ctx.session.cart = (ctx.request.body.items || []).filter((it) => catalogue.has(it.id)).slice(0, 50);
    ctx.body = { items: ctx.session.cart.length };
    return;
  }
  const cart = ctx.session.cart || [{ id: 'p42', qty: 2 }, { id: 'p7', qty: 1 }];
  ctx.session.views = (ctx.session.views || 0) + 1;
  const lines = cart.map((it) => ({ ...catalogue.get(it.id), qty: it.qty }));
  ctx.body = { lines, total: Math.round(lines.reduce((n, l) => n + l.price * l.qty, 0) * 100) / 100, views: ctx.session.views };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
