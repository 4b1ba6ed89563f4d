// Control: a restify 11 catalogue API with the plugins a restify service ships with: acceptParser, queryParser,
// a request logger (restify's bunyan child per request, at warn so access lines stay off stdout), throttle (an
// in-memory token bucket per IP, high enough for the load), conditionalRequest (ETag / If-None-Match) and
// restify-errors for the error bodies. /x searches 2,000 products for a category and returns a page of 24: the
// loop stays responsive.
'use strict';
const restify = require('restify');
const errors = require('restify-errors');

const products = Array.from({ length: 2000 }, (_, i) => ({ id: `P${10000 + i}`, name: `Product ${i}`, category: `cat-${i % 20}`, price: Math.round(((i * 37) % 20000) + 99) / 100,
  rating: (i % 50) / 10, inStock: i % 7 !== 0 }));

const server = restify.createServer({ name: 'catalogue' });
server.log.level = 'warn';
server.pre(restify.plugins.pre.dedupeSlashes());
server.use(restify.plugins.acceptParser(server.acceptable));
server.use(restify.plugins.queryParser({ mapParams: false }));
server.use(restify.plugins.requestLogger());
server.use(restify.plugins.throttle({ burst: 10000, rate: 10000, ip: true }));
server.use(restify.plugins.conditionalRequest());

server.get('/health', (req, res, next) => { res.send({ ok: true }); return next(); });

server.get('/x', (req, res, next) => {
  const category = String(req.query.category || 'cat-7');
  const page = Math.max(0, Number(req.query.page) || 0);
  const found = products.filter((p) => p.category === category && p.inStock).sort((a, b) => b.rating - a.rating || a.price - b.price);
  if (!found.length) return next(new errors.NotFoundError(`no products in ${category}`));
  req.log.debug({ category, found: found.length }, 'search');
  res.send({ category, total: found.length, page, items: found.slice(page * 24, page * 24 + 24) });
  return next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
