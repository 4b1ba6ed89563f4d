// Hono on @hono/node-server, an ES module bundled with rollup (node-resolve, commonjs, json; CommonJS out,
// with a source map): a wholesaler's B2B portal. /x builds a customer's price sheet: the 40,000 SKUs of
// the assortment, each priced through the pricing client with @supercharge/promise-pool at a concurrency
// of 50, as the team does for every bulk call. The client is async and memoizes its answers, so after the
// first sheet every lookup is a cache hit that resolves at once: the pool's promises are all that is left.
// The assortment and the price cache are made at start-up.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { PromisePool } from '@supercharge/promise-pool';

const skus = Array.from({ length: 40000 }, (_, i) => `SKU-${100000 + i}`);
const cache = new Map(skus.map((sku, i) => [sku, { list: 10 + (i % 500) / 10, tier: [0, 0.05, 0.1, 0.15][i % 4] }]));
const pricing = {
  async price(sku, customer) {
    const hit = cache.get(sku);
    if (hit) return { sku, net: Math.round(hit.list * (1 - hit.tier - customer.discount) * 100) / 100 };
    throw new Error(`no price for ${sku}`);
  },
};
const customer = { id: 'C-2231', discount: 0.03 };

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', async (c) => {
  const { results, errors } = await PromisePool.withConcurrency(50).for(skus).process((sku) => pricing.price(sku, customer));
  const total = results.reduce((s, r) => s + r.net, 0);
  return c.json({ customer: customer.id, lines: results.length, failed: errors.length, average: Math.round((total / results.length) * 100) / 100, first: results.slice(0, 20) });
});
serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
