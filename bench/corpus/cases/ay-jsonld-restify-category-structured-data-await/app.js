// restify 11: a shop's structured-data service. Search engines and partner feeds fetch /x, the schema.org JSON-LD
// of a category page: the 1,200 products the PIM exports as expanded JSON-LD (full IRIs) are compacted against the
// shop's schema.org context with `await jsonld.compact(...)`. The context is inline, so no document is loaded: the
// promise resolves only after jsonld has expanded and compacted the whole graph on the loop (its async functions
// await only already-settled values). The export is made at start-up.
'use strict';
const restify = require('restify');
const jsonld = require('jsonld');

const S = 'https://schema.org/';
const context = { '@vocab': S, xsd: 'http://www.w3.org/2001/XMLSchema#', price: { '@id': `${S}price`, '@type': 'xsd:decimal' },
  offers: { '@id': `${S}offers`, '@container': '@set' }, brand: { '@id': `${S}brand`, '@type': '@id' }, image: { '@id': `${S}image`, '@type': '@id' } };
const expanded = Array.from({ length: 1200 }, (_, i) => ({
  '@id': `https://shop.example/p/${20400 + i}`, '@type': [`${S}Product`],
  [`${S}name`]: [{ '@value': `Trail running shoe ${i}`, '@language': 'en' }], [`${S}sku`]: [{ '@value': `TRS-${20400 + i}` }],
  [`${S}brand`]: [{ '@id': `https://shop.example/brand/${i % 12}` }], [`${S}image`]: [{ '@id': `https://cdn.shop.example/p/${20400 + i}/1.jpg` }],
  [`${S}offers`]: [{ '@type': [`${S}Offer`], [`${S}price`]: [{ '@value': (59 + (i % 70)).toFixed(2), '@type': 'http://www.w3.org/2001/XMLSchema#decimal' }],
    [`${S}priceCurrency`]: [{ '@value': 'EUR' }], [`${S}availability`]: [{ '@id': `${S}${i % 9 ? 'InStock' : 'OutOfStock'}` }] }],
  [`${S}aggregateRating`]: [{ '@type': [`${S}AggregateRating`], [`${S}ratingValue`]: [{ '@value': 3.5 + (i % 15) / 10 }], [`${S}reviewCount`]: [{ '@value': 4 + i }] }],
}));

const server = restify.createServer();
server.get('/health', (req, res, next) => { res.send('ok'); next(); });
server.get('/x', async (req, res) => {
  const page = await jsonld.compact({ '@graph': expanded }, context);
  res.send({ category: 'trail-running', structuredData: page });
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
