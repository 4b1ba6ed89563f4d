// An import preview: a 1.5 MB CSV upload (kept in memory here) parsed with csv-parse/sync per request.
'use strict';
const express = require('express');
const { parse } = require('csv-parse/sync');

let upload = 'id,name,email,city,amount\n';
for (let i = 0; i < 28000; i++) upload += `${i},"Name ${i}",n${i}@example.com,City ${i % 50},${(i * 1.1).toFixed(2)}\n`;

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const records = parse(upload, { columns: true, skip_empty_lines: true });
  res.json({ rows: records.length, preview: records.slice(0, 5) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
