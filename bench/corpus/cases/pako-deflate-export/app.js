// An export compressed with pako (pure-JavaScript zlib) before it is sent: 3 MB per request, level 9.
'use strict';
const express = require('express');
const pako = require('pako');

const rows = [];
for (let i = 0; i < 40000; i++) rows.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'] });
const exportJson = JSON.stringify(rows);

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const body = pako.gzip(exportJson, { level: 9 });
  res.set('Content-Encoding', 'gzip').type('json').send(Buffer.from(body));
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
