// Fastify 5: the order page of a small shop's customer portal. @fastify/helmet sets the security headers,
// @fastify/etag hashes each reply for conditional requests, and @fastify/view renders an EJS template that is
// compiled once and kept (production mode). The order comes from an in-memory store of 5,000 orders; each request
// renders one order of ~20 lines (a few KB). Nothing here holds the loop: a control.
'use strict';
const path = require('node:path');
const fastify = require('fastify')({ logger: false });

const orders = new Map(Array.from({ length: 5000 }, (_, i) => {
  const lines = Array.from({ length: 12 + (i % 10) }, (_, k) => ({ sku: `SKU-${1000 + ((i * 7 + k) % 900)}`, title: `Item ${k} of order ${i}`, qty: 1 + (k % 4), price: 2.5 + ((i + k) % 80) }));
  return [String(50000 + i), { id: String(50000 + i), status: ['paid', 'packed', 'shipped'][i % 3], placed: new Date(1735689600000 + i * 3600e3).toISOString().slice(0, 10),
    customer: `customer-${i % 700}`, lines, total: lines.reduce((t, l) => t + l.qty * l.price, 0) }];
}));

fastify.register(require('@fastify/helmet'));
fastify.register(require('@fastify/etag'));
fastify.register(require('@fastify/view'), { engine: { ejs: require('ejs') }, root: path.join(__dirname, 'views'), production: true });

fastify.get('/health', async () => ({ ok: true }));
fastify.get('/x', (req, reply) => {
  const order = orders.get(String(req.query.id)) || orders.get('51234');
  return reply.view('order.ejs', { order });
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
