// A dashboard that parses the User-Agent of recent visits with ua-parser-js 0.7.32; one visitor sent
// a crafted header (CVE-2022-25927: the trim regex backtracks on long runs of spaces).
'use strict';
const express = require('express');
const UAParser = require('ua-parser-js');

const recent = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  `Mozilla/5.0 (X11; Linux x86_64)${' '.repeat(15000)}x`,
];

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const browsers = recent.map((ua) => new UAParser(ua).getBrowser().name || 'unknown');
  res.json({ browsers });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
