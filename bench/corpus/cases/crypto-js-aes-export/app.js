// An export encrypted with crypto-js AES (pure JavaScript, passphrase mode) before download: 1 MB.
'use strict';
const express = require('express');
const CryptoJS = require('crypto-js');

const rows = [];
for (let i = 0; i < 14000; i++) rows.push({ id: i, email: `u${i}@example.com`, name: `User ${i}`, tags: ['a', 'b'] });
const exportJson = JSON.stringify(rows);

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const cipher = CryptoJS.AES.encrypt(exportJson, 'export passphrase').toString();
  res.type('text').send(cipher);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
