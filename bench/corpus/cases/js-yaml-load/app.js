// A catalogue kept as YAML (as a CMS exports it) and parsed again on every request.
'use strict';
const express = require('express');
const yaml = require('js-yaml');

const items = [];
for (let i = 0; i < 14000; i++) {
  items.push({ id: i, name: `item ${i}`, tags: ['a', 'b', 'c'], price: i * 1.5, meta: { created: '2024-01-01', owner: `user${i % 100}` } });
}
const source = yaml.dump({ items }); // about 2 MB of YAML

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const catalogue = yaml.load(source);
  res.json({ count: catalogue.items.length, first: catalogue.items[0] });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
