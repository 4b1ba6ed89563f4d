// Express 4: a fulfilment centre's order desk. Two endpoints the packing stations call for one order are slow.
// /orders/:id/labels draws the carrier's Data Matrix code for each of the order's parcels (ship-to and ship-from
// address, SSCC, weight and parcel count, as the carrier's label spec asks) as SVG with bwip-js. /orders/:id/timeline
// lists the order's steps through the stations with the queue each step met: for every step the app counts the
// parcels that were already waiting at that station, scanning the station log. The orders and the station log
// (the last days' 360,000 arrivals, as the log's in-memory tail holds them) are made at start-up.
'use strict';
const express = require('express');
const bwipjs = require('bwip-js');

let seed = 7;
const rnd = (n) => (seed = (seed * 16807) % 2147483647) % n;
const gs1 = (d) => { let s = 0; for (let i = 0; i < d.length; i++) s += Number(d[d.length - 1 - i]) * (i % 2 ? 1 : 3); return d + ((10 - (s % 10)) % 10); };
const shipFrom = 'FROM Lager Sued GmbH, Industriestr. 4, 85748 Garching, DE';
const stations = ['inbound', 'pick-A', 'pick-B', 'pack-1', 'pack-2', 'weigh', 'label', 'sort', 'dock-3', 'dock-4'];

const orders = Array.from({ length: 400 }, (_, i) => ({
  id: i, shipTo: `Kaufhaus Nord GmbH, Wareneingang Tor ${i % 9}, Hafenstrasse ${1 + (i % 200)}, ${String(10115 + ((i * 37) % 89000)).padStart(5, '0')} Hamburg, DE`,
  parcels: Array.from({ length: 1 + ((i * 13) % 24) }, (_, k) => ({ sscc: gs1(`3401234${String(i * 10 + k).padStart(10, '0')}`), grams: 400 + rnd(19000) })),
}));
const log = [];
const t0 = Date.UTC(2025, 2, 3);
for (let i = 0; i < 360000; i++) {
  const at = t0 + i * 1250 + rnd(1000);
  log.push({ order: rnd(400), station: stations[rnd(stations.length)], at, leftAt: at + 20000 + rnd(600000) });
}
const stepsOf = (id) => log.filter((e) => e.order === id).slice(0, 28);

const app = express();
app.get('/health', (req, res) => { res.send('ok'); });
app.get('/orders/:id/labels', (req, res) => {
  const order = orders[Number(req.params.id)];
  if (!order) return res.status(404).end();
  const labels = order.parcels.map((p, k) => ({
    sscc: p.sscc,
    svg: bwipjs.toSVG({ bcid: 'datamatrix', text: `${order.shipTo}|${shipFrom}|SSCC ${p.sscc}|${(p.grams / 1000).toFixed(2)} KG|${k + 1}/${order.parcels.length}`, scale: 3 }),
  }));
  res.json({ order: order.id, labels });
});
app.get('/orders/:id/timeline', (req, res) => {
  const timeline = [];
  for (const step of stepsOf(Number(req.params.id))) {
    // the parcels already waiting at the station when this one arrived
    const queue = log.reduce((n, e) => (e.station === step.station && e.at < step.at && e.leftAt > step.at ? n + 1 : n), 0);
    timeline.push({ station: step.station, at: new Date(step.at).toISOString(), queue });
  }
  res.json({ order: Number(req.params.id), steps: timeline });
});
app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
