// Express 5, bundled and minified with esbuild as the team ships it: the order service of an online marketplace.
// Order ids are never shown as database numbers: every id that leaves the service is a sqids string (shop id and
// order id, at least 10 characters, checked against sqids' default blocklist of offensive words). The accounting
// integration pulls /shops/:id/orders/export for the month, about 9,000 orders, and the handler encodes every order's
// public id as it maps the rows. Shops and orders are made at start-up, as the database would return them.
'use strict';
const express = require('express');
const Sqids = require('sqids').default;

const sqids = new Sqids({ minLength: 10, alphabet: 'k3G7QAe51FCsPW92uEOyq4Bg6Sp8YzVTmnU0liwDdHXLajZrfxNhobJIRcMvKt' });
const shops = new Map();
for (let s = 0; s < 12; s++) {
  const id = 3100 + s;
  shops.set(String(id), { id, name: `Shop ${id}`, orders: Array.from({ length: 9000 }, (_, i) => ({
    id: 5_000_000 + s * 100_000 + i, placedAt: `2025-05-${String((i % 31) + 1).padStart(2, '0')}T${String(i % 24).padStart(2, '0')}:15:00Z`,
    total: ((i * 7919) % 50000) / 100, currency: 'EUR', status: ['paid', 'shipped', 'refunded'][i % 3],
  })) });
}

function exportRow(shop, order) {
  return { publicId: sqids.encode([shop.id, order.id]), placedAt: order.placedAt, total: order.total, currency: order.currency, status: order.status };
}

const app = express();
app.disable('x-powered-by');
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/shops/:id/orders/export', (req, res) => {
  const shop = shops.get(req.params.id);
  if (!shop) return res.status(404).json({ error: 'no such shop' });
  res.json({ shop: sqids.encode([shop.id]), month: '2025-05', orders: shop.orders.map((o) => exportRow(shop, o)) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
