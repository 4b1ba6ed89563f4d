// A moderation queue that cleans pending comments with validator 13.6.0's trim; one comment is
// crafted (CVE-2021-3765: the rtrim regex is quadratic on long whitespace runs).
'use strict';
const express = require('express');
const validator = require('validator');

const pending = [
  { id: 1, text: '  Great article, thanks!  ' },
  { id: 2, text: `x${' '.repeat(8000)}x` },
];

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const cleaned = pending.map((c) => ({ id: c.id, text: validator.escape(validator.trim(c.text)) }));
  res.json({ count: cleaned.length });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
