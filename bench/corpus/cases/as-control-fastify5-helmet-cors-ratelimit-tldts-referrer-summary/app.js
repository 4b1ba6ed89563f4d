// Control, Fastify 5 with the plugins a team registers in front of an analytics API: @fastify/helmet, @fastify/cors for
// the dashboard's origin, @fastify/rate-limit (in memory), and an onSend hook of the app's own that adds timing
// headers. /sites/:id/referrers summarises a site's last 200 visits by referring registrable domain, parsed with tldts
// (the Public Suffix List compiled into a trie, one lookup per URL): well under a millisecond of work. The loop stays
// responsive. Visits are made at start-up.
'use strict';
const Fastify = require('fastify');
const { parse } = require('tldts');

const REFERRERS = ['https://www.google.co.uk/search?q=linen+duvet', 'https://m.facebook.com/story.php?id=1', 'https://news.ycombinator.com/item?id=40123', 'https://blog.example-interiors.com.au/best-bedding', 'https://t.co/x1y2z3', 'https://www.bing.com/search?q=duvet', 'android-app://com.google.android.gm/', 'https://shop.example.co.jp/ranking', 'https://duckduckgo.com/?q=linen', ''];
const visits = new Map([['site-7', Array.from({ length: 200 }, (_, i) => ({ at: 1748736000 + i * 97, path: `/p/${1000 + (i % 60)}`, referrer: REFERRERS[(i * 7) % REFERRERS.length] }))]]);

const ReferrerReport = {
  summarise(list) {
    const byDomain = new Map();
    for (const v of list) {
      const domain = v.referrer ? parse(v.referrer).domain || 'other' : 'direct';
      byDomain.set(domain, (byDomain.get(domain) || 0) + 1);
    }
    return [...byDomain].sort((a, b) => b[1] - a[1]).map(([domain, count]) => ({ domain, count, share: Math.round((count / list.length) * 1000) / 10 }));
  },
};

async function start() {
  const fastify = Fastify({ logger: false });
  await fastify.register(require('@fastify/helmet'));
  await fastify.register(require('@fastify/cors'), { origin: ['https://dashboard.example-analytics.io'], credentials: true });
  await fastify.register(require('@fastify/rate-limit'), { max: 100000, timeWindow: '1 minute' });
  fastify.addHook('onRequest', async (req) => { req.t0 = performance.now(); });
  fastify.addHook('onSend', async (req, reply) => { reply.header('server-timing', `app;dur=${(performance.now() - req.t0).toFixed(2)}`); });
  fastify.get('/health', async () => 'ok');
  fastify.get('/sites/:id/referrers', async (req) => {
    const list = visits.get(req.params.id) || [];
    return { site: req.params.id, visits: list.length, referrers: ReferrerReport.summarise(list) };
  });
  await fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
}
start();
