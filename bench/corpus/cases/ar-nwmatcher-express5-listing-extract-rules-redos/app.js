// Express 5: the catalogue-ingest service of a price-comparison site. Merchants set extraction rules (a CSS
// selector per field) in the partner portal; the listing preview (/x) re-extracts a merchant's product from the last
// crawled page with jsdom 9, which the crawler team's scraping module still pins, and whose querySelectorAll runs
// nwmatcher 1.4.3. Merchant m-4471 saved its size rule from a multi-line textarea: the indentation stayed in the
// selector, and a ']' took the place of the closing ')'.
'use strict';
const express = require('express');
const helmet = require('helmet');
const { jsdom } = require('jsdom');

const crawled = new Map([['m-4471', Array.from({ length: 24 }, (_, i) => `<div class="product" data-sku="TR-${7100 + i}">
  <h1 class="title">Trail runner ${i + 1} GTX</h1><span class="price">€${(109.95 + i * 5).toFixed(2)}</span>
  <ul class="variants">${[39, 40, 41, 42, 43, 44].map((s) => `<li><span class="size">${s}</span></li>`).join('')}</ul>
  <p class="stock">${i % 4 ? 'In stock' : 'Only 2 left'}</p></div>`).join('\n')]]);

const rules = new Map([['m-4471', {
  title: 'div.product h1.title',
  price: 'div.product span.price',
  stock: 'div.product > p.stock',
  sizes: 'ul.variants > li:nth-of-type(\n          odd\n          ] span.size',
}]]);

function extractListing(html, fieldRules) {
  const doc = jsdom(`<!doctype html><html><body>${html}</body></html>`, { features: { FetchExternalResources: false, ProcessExternalResources: false } });
  const out = {};
  for (const [field, selector] of Object.entries(fieldRules)) {
    try {
      out[field] = Array.from(doc.querySelectorAll(selector), (node) => node.textContent.trim());
    } catch (err) {
      out[field] = { error: `invalid selector: ${err.message.slice(0, 60)}` };
    }
  }
  doc.defaultView.close();
  return out;
}

const app = express();
app.use(helmet());
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', (req, res) => {
  const merchant = req.query.merchant || 'm-4471';
  const fields = extractListing(crawled.get(merchant), rules.get(merchant));
  res.json({ merchant, products: fields.title.length, fields });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
