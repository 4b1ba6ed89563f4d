// Fastify 5 (@fastify/helmet, @fastify/cors): a B2B price-list API whose team compresses JSON responses themselves in
// an onSend hook with brotli-wasm at quality 11 ("smallest payload for the mobile apps"). /x returns a customer's
// price list (about 90 KB of JSON); brotli-wasm's compress runs the Brotli encoder in its WebAssembly module
// synchronously on the loop, and quality 11 is the slowest setting, for every response.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const brotli = require('brotli-wasm');

const priceLists = new Map(['acme', 'globex', 'initech'].map((c, k) => [c, Array.from({ length: 1000 }, (_, i) => ({
  sku: `SKU-${(i * 7919 + k) % 100000}`, name: `Product ${i} ${['bolt', 'nut', 'washer', 'bracket'][i % 4]}`,
  price: ((i * 37 + k * 11) % 10000) / 100, currency: 'EUR', tier: ['A', 'B', 'C'][i % 3],
}))]));

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://portal.example.com' });
  app.addHook('onSend', async (req, reply, payload) => {
    if (typeof payload !== 'string' || payload.length < 1024 || !/\bbr\b/.test(req.headers['accept-encoding'] || 'br')) return payload;
    reply.header('content-encoding', 'br');
    return Buffer.from(brotli.compress(Buffer.from(payload), { quality: 11 }));
  });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async (req) => {
    const customer = priceLists.has(req.query.customer) ? req.query.customer : 'globex';
    return { customer, items: priceLists.get(customer) };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
