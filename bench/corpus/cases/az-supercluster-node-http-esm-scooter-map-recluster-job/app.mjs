// Plain node:http, written as ESM: the fleet service of an e-scooter operator. The vehicles report their positions
// continuously; every 500 ms a timer job rebuilds the map's clusters from the latest positions of the whole fleet
// (110,000 scooters and bikes across the operator's cities) with supercluster, so that the operations map and the rider
// app can ask /clusters for any zoom level. The requests themselves are cheap: /vehicles/:id is a map lookup and
// /clusters reads the last index. The fleet and its positions are made at start-up, as the telemetry stream would
// hand them over.
import http from 'node:http';
import Supercluster from 'supercluster';

const vehicles = new Map();
const positions = [];
for (let i = 0; i < 110000; i++) {
  const city = i % 5;
  const v = { id: `SC-${10000 + i}`, kind: i % 7 ? 'scooter' : 'bike', battery: 20 + (i % 80), lng: [-6.26, -0.12, 2.35, 13.4, 4.9][city] + (((i * 7919) % 10000) / 10000 - 0.5) * 0.3, lat: [53.35, 51.51, 48.86, 52.52, 52.37][city] + (((i * 104729) % 10000) / 10000 - 0.5) * 0.2 };
  vehicles.set(v.id, v);
  positions.push({ type: 'Feature', properties: { id: v.id, kind: v.kind }, geometry: { type: 'Point', coordinates: [v.lng, v.lat] } });
}

let index = null;
let tick = 0;
function recluster() {
  // the telemetry stream has moved a slice of the fleet since the last run
  for (let k = 0; k < 2000; k++) { const p = positions[(tick * 2000 + k) % positions.length].geometry.coordinates; p[0] += 0.00001; p[1] -= 0.00001; }
  tick++;
  index = new Supercluster({ radius: 60, maxZoom: 17, minPoints: 3 }).load(positions);
}
recluster();
setInterval(recluster, 500);

const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return res.end('ok');
  const m = url.pathname.match(/^\/vehicles\/([\w-]+)$/);
  if (m) {
    const v = vehicles.get(m[1]);
    res.writeHead(v ? 200 : 404, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(v ?? { error: 'unknown vehicle' }));
  }
  if (url.pathname === '/clusters') {
    const bbox = (url.searchParams.get('bbox') || '-6.5,53.2,-6.0,53.5').split(',').map(Number);
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(index.getClusters(bbox, Number(url.searchParams.get('zoom')) || 12)));
  }
  res.writeHead(404); res.end();
});
server.listen(Number(process.env.PORT) || 0, '127.0.0.1');
