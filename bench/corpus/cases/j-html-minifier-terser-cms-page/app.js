// Express: the marketing site's page renderer. A landing page is assembled from the CMS blocks (about
// 1,500 product cards) and minified before it is sent, so that the HTML stays small on mobile.
'use strict';
const express = require('express');
const { minify } = require('html-minifier-terser');

const cards = [];
for (let i = 0; i < 1500; i++) {
  cards.push(`<div class="card card-${i % 7}" data-id="${i}" style="margin: 0 auto; color: #333">
  <h3 title="Item ${i}">  Item   ${i}  </h3>
  <p>Some <b>bold</b> and <a href="https://shop.example.com/p/${i}?ref=list&amp;x=1" target="_blank" rel="noopener">a link</a>   with   spaces.</p>
  <!-- block ${i} -->
  <img src="/img/${i}.png" alt="" width="64" height="64">
</div>`);
}
const page = `<!DOCTYPE html>\n<html lang="en">\n<head>\n  <meta charset="utf-8">\n  <title>Spring sale</title>\n</head>\n<body>\n${cards.join('\n')}\n</body>\n</html>`;

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/x', async (req, res) => {
  const html = await minify(page, { collapseWhitespace: true, removeComments: true, removeAttributeQuotes: true });
  res.type('html').send(html);
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
