// node:http: the dispatch service of a quick-commerce grocer. Every dispatch board refresh (/x) assigns the
// pending orders to their nearest dark store by brute force, the great-circle distance from each order to each of
// the city's stores, in the app's own nearestStores(). ms formats the board's age; it is not where the time goes.
'use strict';
const http = require('node:http');
const ms = require('ms');

const RAD = Math.PI / 180;
let seed = 7;
const rand = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
const stores = Array.from({ length: 1500 }, (_, i) => ({ id: `DS-${100 + i}`, lat: 52.35 + rand() * 0.3, lon: 13.2 + rand() * 0.45 }));
const pending = Array.from({ length: 2600 }, (_, i) => ({ id: `ORD-${500000 + i}`, lat: 52.35 + rand() * 0.3, lon: 13.2 + rand() * 0.45, placedAt: Date.now() - (i % 40) * 60000 }));

function nearestStores(orders) {
  const out = [];
  for (const o of orders) {
    let best = null, bestKm = Infinity;
    const cosLat = Math.cos(o.lat * RAD);
    for (const s of stores) {
      const dLat = (s.lat - o.lat) * RAD, dLon = (s.lon - o.lon) * RAD;
      const a = Math.sin(dLat / 2) ** 2 + cosLat * Math.cos(s.lat * RAD) * Math.sin(dLon / 2) ** 2;
      const km = 12742 * Math.atan2(Math.sqrt(a), Math.sqrt(1 - a));
      if (km < bestKm) { bestKm = km; best = s; }
    }
    out.push({ order: o.id, store: best.id, km: Math.round(bestKm * 100) / 100 });
  }
  return out;
}

http.createServer((req, res) => {
  if (req.url === '/health') { res.end('ok'); return; }
  if (req.url.startsWith('/x')) {
    const assignments = nearestStores(pending);
    const oldest = Math.max(...pending.slice(0, 100).map((o) => Date.now() - o.placedAt));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ orders: assignments.length, oldest: ms(oldest, { long: true }), first: assignments.slice(0, 20) }));
    return;
  }
  res.statusCode = 404; res.end();
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
