// A backup download gzipped with fflate's gzipSync (level 9) on every request.
'use strict';
const express = require('express');
const { gzipSync, strToU8 } = require('fflate');

const rows = [];
for (let i = 0; i < 20000; i++) rows.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'] });
const backup = strToU8(JSON.stringify(rows));

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const gz = gzipSync(backup, { level: 9 });
  res.type('application/gzip').send(Buffer.from(gz));
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
