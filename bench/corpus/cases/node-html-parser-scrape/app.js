// Price extraction from a supplier's HTML price list (0.6 MB, kept in memory) with node-html-parser.
'use strict';
const express = require('express');
const { parse } = require('node-html-parser');

let page = '<html><body><table>';
for (let i = 0; i < 4500; i++) {
  page += `<tr class="row" data-id="${i}"><td>${i}</td><td><a href="/p/${i}">Product ${i}</a></td><td><span class="price">${i}.99</span></td></tr>`;
}
page += '</table></body></html>';

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const root = parse(page);
  const prices = root.querySelectorAll('.price').map((el) => Number(el.text));
  res.json({ count: prices.length, max: Math.max(...prices) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
