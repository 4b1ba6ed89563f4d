// Fastify: the shop's product API. Signed cookies carry the shopper's currency choice, responses get an
// ETag, form posts are parsed, and errors go through fastify-sensible. /x returns one product from the
// in-memory catalogue, priced in the shopper's currency.
'use strict';
const fastify = require('fastify')({ logger: false });

fastify.register(require('@fastify/cookie'), { secret: 'a-long-cookie-signing-secret-for-the-shop' });
fastify.register(require('@fastify/etag'));
fastify.register(require('@fastify/formbody'));
fastify.register(require('@fastify/sensible'));

const rates = { EUR: 1, USD: 1.08, GBP: 0.86 };
const catalogue = new Map();
for (let i = 0; i < 5000; i++) {
  catalogue.set(`p${i}`, { id: `p${i}`, name: `Product ${i}`, price: (i % 900) / 10 + 1, stock: (i * 31) % 200, tags: ['outdoor', 'sale'].slice(0, 1 + (i % 2)) });
}

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (request, reply) => {
  const cookie = request.cookies.currency ? request.unsignCookie(request.cookies.currency) : { valid: false };
  const currency = cookie.valid && rates[cookie.value] ? cookie.value : 'EUR';
  const product = catalogue.get(request.query.id || 'p42');
  if (!product) throw fastify.httpErrors.notFound('no such product');
  reply.setCookie('currency', currency, { signed: true, path: '/', httpOnly: true, sameSite: 'lax' });
  return { ...product, currency, price: Math.round(product.price * rates[currency] * 100) / 100 };
});
fastify.post('/x', async (request) => ({ received: Object.keys(request.body || {}).length }));

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
