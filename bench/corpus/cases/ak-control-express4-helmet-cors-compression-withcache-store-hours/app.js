// Control: Express 4 with helmet, cors, compression, morgan (to a null stream) and express-rate-limit: a retail
// chain's store-hours API. Handlers read through the app's withCache(key, ttl, fn) helper; /x returns one store's
// opening hours for the coming week from an in-memory map of 300 stores. Light work; /health answers at once.
'use strict';
const { Writable } = require('node:stream');
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const morgan = require('morgan');
const rateLimit = require('express-rate-limit');

const stores = new Map(Array.from({ length: 300 }, (_, s) => [`st-${s}`, Array.from({ length: 7 }, (_, d) => ({
  day: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'][d], open: d === 6 && s % 3 ? null : `0${8 + (s % 2)}:00`, close: d >= 5 ? '17:00' : '21:00',
}))]));
const cache = new Map();
async function withCache(key, ttlMs, fn) {
  const hit = cache.get(key);
  if (hit && hit.until > Date.now()) return hit.value;
  const value = await fn();
  cache.set(key, { value, until: Date.now() + ttlMs });
  return value;
}

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://stores.example.com' }));
app.use(compression());
app.use(morgan('combined', { stream: new Writable({ write(chunk, enc, cb) { cb(); } }) }));
app.use(rateLimit({ windowMs: 60000, limit: 100000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.get('/health', (req, res) => res.json({ ok: true }));
app.get('/x', async (req, res) => {
  const id = stores.has(req.query.store) ? req.query.store : 'st-42';
  const week = await withCache(`hours:${id}`, 30000, async () => stores.get(id).map((d) => ({ ...d, closed: !d.open })));
  res.set('cache-control', 'public, max-age=60').json({ store: id, week });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
