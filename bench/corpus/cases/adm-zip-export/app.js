// A zip download built with adm-zip: toBuffer() deflates each entry with zlib's sync API.
'use strict';
const express = require('express');
const AdmZip = require('adm-zip');

const rows = [];
for (let i = 0; i < 5000; i++) rows.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'] });
const report = Buffer.from(JSON.stringify(rows).repeat(8)); // 3 MB per file

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const zip = new AdmZip();
  for (let i = 0; i < 4; i++) zip.addFile(`report-${i}.json`, report);
  const archive = zip.toBuffer();
  res.type('application/zip').send(archive);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
