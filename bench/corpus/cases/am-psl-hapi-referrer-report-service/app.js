// hapi: the analytics API of a shop platform. The "top referring sites" widget groups the last 450 sessions
// that came from another site by registrable domain (news.example.co.uk and m.example.co.uk count as
// example.co.uk). The report lives in a small service class; its byRegistrableDomain method asks psl (the
// public-suffix library that tough-cookie uses) for each session's referrer host. psl 1.9.0's get() walks
// its whole list of ~9,000 public-suffix rules for every lookup.
'use strict';
const Hapi = require('@hapi/hapi');
const psl = require('psl');

class ReferrerReport {
  constructor(sessions) { this.sessions = sessions; }

  byRegistrableDomain(limit) {
    const counts = new Map();
    for (const s of this.sessions) {
      const site = psl.get(new URL(s.referrer).hostname) || 'unknown';
      const row = counts.get(site) || { site, sessions: 0, orders: 0 };
      row.sessions++; row.orders += s.ordered ? 1 : 0;
      counts.set(site, row);
    }
    return [...counts.values()].sort((a, b) => b.sessions - a.sessions).slice(0, limit);
  }
}

const sites = ['www.google.com', 'm.facebook.com', 'l.instagram.com', 'news.ycombinator.com', 'blog.kitchen-talk.co.uk', 'deals.shopping-au.com.au',
  'forum.kaffee-freunde.de', 'www.bbc.co.uk', 't.co', 'duckduckgo.com', 'www.bing.com', 'search.yahoo.co.jp', 'pins.example.github.io', 'out.reddit.com', 'www.pinterest.fr'];
const sessions = Array.from({ length: 450 }, (_, i) => ({ id: `s_${90000 + i}`, referrer: `https://${i % 5 ? '' : `r${i % 23}.`}${sites[(i * 7) % sites.length]}/path?q=${i}`, ordered: i % 9 === 0 }));
const report = new ReferrerReport(sessions);

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1', routes: { security: true } });
  server.route({ method: 'GET', path: '/health', handler: () => 'ok' });
  server.route({ method: 'GET', path: '/x', handler: (request) => ({ shop: request.query.shop || 'shop_31', window: '1h', top: report.byRegistrableDomain(Number(request.query.limit) || 10) }) });
  await server.start();
}
main();
