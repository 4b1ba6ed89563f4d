// Express 5: a shipping service prints the day's carrier manifest. Orders arrive from several marketplaces and
// their free-text fields are cleaned with lodash.trimend (the per-method lodash package the label module has
// always used) before they go on the manifest. One marketplace pads its gift-message field to a fixed width,
// so one order's message is a long run of spaces with a sign-off after it.
'use strict';
const express = require('express');
const trimEnd = require('lodash.trimend');

const orders = Array.from({ length: 60 }, (_, i) => ({ id: `ORD-${70000 + i}`, name: `Customer ${i}   `, street: `${i + 1} Harbour Road  `,
  city: `Rotterdam${i % 3 ? '' : '  '}`, reference: `PO-${i * 13}\t`, giftMessage: `Happy birthday!${' '.repeat(i % 5)}` }));
orders[23].giftMessage = `Happy birthday, love from all of us${' '.repeat(12000)}xo`;

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });

app.get('/x', (req, res) => {
  const manifest = orders.map((order) => {
    const line = {};
    for (const [field, value] of Object.entries(order)) line[field] = trimEnd(value);
    return line;
  });
  res.json({ carrier: 'postnl', date: new Date().toISOString().slice(0, 10), parcels: manifest.length, first: manifest[0] });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
