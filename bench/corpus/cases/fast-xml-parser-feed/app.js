// A partner's RSS feed (1.5 MB, fetched earlier and kept as text) parsed with fast-xml-parser per request.
'use strict';
const express = require('express');
const { XMLParser, XMLBuilder } = require('fast-xml-parser');

const item = [];
for (let i = 0; i < 8000; i++) {
  item.push({ title: `Story ${i}`, link: `https://example.com/s/${i}`, description: `Lorem ipsum dolor sit amet ${i}`, pubDate: 'Mon, 01 Jan 2024 00:00:00 GMT', '@_id': String(i) });
}
const feedXml = new XMLBuilder({ ignoreAttributes: false }).build({ rss: { channel: { title: 'Partner feed', item } } });

const app = express();
app.get('/health', (req, res) => res.send('ok'));

app.get('/x', (req, res) => {
  const parser = new XMLParser({ ignoreAttributes: false });
  const feed = parser.parse(feedXml);
  res.json({ title: feed.rss.channel.title, latest: feed.rss.channel.item.slice(0, 10) });
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
