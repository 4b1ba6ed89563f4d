// express: a product-information (PIM) service's webhook fan-out. Each marketplace connector subscribes to
// product.updated with the blocks of the product document it wants; the team serializes with fast-json-stringify
// "for speed", but builds the serializer from the subscriber's projection of the product schema inside the dispatch
// loop, so every event code-generates (and new-Functions) one serializer per subscriber. /x dispatches the next
// queued product.updated event to the 36 subscriptions. Schema, subscriptions and products are made at start-up.
'use strict';
const express = require('express');
const fastJson = require('fast-json-stringify');

const str = { type: 'string' }, int = { type: 'integer' }, num = { type: 'number' }, bool = { type: 'boolean' };
const obj = (names, typeOf) => ({ type: 'object', properties: Object.fromEntries(names.map((n, i) => [n, typeOf(n, i)])) });
const seq = (prefix, n) => Array.from({ length: n }, (_, i) => `${prefix}${i}`);
const LOCALES = ['en_GB', 'en_US', 'de_DE', 'fr_FR', 'nl_NL', 'it_IT', 'es_ES', 'pl_PL', 'sv_SE', 'da_DK'];
const CHANNELS = ['webshop', 'amazon_de', 'amazon_fr', 'bol', 'zalando', 'otto', 'cdiscount', 'allegro', 'ebay', 'kaufland', 'fnac', 'manomano'];

const localeBlock = () => obj(['title', 'subtitle', 'description', 'shortDescription', 'metaTitle', 'metaDescription', 'slug',
  'careText', 'sizeAdvice', 'materialText', ...seq('bullet', 6), 'keywords', 'searchTerms'], () => str);
const channelBlock = () => obj(['listed', 'listingId', 'status', 'price', 'salePrice', 'currency', 'stock', 'reserved', 'leadTimeDays',
  'category', 'shippingTemplate', 'returnPolicy', 'condition', 'lastSyncedAt', 'errorCode', 'errorMessage', 'commission',
  'fulfilment', 'buyBox', 'rank', 'ratingAverage', 'ratingCount'],
(n) => (['listed', 'buyBox'].includes(n) ? bool : ['price', 'salePrice', 'commission', 'ratingAverage'].includes(n) ? num
  : ['stock', 'reserved', 'leadTimeDays', 'rank', 'ratingCount'].includes(n) ? int : str));
// as the PIM's OpenAPI document defines it (read from JSON, so every block is its own object)
const productSchema = { type: 'object', properties: {
  ...obj(['id', 'sku', 'gtin', 'mpn', 'brand', 'family', 'status', 'createdAt', 'updatedAt', 'parentSku', 'supplierId'], () => str).properties,
  locales: obj(LOCALES, localeBlock),
  channels: obj(CHANNELS, channelBlock),
  attributes: obj(seq('attr_', 160), (n, i) => (i % 7 === 3 ? num : i % 11 === 5 ? bool : str)),
  variants: { type: 'array', items: obj([...seq('option', 4), 'sku', 'gtin', 'stock', 'price', 'weightGrams', ...seq('dim', 3)],
    (n) => (['stock', 'weightGrams'].includes(n) ? int : n === 'price' ? num : str)) },
  media: { type: 'array', items: obj(['url', 'alt', 'width', 'height', 'role', 'checksum'], (n) => (['width', 'height'].includes(n) ? int : str)) },
  compliance: obj(seq('compliance_', 30), (n, i) => (i % 5 === 0 ? bool : str)),
} };

const BLOCKS = Object.keys(productSchema.properties);
const subscriptions = Array.from({ length: 36 }, (_, s) => ({
  id: `sub_${s}`, url: `https://connector${s}.example.com/pim/events`,
  blocks: BLOCKS.filter((b, i) => i < 11 || (i + s) % 5 !== 0),
}));

const fill = (schema, p) => {
  if (schema.type === 'object') return Object.fromEntries(Object.entries(schema.properties).map(([k, v]) => [k, fill(v, p)]));
  if (schema.type === 'array') return [fill(schema.items, p), fill(schema.items, p + 1)];
  return schema.type === 'string' ? `v${p}` : schema.type === 'boolean' ? p % 2 === 0 : p;
};
const queue = Array.from({ length: 40 }, (_, p) => ({ ...fill(productSchema, p), id: `prd_${p}`, sku: `SKU-${1000 + p}` }));
let next = 0;

function projection(blocks) {
  return { type: 'object', properties: Object.fromEntries(blocks.map((b) => [b, productSchema.properties[b]])) };
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const product = queue[next++ % queue.length];
  const deliveries = [];
  for (const sub of subscriptions) {
    const stringify = fastJson(projection(sub.blocks));
    const body = stringify(product);
    deliveries.push({ subscription: sub.id, url: sub.url, bytes: body.length });
  }
  res.json({ event: 'product.updated', product: product.id, deliveries });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
