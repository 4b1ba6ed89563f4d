// An export endpoint that sends every customer at once: res.json of about 17 MB.
'use strict';
const express = require('express');

const rows = [];
for (let i = 0; i < 85000; i++) {
  rows.push({ id: i, name: `customer ${i}`, email: `c${i}@example.com`, address: { street: `${i} Main St`, city: 'Springfield', zip: '12345' }, orders: [i, i + 1, i + 2], active: i % 2 === 0, balance: i * 3.14 });
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  res.json({ rows });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
