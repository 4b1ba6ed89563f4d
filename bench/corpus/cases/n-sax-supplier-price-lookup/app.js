// Koa: the purchasing service's price lookup. The supplier's nightly price file (about 1 MB of XML,
// 3,000 items with titles, tiered prices and stock per warehouse) is kept in memory as it arrived;
// /x answers "what does the supplier charge for these SKUs" by streaming the whole file through
// sax 1.4.1 on every request and picking out the wanted items.
'use strict';
const Koa = require('koa');
const sax = require('sax');

let priceFile = '<?xml version="1.0" encoding="UTF-8"?>\n<PriceFile supplier="NORDWAY" generated="2024-03-01T02:00:00Z">\n';
for (let i = 0; i < 3000; i++) {
  priceFile += `  <Item sku="NW-${100000 + i}" ean="40${1000000000 + i * 7}" status="${i % 11 ? 'active' : 'discontinued'}">\n` +
    `    <Title lang="de">Schraube M${4 + (i % 6)} x ${10 + (i % 40)} mm, verzinkt &amp; gehärtet</Title>\n` +
    `    <Price currency="EUR" tier="1">${(0.05 + (i % 300) / 100).toFixed(2)}</Price>\n` +
    `    <Price currency="EUR" tier="100">${(0.04 + (i % 300) / 120).toFixed(2)}</Price>\n` +
    `    <Stock warehouse="HAM">${(i * 37) % 5000}</Stock><Stock warehouse="MUC">${(i * 13) % 900}</Stock>\n` +
    `    <Pack unit="PCE">${[50, 100, 200][i % 3]}</Pack>\n  </Item>\n`;
}
priceFile += '</PriceFile>\n';

function findItems(wanted) {
  const found = [];
  let item = null, tag = null, tier = null;
  const parser = sax.parser(true, { trim: true });
  parser.onopentag = (node) => {
    tag = node.name;
    if (node.name === 'Item' && wanted.has(node.attributes.sku)) item = { sku: node.attributes.sku, prices: {} };
    else if (node.name === 'Price') tier = node.attributes.tier;
  };
  parser.ontext = (text) => {
    if (!item) return;
    if (tag === 'Price') item.prices[tier] = Number(text);
    else if (tag === 'Title') item.title = text;
  };
  parser.onclosetag = (name) => { if (name === 'Item' && item) { found.push(item); item = null; } tag = null; };
  parser.write(priceFile).close();
  return found;
}

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') { ctx.body = 'ok'; return; }
  const skus = new Set(String(ctx.query.sku || 'NW-100042,NW-101234,NW-102999').split(','));
  const items = findItems(skus);
  ctx.body = { supplier: 'NORDWAY', items };
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
