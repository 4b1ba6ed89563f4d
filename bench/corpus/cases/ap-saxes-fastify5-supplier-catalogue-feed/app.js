// Fastify 5: the purchasing service of a hardware retailer. A supplier's catalogue feed (XML, made at start-up
// here, fetched nightly in production) is kept as text; every stock check (/x) parses the whole feed with saxes,
// the streaming XML parser jsdom uses, to find the handful of SKUs on a buyer's reorder list.
'use strict';
const fastify = require('fastify')({ logger: false });
const { SaxesParser } = require('saxes');

const items = [];
for (let i = 0; i < 22000; i++) {
  items.push(`<product sku="SKU-${100000 + i}" status="${i % 9 ? 'active' : 'discontinued'}"><name>Widget model ${i} &amp; accessories</name>` +
    `<brand>Nordwerk ${i % 40}</brand><price currency="EUR">${(9.99 + (i % 300)).toFixed(2)}</price><stock warehouse="DE-${i % 5}">${i % 120}</stock>` +
    `<category>Tools/Hand tools/${i % 30}</category></product>`);
}
const feed = { supplier: 'nordwerk', receivedAt: '2025-03-02T04:00:00Z',
  xml: `<?xml version="1.0" encoding="UTF-8"?>\n<catalogue supplier="nordwerk" generated="2025-03-02T04:00:00Z">\n${items.join('\n')}\n</catalogue>` };

function readFeed(xml) {
  const parser = new SaxesParser();
  const products = new Map();
  let current = null, field = null;
  parser.on('opentag', (tag) => {
    if (tag.name === 'product') current = { sku: tag.attributes.sku, status: tag.attributes.status };
    else field = tag.name;
  });
  parser.on('text', (text) => { if (current && field) current[field] = text; });
  parser.on('closetag', (tag) => {
    if (tag.name === 'product') { products.set(current.sku, current); current = null; }
    field = null;
  });
  parser.write(xml).close();
  return products;
}

fastify.get('/health', async () => 'ok');
fastify.get('/x', async (req) => {
  const reorder = String(req.query.skus || 'SKU-100042,SKU-107311,SKU-115000,SKU-121999').split(',');
  const products = readFeed(feed.xml);
  return { supplier: feed.supplier, feedAt: feed.receivedAt, lines: reorder.map((sku) => products.get(sku) || { sku, missing: true }) };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
