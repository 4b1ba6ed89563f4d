// hapi 21: a podcast host serves each show's RSS feed. Podcast apps poll the feed constantly, and a
// long-running daily show has 2,500 episodes in it. /x renders the whole feed from the episode rows
// (made here at start-up) with jstoxml's toXML on every poll, ~1.35 MB of XML; the feed only changes
// when an episode is published.
import Hapi from '@hapi/hapi';
import { toXML } from 'jstoxml';

const episodes = Array.from({ length: 2500 }, (_, i) => ({
  number: 2500 - i,
  title: `Episode ${2500 - i}: shipping notes from week ${i % 52}`,
  summary: `We talk about release ${i} & the migration <plans> for ${i % 9} teams, plus listener questions.`,
  audio: `https://cdn.example.fm/daily/ep-${2500 - i}.mp3`,
  bytes: 30000000 + i * 17,
  published: new Date(1732950000000 - i * 86400000),
  seconds: 900 + (i * 37) % 2700,
}));

function feedItems() {
  return episodes.map((e) => ({
    item: [
      { title: e.title },
      { description: e.summary },
      { _name: 'enclosure', _attrs: { url: e.audio, length: e.bytes, type: 'audio/mpeg' } },
      { guid: `daily-${e.number}` },
      { pubDate: e.published.toUTCString() },
      { 'itunes:duration': `${Math.floor(e.seconds / 60)}:${String(e.seconds % 60).padStart(2, '0')}` },
      { 'itunes:episode': e.number },
      { 'itunes:explicit': 'false' },
    ],
  }));
}

const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
server.route({ method: 'GET', path: '/health', handler: () => ({ ok: true }) });
server.route({
  method: 'GET',
  path: '/x',
  handler: (request, h) => {
    const rss = {
      _name: 'rss',
      _attrs: { version: '2.0', 'xmlns:itunes': 'http://www.itunes.com/dtds/podcast-1.0.dtd' },
      _content: { channel: [{ title: 'Ship It Daily' }, { link: 'https://example.fm/daily' }, { language: 'en' }, ...feedItems()] },
    };
    const xml = toXML(rss, { header: true, indent: '  ' });
    return h.response(xml).type('application/rss+xml');
  },
});
await server.start();
