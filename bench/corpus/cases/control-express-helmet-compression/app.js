// Control: express with helmet and compression serving a small product list as JSON.
'use strict';
const express = require('express');
const helmet = require('helmet');
const compression = require('compression');

const products = [];
for (let i = 0; i < 50; i++) products.push({ id: i, name: `Product ${i}`, price: (i * 3.7).toFixed(2), inStock: i % 3 !== 0 });

const app = express();
app.use(helmet());
app.use(compression());
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  res.json({ products });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
