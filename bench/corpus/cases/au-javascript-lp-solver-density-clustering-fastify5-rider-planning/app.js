// Fastify 5: the operations-planning backend of a quick-commerce grocery delivery company, two slow calls.
// /planning/rider-shifts proposes tomorrow's rider rota: which of 400 shift templates (a start time and a run of
// hours in one or more zones) to staff and with how many riders, so that the forecast orders of 300 zone-hour
// buckets are covered within the day's rider budget (£16,000), a linear programme solved with javascript-lp-solver on
// every view of the planner, although the forecast changes once a night. /demand/hotspots clusters the last four
// hours' 5,000 drop-off points with density-clustering's DBSCAN to suggest where a pop-up micro-hub would pay, also
// on every view. Forecast and drop-offs are made at start-up.
'use strict';
const fastify = require('fastify')({ logger: false });
const solver = require('javascript-lp-solver');
const clustering = require('density-clustering');

const ZONES = 25, HOURS = 12; // 08:00-20:00
const buckets = Array.from({ length: ZONES * HOURS }, (_, b) => ({ id: `z${Math.floor(b / HOURS)}h${8 + (b % HOURS)}`, orders: 20 + ((b * 13) % 40) }));
const templates = Array.from({ length: 400 }, (_, t) => ({
  id: `T${t}`, costPerRider: 60 + (t % 5) * 12, maxRiders: 8 + (t % 15),
  covers: Array.from({ length: 12 }, (_, k) => ({ bucket: buckets[(t * 7 + k * 11 + k * k) % buckets.length].id, ordersPerRider: 0.6 + ((t * k + 3) % 7) / 4 })),
}));

function riderRota(budget) {
  const model = { optimize: 'covered', opType: 'max', constraints: { budget: { max: budget } }, variables: {} };
  for (const b of buckets) model.constraints[b.id] = { max: b.orders };
  for (const t of templates) {
    const v = { covered: 0, budget: t.costPerRider, [t.id]: 1 };
    for (const c of t.covers) { v[c.bucket] = (v[c.bucket] || 0) + c.ordersPerRider; v.covered += c.ordersPerRider; }
    model.constraints[t.id] = { max: t.maxRiders };
    model.variables[t.id] = v;
  }
  return solver.Solve(model);
}

const dropOffs = Array.from({ length: 5000 }, (_, i) => {
  const c = i % 12; // eight busy neighbourhoods and scattered orders
  return [51.45 + 0.02 * (c % 4) + (((i * 7919) % 1000) / 200000) * (c < 8 ? 1 : 6), -0.2 + 0.03 * Math.floor(c / 4) + (((i * 104729) % 1000) / 200000) * (c < 8 ? 1 : 6)];
});

fastify.get('/health', async () => 'ok');
fastify.get('/planning/rider-shifts', async (req) => {
  const plan = riderRota(Number(req.query.budget) || 16000);
  const staffed = templates.filter((t) => plan[t.id] > 0).map((t) => ({ template: t.id, riders: Math.round(plan[t.id] * 10) / 10 }));
  return { feasible: plan.feasible, coveredOrders: Math.round(plan.result), templates: staffed.length, rota: staffed.slice(0, 40) };
});
fastify.get('/demand/hotspots', async () => {
  const dbscan = new clustering.DBSCAN();
  const clusters = dbscan.run(dropOffs, 0.0008, 10);
  const hotspots = clusters.map((ids) => ({ orders: ids.length, lat: ids.reduce((s, i) => s + dropOffs[i][0], 0) / ids.length, lon: ids.reduce((s, i) => s + dropOffs[i][1], 0) / ids.length }))
    .sort((a, b) => b.orders - a.orders);
  return { window: '4h', dropOffs: dropOffs.length, noise: dbscan.noise.length, hotspots };
});
fastify.listen({ port: Number(process.env.PORT) || 0, host: '127.0.0.1' });
