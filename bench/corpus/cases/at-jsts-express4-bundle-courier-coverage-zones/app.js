// Express 4, bundled with esbuild as the team ships it: the coverage service of a same-day courier. A city's
// delivery area is where its couriers can be within minutes: /cities/:id/coverage buffers each of the city's 56
// courier routes (GPS traces in metres, 150 points each) by 800 m with JSTS and unions the buffers into the
// coverage polygon, on every request from the checkout page. The traces are made at start-up.
import express from 'express';
import GeometryFactory from 'jsts/org/locationtech/jts/geom/GeometryFactory.js';
import Coordinate from 'jsts/org/locationtech/jts/geom/Coordinate.js';
import BufferOp from 'jsts/org/locationtech/jts/operation/buffer/BufferOp.js';
import UnaryUnionOp from 'jsts/org/locationtech/jts/operation/union/UnaryUnionOp.js';

const gf = new GeometryFactory();
const trace = (r, city) => gf.createLineString(Array.from({ length: 150 }, (_, i) => new Coordinate(r * 900 + i * 60 + Math.sin(i / 7 + r + city) * 400, i * 80 + Math.cos(i / 5 + r) * 500)));
const cities = new Map(['ber', 'muc', 'ham'].map((id, c) => [id, { id, routes: Array.from({ length: 56 }, (_, r) => trace(r, c)) }]));

function coverage(routes, radius) {
  const zones = routes.map((line) => BufferOp.bufferOp(line, radius));
  return UnaryUnionOp.union(gf.createGeometryCollection(zones));
}

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.get('/cities/:id/coverage', (req, res) => {
  const city = cities.get(req.params.id);
  if (!city) return res.status(404).json({ error: 'unknown city' });
  const area = coverage(city.routes, Number(req.query.radius) || 800);
  const env = area.getEnvelopeInternal();
  res.json({ city: city.id, km2: Number((area.getArea() / 1e6).toFixed(2)), vertices: area.getNumPoints(), bbox: [env.getMinX(), env.getMinY(), env.getMaxX(), env.getMaxY()] });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
