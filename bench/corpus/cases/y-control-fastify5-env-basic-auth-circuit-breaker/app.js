// Control: a Fastify 5 order-history API configured through @fastify/env (its schema compiled once at start-up),
// with the admin routes behind @fastify/basic-auth, the customer-facing /x behind @fastify/circuit-breaker (it
// opens after repeated failures or timeouts of the handler), and close-with-grace for shutdown. /x returns a
// customer's 25 latest orders from an in-memory page: small work, and the loop stays responsive.
'use strict';
const fastify = require('fastify');
const closeWithGrace = require('close-with-grace');

const orders = Array.from({ length: 3000 }, (_, i) => ({ id: `O-${90000 + i}`, customer: `C${i % 120}`, total: 15 + (i % 300) + 0.99,
  status: ['paid', 'shipped', 'delivered'][i % 3], placedAt: new Date(Date.UTC(2024, 10, 1) + i * 600000).toISOString() }));

async function build() {
  const app = fastify();
  await app.register(require('@fastify/env'), {
    data: { PORT: process.env.PORT || '0' },
    schema: { type: 'object', required: ['PORT'], properties: {
      PORT: { type: 'integer', default: 0 }, ADMIN_USER: { type: 'string', default: 'ops' }, ADMIN_PASSWORD: { type: 'string', default: 'change-me' },
      BREAKER_TIMEOUT_MS: { type: 'integer', default: 2000 } } },
  });
  await app.register(require('@fastify/basic-auth'), {
    validate: async (username, password) => {
      if (username !== app.config.ADMIN_USER || password !== app.config.ADMIN_PASSWORD) throw new Error('unauthorised');
    },
  });
  await app.register(require('@fastify/circuit-breaker'), { threshold: 5, timeout: app.config.BREAKER_TIMEOUT_MS, resetTimeout: 10000 });

  app.get('/health', async () => 'ok');
  app.get('/admin/stats', { onRequest: app.basicAuth }, async () => ({ orders: orders.length }));
  app.get('/x', { preHandler: app.circuitBreaker() }, async (req) => {
    const customer = req.query.customer || `C${new Date().getSeconds() % 120}`;
    const page = orders.filter((o) => o.customer === customer).slice(-25).reverse();
    return { customer, count: page.length, orders: page };
  });
  return app;
}

build().then(async (app) => {
  closeWithGrace({ delay: 2000 }, async () => { await app.close(); });
  await app.listen({ port: app.config.PORT, host: '127.0.0.1' });
});
