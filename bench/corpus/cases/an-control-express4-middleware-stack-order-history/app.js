// Control, Express 4 with a production middleware stack: morgan access logs, helmet, cors, compression,
// cookie-parser and express-rate-limit (a generous per-client budget). /x is a shop's "my orders" page API: the
// signed-in customer's last 25 orders (of 40 kept in memory), each with its lines and a computed total, about a
// millisecond of work. The loop stays responsive.
'use strict';
const express = require('express');
const morgan = require('morgan');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const cookieParser = require('cookie-parser');
const { rateLimit } = require('express-rate-limit');

const statuses = ['delivered', 'shipped', 'processing', 'returned'];
const orders = Array.from({ length: 40 }, (_, i) => ({
  id: `ORD-25-${String(88120 + i)}`, placedAt: new Date(Date.UTC(2025, 10, 30 - (i % 30), 9 + (i % 8))).toISOString(), status: statuses[i % 4],
  lines: Array.from({ length: 1 + (i % 4) }, (_, j) => ({ sku: `SKU-${1000 + ((i * 7 + j) % 300)}`, qty: 1 + (j % 3), unit: 4.99 + ((i + j) % 20) * 2.5 })),
}));

const app = express();
app.use(morgan('tiny'));
app.use(helmet());
app.use(cors({ origin: 'https://shop.example.com', credentials: true }));
app.use(compression());
app.use(cookieParser('cookie-secret-7d1e'));
app.use(rateLimit({ windowMs: 60 * 1000, limit: 100000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const customer = req.signedCookies.cid || 'C-40213';
  const page = orders.slice(0, Number(req.query.limit) || 25).map((o) => ({ ...o, total: Math.round(o.lines.reduce((s, l) => s + l.qty * l.unit, 0) * 100) / 100 }));
  res.json({ customer, count: page.length, orders: page });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
