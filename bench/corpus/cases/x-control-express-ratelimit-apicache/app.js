// Control: an express 4 catalogue API behind a per-client limiter (rate-limiter-flexible's in-memory limiter,
// generous enough for the load) and apicache, which keeps each /x response for 2 seconds; a miss builds a
// page of 40 products, small work. The loop stays responsive.
'use strict';
const express = require('express');
const { RateLimiterMemory } = require('rate-limiter-flexible');
const apicache = require('apicache');

const limiter = new RateLimiterMemory({ points: 1000000, duration: 60 });
const cache = apicache.options({ defaultDuration: '2 seconds' }).middleware;

const products = [];
for (let i = 0; i < 2000; i++) products.push({ id: i, name: `Product ${i}`, price: (i % 250) * 1.99, category: `cat-${i % 25}`, stock: i % 40 });

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.use(async (req, res, next) => {
  try {
    await limiter.consume(req.ip);
    next();
  } catch {
    res.status(429).send('slow down');
  }
});

app.get('/x', cache(), (req, res) => {
  const category = `cat-${new Date().getSeconds() % 25}`;
  const page = products.filter((p) => p.category === category).slice(0, 40);
  res.json({ category, count: page.length, page });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
