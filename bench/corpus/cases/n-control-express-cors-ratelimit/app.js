// Express: the storefront's public catalogue API behind the usual middleware: CORS for the shop's
// origins, cookie-parser (signed cookies) for the shopper's saved currency, express-rate-limit (in-memory
// store, generous limit), morgan logging only errors, and response-time. /x returns one page of 24 products
// from the in-memory catalogue.
'use strict';
const express = require('express');
const cors = require('cors');
const cookieParser = require('cookie-parser');
const morgan = require('morgan');
const responseTime = require('response-time');
const { rateLimit } = require('express-rate-limit');

const rates = { EUR: 1, USD: 1.08, GBP: 0.86 };
const catalogue = Array.from({ length: 5000 }, (_, i) => ({ id: `p${i}`, name: `Product ${i}`, price: (i % 900) / 10 + 1, category: ['garden', 'kitchen', 'tools'][i % 3] }));

const app = express();
app.use(responseTime());
app.use(morgan('tiny', { skip: (req, res) => res.statusCode < 400 }));
app.use(cors({ origin: ['https://shop.example', 'https://m.shop.example'], credentials: true }));
app.use(cookieParser('a-long-cookie-signing-secret-for-the-shop'));
app.use(rateLimit({ windowMs: 60 * 1000, limit: 1000000, standardHeaders: 'draft-7', legacyHeaders: false }));

app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const currency = rates[req.signedCookies.currency] ? req.signedCookies.currency : 'EUR';
  const page = Math.max(0, Number(req.query.page) || 0);
  const items = catalogue.slice(page * 24, page * 24 + 24).map((p) => ({ ...p, price: Math.round(p.price * rates[currency] * 100) / 100 }));
  res.cookie('currency', currency, { signed: true, httpOnly: true, sameSite: 'lax' });
  res.json({ page, currency, items });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
