// Control: Express 5 with a usual production stack (helmet, cors, compression, morgan to a null stream,
// express-rate-limit, cookie-parser, express.json). /x is a catalogue search: the query's words are looked up in an
// inverted index built once at start-up over 3,000 products, the hits intersected, scored and the top 24 returned:
// light work per request.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const { rateLimit } = require('express-rate-limit');
const cookieParser = require('cookie-parser');

const adjectives = ['red', 'blue', 'organic', 'wireless', 'compact', 'leather', 'steel', 'vintage', 'smart', 'foldable'];
const nouns = ['lamp', 'chair', 'headphones', 'backpack', 'kettle', 'desk', 'jacket', 'speaker', 'bottle', 'tent', 'watch', 'mug'];
const products = Array.from({ length: 3000 }, (_, i) => ({
  id: `p_${i}`, name: `${adjectives[i % 10]} ${adjectives[(i * 3) % 10]} ${nouns[i % 12]} ${i}`, price: ((i * 7919) % 20000) / 100, rating: (i % 50) / 10,
}));
const index = new Map();
for (const p of products) for (const w of new Set(p.name.toLowerCase().split(/\s+/))) {
  if (!index.has(w)) index.set(w, []);
  index.get(w).push(p);
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://shop.example.com', credentials: true }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(rateLimit({ windowMs: 60_000, limit: 100_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.use(cookieParser('catalogue-cookie-secret'));
app.use(express.json({ limit: '100kb' }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', (req, res) => {
  const words = String(req.query.q || 'blue wireless chair').toLowerCase().split(/\s+/).filter((w) => index.has(w)).slice(0, 5);
  const lists = words.map((w) => index.get(w)).sort((a, b) => a.length - b.length);
  const hits = lists.length ? lists[0].filter((p) => lists.every((l) => l.includes(p))) : [];
  const top = hits.sort((a, b) => b.rating - a.rating || a.price - b.price).slice(0, 24);
  res.cookie('last_search', words.join(' '), { signed: true, httpOnly: true, sameSite: 'lax' });
  res.json({ q: words, total: hits.length, results: top });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
