// Express 5: a bookmarking API normalizes each saved link with normalize-url 4.5.0 before it shows the
// list. One saved link is a crafted data: URL (10,000 commas, then a newline) that the parser rejects,
// but only after its data-URL pattern has backtracked through the whole string.
'use strict';
const express = require('express');
const normalizeUrl = require('normalize-url');

const saved = [
  { id: 1, url: 'HTTPS://Example.com/docs/?b=2&a=1#intro' },
  { id: 2, url: 'data:' + ','.repeat(10000) + '\ndata:' },
  { id: 3, url: 'www.nodejs.org/en/' },
];

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });

app.get('/x', (req, res) => {
  const links = saved.map((b) => {
    try {
      return { id: b.id, url: normalizeUrl(b.url) };
    } catch {
      return { id: b.id, url: null };
    }
  });
  res.json({ links });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
