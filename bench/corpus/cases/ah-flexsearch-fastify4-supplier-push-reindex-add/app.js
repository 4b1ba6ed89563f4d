// Fastify 4 (with @fastify/helmet, @fastify/cors and @fastify/rate-limit): a marketplace's catalogue service keeps
// an in-memory FlexSearch Document index (forward tokenization on title, description and brand) behind its search
// box. Suppliers push product updates; /x handles one push of 320 products, upserting each one into the live
// index with index.add (FlexSearch turns an add of a known id into an update) one after another in the handler.
// Every push brings new data, so there is nothing to cache: the indexing itself has to stop holding the loop.
'use strict';
const Fastify = require('fastify');
const helmet = require('@fastify/helmet');
const cors = require('@fastify/cors');
const rateLimit = require('@fastify/rate-limit');
const { Document } = require('flexsearch');

const words = ['stainless', 'steel', 'hinge', 'door', 'cabinet', 'soft', 'close', 'drawer', 'runner', 'handle', 'brass', 'matt',
  'black', 'oak', 'veneer', 'panel', 'screw', 'bracket', 'shelf', 'support'];
const product = (i, rev) => ({
  id: `p_${i}`, brand: `brand-${i % 60}`,
  title: `${words[i % 20]} ${words[(i * 7) % 20]} ${words[(i * 13) % 20]} ${80 + (i % 40)} mm`,
  description: Array.from({ length: 30 }, (_, k) => words[(i * 31 + k * 17 + rev) % 20] + (k % 5 === 0 ? String(i % 97) : '')).join(' '),
});
const index = new Document({ document: { id: 'id', index: ['title', 'description', 'brand'] }, tokenize: 'forward' });
for (let i = 0; i < 6400; i++) index.add(product(i, 0));
let pushes = 0;

async function main() {
  const app = Fastify({ logger: false });
  await app.register(helmet);
  await app.register(cors, { origin: 'https://suppliers.example.com' });
  await app.register(rateLimit, { max: 100000, timeWindow: '1 minute' });
  app.get('/health', async () => ({ ok: true }));
  app.get('/x', async () => {
    const rev = ++pushes, start = (rev * 320) % 6400;
    const batch = Array.from({ length: 320 }, (_, k) => product(start + k, rev));
    for (const p of batch) index.add(p);
    return { push: rev, indexed: batch.length, sample: index.search('soft close', { limit: 3 }) };
  });
  await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
main();
