// polka: the sales-analytics service of a DIY retail chain, two slow pages. /reports/vat totals the month's 36,000
// invoice lines with currency.js (exact cents, as the finance team insists) on every view, though a month's
// lines only change when an invoice is posted. /map/choropleth colours the 18,000 postcode areas of the revenue
// map with a chroma-js lightness-corrected Lab scale on every load, though the scale is fixed and the areas'
// shares change once a night.
'use strict';
const polka = require('polka');
const currency = require('currency.js');
const chroma = require('chroma-js');

const lines = Array.from({ length: 36000 }, (_, i) => ({ invoice: `RE-${700000 + (i >> 3)}`, price: (3.99 + (i % 200) * 0.37).toFixed(2), qty: 1 + (i % 7), vat: [0.19, 0.07][i % 2], discount: i % 5 ? 0 : 0.1 }));
const areas = Array.from({ length: 18000 }, (_, i) => ({ postcode: String(10000 + i * 5).padStart(5, '0'), share: ((i * 7919) % 1000) / 1000 }));
const revenueScale = chroma.scale(['#f7fbff', '#6baed6', '#08306b']).mode('lab').correctLightness().domain([0, 1]);

function vatReport(month) {
  let net = currency(0), vat = currency(0);
  for (const l of lines) {
    const amount = currency(l.price).multiply(l.qty).multiply(1 - l.discount);
    net = net.add(amount);
    vat = vat.add(amount.multiply(l.vat));
  }
  return { month, lines: lines.length, net: net.format(), vat: vat.format(), gross: net.add(vat).format() };
}

polka()
  .get('/health', (req, res) => res.end('ok'))
  .get('/reports/vat', (req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(vatReport(req.query.month || '2025-05')));
  })
  .get('/map/choropleth', (req, res) => {
    const fills = areas.map((a) => ({ postcode: a.postcode, fill: revenueScale(a.share).hex() }));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ areas: fills.length, sample: fills.slice(0, 50) }));
  })
  .listen(Number(process.env.PORT) || 0, '127.0.0.1');
