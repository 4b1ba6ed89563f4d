// Express 5 with the middleware a team puts in front of an API: helmet, CORS for the dispatch console, compression,
// express-rate-limit and morgan. A last-mile courier company plans each delivery zone's day: /zones/:id/route orders
// the zone's 600 drops (parcels, lockers, returns) into one tour, nearest neighbour improved by 2-opt, distances by
// the haversine formula, in the app's own planner code, on the request; the tour is then cut into van loads. The
// drops are made at start-up.
'use strict';
const express = require('express');
const helmet = require('helmet');
const cors = require('cors');
const compression = require('compression');
const { rateLimit } = require('express-rate-limit');
const morgan = require('morgan');

const R = 6371e3, rad = Math.PI / 180;
const metres = (a, b) => { const s1 = Math.sin((b.lat - a.lat) * rad / 2), s2 = Math.sin((b.lng - a.lng) * rad / 2); return 2 * R * Math.asin(Math.sqrt(s1 * s1 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * s2 * s2)); };

function nearestNeighbour(depot, drops) {
  const left = new Set(drops.keys()), tour = [];
  let at = depot;
  while (left.size) {
    let best = -1, bestD = Infinity;
    for (const i of left) { const d = metres(at, drops[i]); if (d < bestD) { bestD = d; best = i; } }
    tour.push(best); left.delete(best); at = drops[best];
  }
  return tour;
}

function twoOpt(depot, drops, tour) {
  const p = (k) => (k < 0 ? depot : drops[tour[k]]);
  for (let improved = true, passes = 0; improved && passes < 6; passes++) {
    improved = false;
    for (let i = 0; i < tour.length - 2; i++) {
      for (let j = i + 2; j < tour.length; j++) {
        const delta = metres(p(i - 1), p(j - 1)) + metres(p(i), p(j)) - metres(p(i - 1), p(i)) - metres(p(j - 1), p(j));
        if (delta < -0.5) { tour.splice(i, j - i, ...tour.slice(i, j).reverse()); improved = true; }
      }
    }
  }
  return tour;
}

const depot = { lat: 52.4862, lng: 13.4253 };
const zones = new Map(Array.from({ length: 12 }, (_, d) => [`ZN-${300 + d}`, Array.from({ length: 600 }, (_, i) => ({ id: `PCL-${d}-${i}`, lat: 52.44 + ((i * 7919 + d * 31) % 1000) / 10000, lng: 13.33 + ((i * 104729 + d * 17) % 1000) / 5000, window: i % 3 ? 'am' : 'pm' }))]));

const app = express();
app.use(helmet());
app.use(cors({ origin: 'https://dispatch.example-couriers.de', credentials: true }));
app.use(compression());
app.use(rateLimit({ windowMs: 60_000, limit: 100_000, standardHeaders: 'draft-7', legacyHeaders: false }));
app.use(morgan('tiny'));
app.get('/health', (req, res) => res.send('ok'));
app.get('/zones/:id/route', (req, res) => {
  const drops = zones.get(req.params.id) || [];
  const tour = twoOpt(depot, drops, nearestNeighbour(depot, drops));
  let km = 0;
  tour.forEach((k, n) => { km += metres(n ? drops[tour[n - 1]] : depot, drops[k]) / 1000; });
  res.json({ zone: req.params.id, stops: tour.map((k) => drops[k].id), km: Number(km.toFixed(1)) });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
