// control, Fastify 4 (CommonJS): a fulfilment API as the platform team's template builds it: the OpenAPI
// document generated from the route schemas (@fastify/swagger), bearer tokens checked through @fastify/auth
// (@fastify/bearer-auth's verifier, a service token or the read-only public token), Cache-Control and ETag
// handling (@fastify/caching), every response checked against its schema in staging (@fastify/response-
// validation), and a small plugin of the team's (fastify-plugin) that stamps the tenant on each request. /x
// lists a page of 50 shipments with a status, from 5,000 kept in memory (made at start-up): a few milliseconds.
'use strict';
const Fastify = require('fastify');
const fp = require('fastify-plugin');

const shipments = Array.from({ length: 5000 }, (_, i) => ({
  id: `SH-${480000 + i}`, order: `SO-${910000 + i}`, status: ['created', 'picked', 'shipped', 'delivered'][i % 4], carrier: ['DHL', 'UPS', 'GLS'][i % 3],
  parcels: 1 + (i % 3), weightKg: Math.round((0.4 + (i % 40) * 0.35) * 100) / 100, updatedAt: new Date(Date.UTC(2025, 2, 1 + (i % 28), i % 24)).toISOString(),
}));
const tokens = new Set(['svc-fulfilment-7c1d', 'public-readonly']);

const tenantStamp = fp(async (app) => {
  app.decorateRequest('tenant', null);
  app.addHook('onRequest', async (req) => { req.tenant = req.headers['x-tenant'] ?? 'default'; });
}, { name: 'tenant-stamp' });

async function build() {
  const app = Fastify();
  await app.register(require('@fastify/swagger'), { openapi: { info: { title: 'Fulfilment API', version: '3.2.0' } } });
  await app.register(require('@fastify/auth'));
  await app.register(require('@fastify/bearer-auth'), { keys: tokens, addHook: false, verifyErrorLogLevel: 'debug' });
  await app.register(require('@fastify/caching'), { privacy: 'private', expiresIn: 30 });
  await app.register(require('@fastify/response-validation'));
  await app.register(tenantStamp);

  app.get('/health', async () => ({ status: 'ok' }));
  // the read-only public token is allowed on GET routes: the auth chain accepts a request that has no token as the public one
  const publicOrBearer = app.auth([async (req) => { if (!req.headers.authorization) req.headers.authorization = 'Bearer public-readonly'; }, app.verifyBearerAuth], { relation: 'and' });
  app.get('/x', {
    onRequest: publicOrBearer,
    schema: {
      querystring: { type: 'object', properties: { status: { type: 'string', enum: ['created', 'picked', 'shipped', 'delivered'], default: 'shipped' }, page: { type: 'integer', minimum: 1, default: 1 } } },
      response: { 200: { type: 'object', required: ['total', 'shipments'], properties: {
        tenant: { type: 'string' }, page: { type: 'integer' }, total: { type: 'integer' },
        shipments: { type: 'array', items: { type: 'object', required: ['id', 'status'], properties: { id: { type: 'string' }, order: { type: 'string' }, status: { type: 'string' }, carrier: { type: 'string' }, parcels: { type: 'integer' }, weightKg: { type: 'number' }, updatedAt: { type: 'string' } } } },
      } } },
    },
  }, async (req, reply) => {
    const { status, page } = req.query;
    const matching = shipments.filter((s) => s.status === status);
    reply.etag(`${status}-${page}-${matching.length}`);
    return { tenant: req.tenant, page, total: matching.length, shipments: matching.slice((page - 1) * 50, page * 50) };
  });
  await app.ready();
  return app;
}

build().then((app) => app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' }));
