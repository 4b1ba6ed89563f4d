// node:http: a micromobility operator's dispatch edge. Riders' apps ask GET /x?lon=..&lat=.. for the scooters and
// bikes near them: a lookup in a KD-tree of the fleet's positions (kdbush 3, the version supercluster 7 uses).
// Positions stream in all the time, so a job rebuilds the index every 500 ms from the 450,000 vehicles' latest
// positions: new KDBush(...) sorts all the points into the tree (kdbush's select and swap), on the loop. No request
// runs the job; the fleet is made at start-up.
'use strict';
const http = require('node:http');
const KDBush = require('kdbush');

const fleet = Array.from({ length: 450000 }, (_, i) => ({ id: `V${100000 + i}`, kind: i % 5 ? 'scooter' : 'bike', battery: 20 + (i % 80) }));
const positions = fleet.map((_, i) => [-0.51 + ((i * 7919) % 100000) / 100000 * 0.85, 51.28 + ((i * 104729) % 100000) / 100000 * 0.42]);
let index = null;
let builtAt = 0;

function rebuildIndex() {
  for (let k = 0; k < 600; k++) { const p = positions[(builtAt * 601 + k * 750) % positions.length]; p[0] += 0.00002; p[1] -= 0.00001; }
  index = new KDBush(positions, undefined, undefined, 64, Float64Array);
  builtAt++;
}
rebuildIndex();
setInterval(rebuildIndex, 500);

http.createServer((req, res) => {
  const url = new URL(req.url, 'http://localhost');
  if (url.pathname === '/health') return res.end('ok');
  if (url.pathname === '/x') {
    const lon = Number(url.searchParams.get('lon') || -0.1276), lat = Number(url.searchParams.get('lat') || 51.5072);
    const near = index.within(lon, lat, 0.002).slice(0, 25).map((i) => ({ ...fleet[i], lon: positions[i][0], lat: positions[i][1] }));
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify({ build: builtAt, count: near.length, vehicles: near }));
  }
  res.writeHead(404).end();
}).listen(Number(process.env.PORT) || 0, '127.0.0.1');
