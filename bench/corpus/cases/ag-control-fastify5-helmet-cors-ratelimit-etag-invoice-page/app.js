// Control: a fastify 5 billing API with the plugins such a service registers: @fastify/helmet, @fastify/cors,
// @fastify/rate-limit (in-memory, limits well above the load), @fastify/etag, @fastify/sensible and
// @fastify/under-pressure (generous thresholds), with a querystring and a response schema (ajv and
// fast-json-stringify compiled once, at start-up). /x returns one page of 25 of a customer's 3,000 invoices,
// filtered and sorted in memory: well under a millisecond of work per request.
'use strict';
const fastify = require('fastify')({ logger: false });

const invoices = Array.from({ length: 3000 }, (_, i) => ({
  id: `in_${100000 + i}`, customer: `cus_${i % 40}`, status: ['paid', 'open', 'void', 'uncollectible'][Math.floor(i / 40) % 4],
  amountCents: 1000 + ((i * 7919) % 250000), currency: ['eur', 'usd'][i % 2], issuedAt: new Date(1704067200000 + i * 8.64e6).toISOString(),
}));

async function main() {
  await fastify.register(require('@fastify/helmet'));
  await fastify.register(require('@fastify/cors'), { origin: ['https://app.example.com'] });
  await fastify.register(require('@fastify/rate-limit'), { max: 100000, timeWindow: '1 minute' });
  await fastify.register(require('@fastify/etag'));
  await fastify.register(require('@fastify/sensible'));
  await fastify.register(require('@fastify/under-pressure'), { maxEventLoopDelay: 5000, maxHeapUsedBytes: 4e9, maxRssBytes: 8e9 });

  fastify.get('/health', async () => ({ ok: true }));
  fastify.get('/x', {
    schema: {
      querystring: { type: 'object', properties: { customer: { type: 'string', default: 'cus_7' }, status: { type: 'string', enum: ['paid', 'open', 'void', 'uncollectible'], default: 'paid' }, page: { type: 'integer', minimum: 0, default: 0 } } },
      response: { 200: { type: 'object', properties: {
        customer: { type: 'string' }, total: { type: 'integer' }, page: { type: 'integer' },
        items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' }, status: { type: 'string' }, amountCents: { type: 'integer' }, currency: { type: 'string' }, issuedAt: { type: 'string' } } } },
      } } },
    },
  }, async (request) => {
    const { customer, status, page } = request.query;
    const matching = invoices.filter((inv) => inv.customer === customer && inv.status === status).sort((a, b) => (a.issuedAt < b.issuedAt ? 1 : -1));
    if (!matching.length) throw fastify.httpErrors.notFound(`no ${status} invoices for ${customer}`);
    return { customer, total: matching.length, page, items: matching.slice(page * 25, page * 25 + 25) };
  });

  await fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
