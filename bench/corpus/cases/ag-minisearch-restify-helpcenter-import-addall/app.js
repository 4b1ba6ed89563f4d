// restify: a support widget's search. Each customer's help-center articles are indexed with MiniSearch; when a
// customer re-imports its help-center export (a new batch each time, so there is nothing to cache), /x builds the
// fresh index with miniSearch.addAll over the 3,500 articles in one synchronous call before swapping it in, so every
// other customer's search and the health check wait for it. MiniSearch has an async form, addAllAsync, that indexes
// in chunks and yields to the event loop between them.
'use strict';
const restify = require('restify');
const MiniSearch = require('minisearch');

const words = ['invoice', 'refund', 'shipping', 'password', 'account', 'billing', 'export', 'integration', 'webhook', 'plan',
  'upgrade', 'team', 'member', 'role', 'permission', 'report', 'schedule', 'timezone', 'currency', 'tax', 'coupon', 'trial'];
const text = (i, n) => Array.from({ length: n }, (_, k) => words[(i * 7 + k * 13) % words.length]).join(' ');
const importBatch = Array.from({ length: 3500 }, (_, i) => ({
  id: `kb-${i}`, title: `How to ${text(i, 5)}`, category: words[i % words.length], body: `${text(i, 60)}. ${text(i + 3, 40)}.`,
}));
const indexes = new Map();

const server = restify.createServer({ name: 'helpcenter-search' });
server.use(restify.plugins.queryParser({ mapParams: false }));
server.get('/health', (req, res, next) => { res.send({ ok: true }); return next(); });
server.get('/x', (req, res, next) => {
  const customer = String(req.query.customer || 'cust_1042');
  const index = new MiniSearch({ fields: ['title', 'body', 'category'], storeFields: ['title', 'category'] });
  index.addAll(importBatch);
  indexes.set(customer, index);
  res.send({ customer, documents: index.documentCount, terms: index.termCount });
  return next();
});

server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
