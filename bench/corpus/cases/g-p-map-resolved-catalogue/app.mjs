// Hono on node: a price-feed endpoint converts the whole catalogue (180,000 offers) to the caller's
// currency with p-map, "to keep the FX lookups concurrent"; the rates were loaded at start-up, so every
// mapper resolves at once and p-map's promise bookkeeping runs without giving the loop a turn.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import pMap from 'p-map';

const rates = new Map([['EUR', 1], ['USD', 0.92], ['GBP', 1.17], ['CHF', 1.04], ['SEK', 0.088]]);
const currencies = [...rates.keys()];
const offers = Array.from({ length: 180000 }, (_, i) => ({ sku: `SKU-${i}`, price: 5 + (i % 950) / 10, currency: currencies[i % currencies.length] }));

async function toEuro(offer) { // was an HTTP call to the FX service; now served from the start-up table
  return offer.price * rates.get(offer.currency);
}

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', async (c) => {
  const prices = await pMap(offers, toEuro, { concurrency: 16 });
  let sum = 0;
  for (const p of prices) sum += p;
  return c.json({ offers: prices.length, average: Math.round((sum / prices.length) * 100) / 100 });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
