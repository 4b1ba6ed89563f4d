// Fastify 5: a delivery platform's map service draws its 6,000 delivery zones (polygons of 40 points, with the
// zone's fee) on the dispatchers' map as tiles. /x serves one tile: the handler builds a geojson-vt tile index
// from the whole zone collection (projecting, simplifying and slicing every polygon down to zoom 5) and then
// asks it for the requested tile, on every tile request.
import Fastify from 'fastify';
import geojsonvt from 'geojson-vt';

const zones = {
  type: 'FeatureCollection',
  features: Array.from({ length: 6000 }, (_, i) => {
    const cx = 4.3 + (i % 80) * 0.01; const cy = 52.0 + Math.floor(i / 80) * 0.008; const r = 0.004;
    const ring = Array.from({ length: 41 }, (_, k) => { const a = ((k % 40) / 40) * 2 * Math.PI; return [cx + r * Math.cos(a) * (1 + 0.2 * Math.sin(5 * a)), cy + r * Math.sin(a)]; });
    return { type: 'Feature', properties: { zone: `Z${i}`, fee: i % 5 }, geometry: { type: 'Polygon', coordinates: [ring] } };
  }),
};

const app = Fastify();
app.get('/health', async () => 'ok');

app.get('/x', async (req) => {
  const { z = 12, x = 2097, y = 1347 } = req.query;
  const index = geojsonvt(zones, { maxZoom: 14, indexMaxZoom: 5, tolerance: 3, extent: 4096 });
  const tile = index.getTile(Number(z), Number(x), Number(y));
  return { z: Number(z), x: Number(x), y: Number(y), features: tile ? tile.features.map((f) => ({ zone: f.tags.zone, fee: f.tags.fee, rings: f.geometry.length })) : [] };
});

app.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
