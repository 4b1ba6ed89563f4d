// Express 4: the public site of a multilingual news publisher. Article URLs carry a slug made from the title
// (transliterated to ASCII: Cyrillic, Greek, Turkish, German, Japanese titles), but slugs were never stored:
// the CMS helper findArticleBySlug re-slugifies every title of the 40,000-article archive with transliteration
// until one matches the requested slug. Old articles sit at the end of the archive.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const { slugify } = require('transliteration');

const templates = [(i) => `Ürün incelemesi ${i}: Ça marche très bien`, (i) => `Привет мир: обзор ${i} новых товаров`, (i) => `東京の天気予報 第${i}回`,
  (i) => `Größe und Gewicht — Übersicht Teil ${i}`, (i) => `Ελληνικά νέα ${i}: η εβδομάδα`, (i) => `Café crème à Paris, épisode ${i}`];
const articles = Array.from({ length: 40000 }, (_, i) => ({ id: 500000 - i, title: templates[i % templates.length](i), section: ['world', 'tech', 'food', 'travel'][i % 4],
  publishedAt: new Date(Date.UTC(2025, 0, 1) - i * 3600e3).toISOString() }));
const slugOptions = { lowercase: true, separator: '-', trim: true };

function findArticleBySlug(list, slug) {
  for (const article of list) {
    if (slugify(article.title, slugOptions) === slug) return article;
  }
  return null;
}

const app = express();
app.use(helmet());
app.use(cors({ origin: ['https://www.example-news.eu'], maxAge: 600 }));
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const slug = req.query.slug || slugify(articles[29311].title, slugOptions);
  const article = findArticleBySlug(articles, slug);
  if (!article) return res.status(404).json({ error: 'not found' });
  res.set('cache-control', 'public, max-age=60').json({ id: article.id, title: article.title, section: article.section, publishedAt: article.publishedAt, canonical: `/${article.section}/${slug}` });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
