// Control: a Fastify 5 shop's checkout page API. Stack: @fastify/cookie (a signed cart cookie), @fastify/csrf-protection
// (the checkout form's token, its secret kept in a cookie), @fastify/compress (responses over 1 KB, when the client
// accepts it) and an onRequest hook that reads the cart id. /x returns the cart's lines, 30 suggestions and a fresh
// CSRF token from in-memory data made at start-up: the loop stays responsive.
'use strict';
const Fastify = require('fastify');

const products = Array.from({ length: 1500 }, (_, i) => ({ sku: `SKU-${20000 + i}`, name: `Product ${i}`, price: 399 + ((i * 37) % 9000), stock: (i * 11) % 40, category: `cat-${i % 25}` }));
const carts = new Map([['guest', [{ sku: 'SKU-20012', qty: 1 }, { sku: 'SKU-20140', qty: 2 }, { sku: 'SKU-20733', qty: 1 }]]]);
const bySku = new Map(products.map((p) => [p.sku, p]));

const app = Fastify();
app.register(require('@fastify/cookie'), { secret: 'cart-cookie-secret-rotated-monthly' });
app.register(require('@fastify/csrf-protection'), { cookieOpts: { signed: true, httpOnly: true, sameSite: 'strict', path: '/' } });
app.register(require('@fastify/compress'), { global: true, threshold: 1024 });
app.addHook('onRequest', async (req) => {
  const raw = req.cookies.cart && req.unsignCookie(req.cookies.cart);
  req.cartId = raw && raw.valid ? raw.value : 'guest';
});
app.get('/health', async () => 'ok');
app.get('/x', async (req, reply) => {
  const lines = (carts.get(req.cartId) || []).map((l) => ({ ...l, ...bySku.get(l.sku), total: l.qty * bySku.get(l.sku).price }));
  const category = lines.length ? lines[0].category : 'cat-0';
  const suggestions = products.filter((p) => p.category === category && p.stock > 0).slice(0, 30);
  const csrfToken = reply.generateCsrf();
  reply.setCookie('cart', req.cartId, { signed: true, httpOnly: true, path: '/' });
  return { cart: req.cartId, lines, subtotal: lines.reduce((s, l) => s + l.total, 0), suggestions, csrfToken };
});
app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
