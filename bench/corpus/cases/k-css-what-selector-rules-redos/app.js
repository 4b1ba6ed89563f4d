// Polka: the price-monitoring service lets each customer save extraction rules for the shops it
// watches: a CSS selector per field. /x is the rules check that runs before a crawl: every saved
// selector goes through css-what's parse (css-what 5.0.0) and the parsed form is stored. One customer
// pasted a selector with a long run of blanks inside an attribute selector (made at start-up here).
'use strict';
const polka = require('polka');
const { parse, stringify } = require('css-what');

const rules = [];
for (let i = 0; i < 60; i++) {
  rules.push({ field: 'price', selector: `div.product:nth-child(${i + 1}) > span[data-price], .offer [itemprop="price"]` });
  rules.push({ field: 'title', selector: `#main h1.title, article[data-sku="SKU-${10000 + i}"] > header h2` });
}
rules.push({ field: 'stock', selector: `div[data-stock${' '.repeat(640)}=in` });

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/x', (req, res) => {
    const checked = [];
    for (const rule of rules) {
      try {
        checked.push({ field: rule.field, normalised: stringify(parse(rule.selector)) });
      } catch (err) {
        checked.push({ field: rule.field, error: err.message.slice(0, 60) });
      }
    }
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify({ rules: checked.length, errors: checked.filter((c) => c.error).length }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
