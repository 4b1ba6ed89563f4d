// Fastify 4 (@fastify/helmet, @fastify/cors, @fastify/rate-limit), ESM: a weather app's map service. The latest
// model run's 2 m temperature grid (640 x 480 cells, refreshed hourly) is kept in memory; /x returns the isotherm
// bands for the map overlay, which the handler computes with d3-contour (marching squares over the grid for 24
// thresholds) on every request, although the grid only changes once an hour. The client gets per-band ring counts,
// bounding boxes and a decimated outline, a small answer.
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { contours } from 'd3-contour';

const W = 640, H = 480;
const run = { id: '2026-12-03T06Z', grid: new Float64Array(W * H) };
for (let y = 0; y < H; y++) for (let x = 0; x < W; x++) {
  run.grid[y * W + x] = 12 + 9 * Math.sin(x / 37) * Math.cos(y / 29) + 4 * Math.sin((x + y) / 41);
}
const THRESHOLDS = Array.from({ length: 24 }, (_, k) => -2 + k * 1.25);

function summarize(band) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, points = 0;
  const outline = [];
  for (const polygon of band.coordinates) for (const ring of polygon) {
    points += ring.length;
    for (const [x, y] of ring) { if (x < minX) minX = x; if (x > maxX) maxX = x; if (y < minY) minY = y; if (y > maxY) maxY = y; }
    if (outline.length < 40) outline.push(ring[0]);
  }
  return { celsius: band.value, polygons: band.coordinates.length, points, bbox: points ? [minX, minY, maxX, maxY] : null, outline };
}

const app = Fastify({ logger: false });
await app.register(helmet);
await app.register(cors, { origin: 'https://maps.example.com' });
await app.register(rateLimit, { max: 10000, timeWindow: '1 minute' });
app.get('/health', async () => ({ ok: true }));
app.get('/x', async () => {
  const bands = contours().size([W, H]).thresholds(THRESHOLDS)(run.grid);
  return { run: run.id, layer: 't2m-isotherms', bands: bands.map(summarize) };
});
await app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
