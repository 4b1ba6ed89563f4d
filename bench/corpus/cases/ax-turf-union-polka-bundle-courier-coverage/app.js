// polka, bundled with esbuild as the team ships it: the dispatch service of a food-delivery platform. The dispatchers'
// map polls /coverage/:city for the area the active couriers can reach in 15 minutes: each courier's reach is an
// isochrone polygon, and the handler merges them into one coverage area with @turf/union, which hands the polygons
// to its own clipping dependency (polyclip-ts) for a boolean union of all of them. Couriers and their isochrones are
// made at start-up, as the routing engine would hand them over.
'use strict';
const http = require('node:http');
const polka = require('polka');
const { union } = require('@turf/union');
const { polygon, featureCollection } = require('@turf/helpers');

function isochrone(lng, lat, km, seed) {
  const ring = [];
  for (let k = 0; k < 48; k++) {
    const a = (k / 48) * 2 * Math.PI;
    const r = km * (0.8 + 0.2 * Math.sin(a * 3 + seed) + 0.05 * Math.cos(a * 7 + seed * 2));
    ring.push([+(lng + (r / 68) * Math.cos(a)).toFixed(6), +(lat + (r / 111) * Math.sin(a)).toFixed(6)]);
  }
  ring.push(ring[0]);
  return polygon([ring], { courier: `CR-${seed}` });
}
const cities = {
  dublin: Array.from({ length: 45 }, (_, i) => isochrone(-6.35 + ((i * 37) % 100) / 400, 53.28 + ((i * 53) % 100) / 600, 1.2 + (i % 5) * 0.3, i)),
};

function coverage(city) {
  const couriers = cities[city];
  const area = union(featureCollection(couriers));
  return { city, couriers: couriers.length, type: area.geometry.type, parts: area.geometry.coordinates.length, area };
}

const app = polka();
app.use((req, res, next) => { res.setHeader('x-service', 'dispatch-coverage'); next(); });
app.get('/health', (req, res) => { res.end('ok'); });
app.get('/coverage/:city', (req, res) => {
  if (!cities[req.params.city]) { res.statusCode = 404; return res.end('unknown city'); }
  const body = JSON.stringify(coverage(req.params.city));
  res.setHeader('content-type', 'application/json');
  res.end(body);
});
http.createServer(app.handler).listen(Number(process.env.PORT) || 0, '127.0.0.1');
