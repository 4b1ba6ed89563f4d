// Polka: the outdoor shop's search page shows tag facets ("boot (412)", "jacket (230)"). Merchants type
// tags freely, singular or plural, so /x folds every tag of the 7,000 products in the category to its
// singular form with pluralize 8.0.0 before counting. The tag vocabulary is small (about 60 words);
// the products and their tags are made at start-up here.
'use strict';
const polka = require('polka');
const pluralize = require('pluralize');

const vocabulary = ['boots', 'boot', 'jackets', 'jacket', 'gloves', 'glove', 'tents', 'tent', 'knives', 'knife',
  'batteries', 'battery', 'compasses', 'compass', 'stoves', 'stove', 'matches', 'match', 'axes', 'axe', 'shelves',
  'shelf', 'women', 'woman', 'children', 'child', 'accessories', 'accessory', 'socks', 'sock', 'bags', 'bag',
  'hammocks', 'hammock', 'lenses', 'lens', 'leaves', 'leaf', 'cacti', 'cactus', 'geese', 'goose', 'series',
  'wolves', 'wolf', 'categories', 'category', 'boxes', 'box', 'brushes', 'brush', 'ponchos', 'poncho',
  'trousers', 'shorts', 'sandals', 'sandal', 'bottles', 'bottle', 'mattresses'];
const products = [];
for (let i = 0; i < 7000; i++) {
  const tags = [];
  for (let t = 0; t < 6; t++) tags.push(vocabulary[(i * 7 + t * 13) % vocabulary.length]);
  products.push({ sku: `SKU-${100000 + i}`, tags });
}

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const facets = new Map();
    for (const product of products) {
      for (const tag of product.tags) {
        const key = pluralize.singular(tag);
        facets.set(key, (facets.get(key) || 0) + 1);
      }
    }
    const top = [...facets].sort((a, b) => b[1] - a[1]).slice(0, 20);
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ facets: facets.size, top }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
