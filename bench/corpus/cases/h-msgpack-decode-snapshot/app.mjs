// Hono on node: a pricing endpoint reads the catalogue snapshot that the nightly job publishes as
// MessagePack (held here as the bytes a cache GET returns) and answers the prices of one category.
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { encode, decode } from '@msgpack/msgpack';

const categories = ['garden', 'kitchen', 'tools', 'toys', 'office', 'outdoor'];
const snapshotBytes = encode({
  generatedAt: '2026-03-02T02:00:00Z',
  products: Array.from({ length: 24000 }, (_, i) => ({
    sku: `SKU-${100000 + i}`,
    category: categories[i % 6],
    title: `Product ${i} – ${categories[i % 6]} essentials, größe ${i % 9}`,
    summary: `Robust ${categories[i % 6]} item no. ${i}: wetterfest, spülmaschinengeeignet und langlebig – ideal für Küche, Garten und Büro. Lieferung in 2–3 Werktagen.`,
    price: 199 + (i % 5000),
    units: i % 250,
  })),
});
const cache = { get: (key) => (key === 'catalogue:snapshot' ? snapshotBytes : undefined) };

const app = new Hono();
app.get('/health', (c) => c.text('ok'));
app.get('/x', (c) => {
  const snapshot = decode(cache.get('catalogue:snapshot'));
  const prices = snapshot.products.filter((p) => p.category === 'tools').slice(0, 50).map((p) => ({ sku: p.sku, amount: p.price }));
  return c.json({ generatedAt: snapshot.generatedAt, prices });
});

serve({ fetch: app.fetch, port: Number(process.env.PORT) || 0, hostname: '127.0.0.1' });
