// Express 5: a publisher's content API, JSON:API compliant for the partner apps. /x is what the scheduler
// calls every few minutes to publish the syndication snapshot: the 7,000 articles of the last weeks, each with
// its author, editor, section and tags as relationships (the related resources included), serialized with
// json-api-serializer in kebab-case and put on the partners' outbox, which a separate sender ships (an array
// here). The articles, authors, sections and tags are made at start-up, as the CMS's cache holds them.
'use strict';
const express = require('express');
const JSONAPISerializer = require('json-api-serializer');

const serializer = new JSONAPISerializer({ convertCase: 'kebab-case' });
serializer.register('author', { whitelist: ['displayName', 'twitterHandle', 'bio', 'avatarUrl', 'desk'] });
serializer.register('section', { whitelist: ['title', 'slug'] });
serializer.register('tag', { whitelist: ['label', 'slug', 'kind', 'followerCount'] });
serializer.register('article', {
  blacklist: ['internalNotes'],
  links: { self: (a) => `/articles/${a.id}` },
  relationships: { author: { type: 'author' }, editor: { type: 'author' }, section: { type: 'section' }, tags: { type: 'tag' } },
  topLevelMeta: (data, extra) => ({ count: extra.count, snapshotAt: extra.at }),
});

const authors = Array.from({ length: 120 }, (_, i) => ({ id: String(i), displayName: `Author ${i}`, twitterHandle: `@author${i}`, bio: 'Writes about cities, transport and housing.', avatarUrl: `https://cdn.news.example/a/${i}.jpg`, desk: 'city' }));
const tags = Array.from({ length: 90 }, (_, i) => ({ id: String(i), label: `Topic ${i}`, slug: `topic-${i}`, kind: i % 3 ? 'topic' : 'place', followerCount: 1000 + i * 37 }));
const sections = ['politics', 'business', 'culture', 'sport', 'science', 'travel'].map((slug, i) => ({ id: String(i), title: slug[0].toUpperCase() + slug.slice(1), slug }));
const articles = Array.from({ length: 7000 }, (_, i) => ({
  id: String(70000 + i), headline: `Story ${i}: the budget and commuters`, publishedAt: new Date(Date.UTC(2025, 2, 1 + (i % 28), i % 24)).toISOString(),
  isPremium: i % 4 === 0, internalNotes: 'legal checked', author: authors[i % authors.length], editor: authors[(i * 7) % authors.length],
  section: sections[i % sections.length], tags: Array.from({ length: 6 }, (_, k) => tags[(i * 3 + k * 11) % tags.length]),
}));
const outbox = [];

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/x', (req, res) => {
  const doc = serializer.serialize('article', articles, { count: articles.length, at: new Date().toISOString() });
  outbox.push(doc);
  if (outbox.length > 3) outbox.shift(); // the sender took the older ones
  res.status(202).json({ queued: doc.data.length, included: doc.included.length });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
