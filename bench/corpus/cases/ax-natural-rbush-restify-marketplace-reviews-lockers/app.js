// restify: the product-page API of an electronics marketplace. Two calls are slow. /products/:sku/review-sentiment
// scores all of a product's reviews with natural's sentiment analyser (AFINN with the Porter stemmer) on every view of
// the product page. /lockers/nearest finds the parcel lockers and pickup points near the shopper: the handler loads
// all 100,000 of them into a new rbush R-tree for each request and searches it. Reviews and lockers are made at start-up.
'use strict';
const restify = require('restify');
const natural = require('natural');
const RBush = require('rbush');

const words = ['great', 'slow', 'delivery', 'broken', 'love', 'terrible', 'excellent', 'late', 'refund', 'happy', 'battery', 'charger', 'fast', 'poor', 'quality', 'works', 'perfectly', 'cheap', 'disappointed', 'recommend', 'screen', 'sound'];
const reviews = new Map([['EL-40551', Array.from({ length: 1100 }, (_, i) => ({ id: `RV-${i}`, stars: 1 + (i % 5),
  text: `${Array.from({ length: 38 }, (_, w) => words[(i * 7 + w * 13) % words.length]).join(' ')}. The headphones arrived ${i % 5} days late and the box was damaged!` }))]]);
const tokenizer = new natural.WordTokenizer();
const analyzer = new natural.SentimentAnalyzer('English', natural.PorterStemmer, 'afinn');

const lockers = Array.from({ length: 100000 }, (_, i) => {
  const lng = -10 + ((i * 7919) % 100000) / 10000, lat = 51 + ((i * 104729) % 100000) / 20000;
  return { minX: lng, minY: lat, maxX: lng, maxY: lat, id: `LK-${100000 + i}`, kind: i % 3 ? 'locker' : 'pickup-point', open24h: i % 4 === 0 };
});

function reviewSentiment(sku) {
  const scored = reviews.get(sku).map((r) => ({ id: r.id, stars: r.stars, score: analyzer.getSentiment(tokenizer.tokenize(r.text)) }));
  const mean = scored.reduce((s, r) => s + r.score, 0) / scored.length;
  return { sku, reviews: scored.length, mean: +mean.toFixed(3), negative: scored.filter((r) => r.score < 0).length };
}

function nearestLockers(lng, lat, km) {
  const tree = new RBush(16);
  tree.load(lockers);
  const d = km / 70;
  return tree.search({ minX: lng - d, minY: lat - d, maxX: lng + d, maxY: lat + d })
    .map((l) => ({ id: l.id, kind: l.kind, open24h: l.open24h, km: +(Math.hypot(l.minX - lng, l.minY - lat) * 70).toFixed(2) }))
    .sort((a, b) => a.km - b.km).slice(0, 10);
}

const server = restify.createServer({ name: 'product-page-api' });
server.use(restify.plugins.queryParser());
server.get('/health', (req, res, next) => { res.send('ok'); return next(); });
server.get('/products/:sku/review-sentiment', (req, res, next) => {
  if (!reviews.has(req.params.sku)) { res.send(404, { error: 'unknown product' }); return next(); }
  res.send(reviewSentiment(req.params.sku));
  return next();
});
server.get('/lockers/nearest', (req, res, next) => {
  res.send({ lockers: nearestLockers(Number(req.query.lng) || -6.26, Number(req.query.lat) || 53.35, Number(req.query.km) || 3) });
  return next();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
