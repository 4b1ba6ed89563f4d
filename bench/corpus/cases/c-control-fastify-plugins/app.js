// Control: a Fastify 5 JSON API with the plugins a public API registers (helmet headers, CORS, an
// in-memory rate limit sized for the traffic) and a response schema; each request pages through a small
// in-memory list.
'use strict';
const fastify = require('fastify')();

const products = Array.from({ length: 400 }, (_, i) => ({ id: i, name: `Product ${i}`, price: (i * 37) % 200, stock: i % 9 }));

fastify.register(require('@fastify/helmet'));
fastify.register(require('@fastify/cors'), { origin: true });
fastify.register(require('@fastify/rate-limit'), { max: 1000000, timeWindow: '1 minute' });

fastify.register(async (api) => {
  api.get('/health', async () => 'ok');
  api.get('/x', {
    schema: {
      querystring: { type: 'object', properties: { page: { type: 'integer', minimum: 0, default: 0 } } },
      response: { 200: { type: 'object', properties: { page: { type: 'integer' }, items: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, price: { type: 'number' } } } } } } },
    },
  }, async (request) => {
    const page = request.query.page % 20;
    return { page, items: products.slice(page * 20, page * 20 + 20) };
  });
});

fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
