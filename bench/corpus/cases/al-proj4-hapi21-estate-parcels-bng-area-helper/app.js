// hapi 21: a land agent's estate service. Field parcels are stored as the GPS surveys recorded them (WGS84
// longitude/latitude rings, ~200 vertices each); the acreage report needs areas in metres, so the app's own
// helper toGrid() reprojects every vertex to the British National Grid (EPSG:27700: a Helmert datum shift to
// OSGB36 and a transverse Mercator) with proj4, one forward() call per vertex, on every report request.
'use strict';
const Hapi = require('@hapi/hapi');
const proj4 = require('proj4');

proj4.defs('EPSG:27700', '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
  '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs');
const wgsToBng = proj4('EPSG:4326', 'EPSG:27700');

function toGrid(ring) {
  const out = new Array(ring.length);
  for (let i = 0; i < ring.length; i++) {
    out[i] = wgsToBng.forward(ring[i]);
  }
  return out;
}
function areaOf(grid) {
  let twice = 0;
  for (let i = 0, j = grid.length - 1; i < grid.length; j = i++) twice += (grid[j][0] + grid[i][0]) * (grid[j][1] - grid[i][1]);
  return Math.abs(twice) / 2;
}

// 1,200 parcels of an estate in the Cotswolds, each a surveyed ring of 200 vertices
const estate = Array.from({ length: 1200 }, (_, p) => {
  const cx = -1.95 + (p % 40) * 0.004, cy = 51.80 + Math.floor(p / 40) * 0.003;
  const ring = Array.from({ length: 200 }, (_, k) => {
    const a = (k / 200) * 2 * Math.PI, r = 0.0011 * (1 + 0.18 * Math.sin(3 * a + p));
    return [cx + 1.6 * r * Math.cos(a), cy + r * Math.sin(a)];
  });
  return { id: `F${String(p).padStart(4, '0')}`, crop: ['wheat', 'barley', 'oilseed', 'grass ley'][p % 4], ring };
});

async function main() {
  const server = Hapi.server({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
  server.route({ method: 'GET', path: '/health', handler: () => ({ ok: true }) });
  server.route({ method: 'GET', path: '/x', handler: () => {
    const byCrop = {};
    let hectares = 0;
    for (const parcel of estate) {
      const ha = areaOf(toGrid(parcel.ring)) / 10000;
      byCrop[parcel.crop] = (byCrop[parcel.crop] || 0) + ha;
      hectares += ha;
    }
    return { parcels: estate.length, hectares: Number(hectares.toFixed(2)), byCrop };
  } });
  await server.start();
}
main();
