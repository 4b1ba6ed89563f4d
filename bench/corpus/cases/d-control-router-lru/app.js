// Control: router on node:http with an lru-cache of computed shipping quotes, a Server-Timing header set
// by on-headers, and vary for the Accept-Language-dependent body.
'use strict';
const http = require('node:http');
const Router = require('router');
const { LRUCache } = require('lru-cache');
const onHeaders = require('on-headers');
const vary = require('vary');

const zones = ['eu', 'uk', 'us', 'ca', 'au', 'jp'];
const quotes = new LRUCache({ max: 500, ttl: 60000 });
let n = 0;

function quote(zone, weightGrams) {
  const base = { eu: 4.5, uk: 5.2, us: 7.9, ca: 8.4, au: 11.2, jp: 9.7 }[zone];
  return { zone, weightGrams, price: Math.round((base + weightGrams / 1000 * 1.35) * 100) / 100, currency: 'EUR' };
}

const router = Router();
router.use((req, res, next) => {
  const start = process.hrtime.bigint();
  onHeaders(res, () => res.setHeader('Server-Timing', `app;dur=${Number(process.hrtime.bigint() - start) / 1e6}`));
  next();
});
router.get('/health', (req, res) => res.end('ok'));
router.get('/x', (req, res) => {
  const zone = zones[n % zones.length];
  const weight = 250 * ((n++ % 40) + 1);
  const key = `${zone}:${weight}`;
  let q = quotes.get(key);
  if (!q) quotes.set(key, (q = quote(zone, weight)));
  vary(res, 'Accept-Language');
  res.setHeader('Content-Type', 'application/json');
  res.end(JSON.stringify(q));
});

http.createServer((req, res) => router(req, res, () => { res.statusCode = 404; res.end(); })).listen(Number(process.env.PORT) || 0, '127.0.0.1');
