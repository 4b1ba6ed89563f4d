// hapi 21: the product feed service of a home-goods retailer, two slow calls. /feeds/merchant/alerts answers the
// merchandisers' question "which premium articles are out of stock in the feed we send to the shopping ads?" with an
// XPath query (the xpath package) over the 2,400-item RSS feed, parsed once with @xmldom/xmldom; /feeds/articles/
// validate checks the 12,000 staged articles of the next feed against the feed's JSON Schema with
// @cfworker/json-schema, the validator the team also runs in its edge worker. The app's FeedService does both. The
// feed and the staged articles are made at start-up.
'use strict';
const Hapi = require('@hapi/hapi');
const { DOMParser } = require('@xmldom/xmldom');
const xpath = require('xpath');
const { Validator } = require('@cfworker/json-schema');

const item = (i) => `<item><g:id>P${100000 + i}</g:id><title>Linen duvet cover ${i % 40}</title><g:brand>Brand${i % 40}</g:brand><g:price>${((i * 7919) % 9000 / 100 + 5).toFixed(2)} EUR</g:price><g:availability>${i % 7 ? 'in stock' : 'out of stock'}</g:availability><g:product_type>Home &gt; Bedroom &gt; ${['Duvets', 'Pillows', 'Sheets'][i % 3]}</g:product_type><g:custom_label_0>${i % 4 ? 'core' : 'premium'}</g:custom_label_0></item>`;
const feed = new DOMParser().parseFromString(`<?xml version="1.0"?><rss xmlns:g="http://base.google.com/ns/1.0" version="2.0"><channel><title>Merchant feed</title>${Array.from({ length: 2400 }, (_, i) => item(i)).join('')}</channel></rss>`, 'text/xml');
const select = xpath.useNamespaces({ g: 'http://base.google.com/ns/1.0' });

const staged = Array.from({ length: 12000 }, (_, i) => ({ id: `P${100000 + i}`, title: `Linen duvet cover ${i % 40}`, brand: `Brand${i % 40}`, price: ((i * 7919) % 9000) / 100 + 5, currency: 'EUR', stock: i % 500, gtin: String(4000000000000 + i), availability: i % 7 ? 'in stock' : 'out of stock', labels: i % 4 ? ['core'] : ['premium', 'sale'] }));
const articleSchema = {
  type: 'object', required: ['id', 'title', 'price', 'currency', 'availability'], additionalProperties: false,
  properties: {
    id: { type: 'string', pattern: '^P\\d{6}$' }, title: { type: 'string', minLength: 3, maxLength: 150 }, brand: { type: 'string' }, price: { type: 'number', minimum: 0 },
    currency: { enum: ['EUR', 'GBP'] }, stock: { type: 'integer', minimum: 0 }, gtin: { type: 'string', pattern: '^\\d{8,14}$' },
    availability: { enum: ['in stock', 'out of stock', 'preorder'] }, labels: { type: 'array', items: { enum: ['core', 'premium', 'sale', 'new'] }, uniqueItems: true },
  },
};
const validator = new Validator(articleSchema, '2020-12', false);

const FeedService = {
  premiumOutOfStock(minPrice) {
    const ids = select(`//item[g:custom_label_0='premium' and g:availability='out of stock' and number(substring-before(g:price, ' ')) >= ${minPrice}]/g:id/text()`, feed);
    return ids.map((n) => n.nodeValue);
  },
  validateStaged(articles) {
    const errors = [];
    for (const article of articles) {
      const result = validator.validate(article);
      if (!result.valid) errors.push({ id: article.id, error: result.errors[0].error });
    }
    return { checked: articles.length, invalid: errors.length, errors: errors.slice(0, 50) };
  },
};

async function start() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/feeds/merchant/alerts', handler: (req) => {
    const ids = FeedService.premiumOutOfStock(Number(req.query.minPrice) || 20);
    return { feed: 'merchant', premiumOutOfStock: ids.length, ids: ids.slice(0, 100) };
  } });
  server.route({ method: 'GET', path: '/feeds/articles/validate', handler: () => FeedService.validateStaged(staged) });
  await server.start();
}
start();
