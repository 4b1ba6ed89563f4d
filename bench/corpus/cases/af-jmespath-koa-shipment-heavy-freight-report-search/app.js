// Koa 2: a logistics API lets dashboards query the day's shipment snapshot with JMESPath expressions (the
// query language its AWS CLI users already know). /x runs the freight-planning report, "shipments over
// 60 kg, by region, with their units": jmespath.search filters, projects and sorts the 120,000-shipment
// snapshot (~40,000 matches) on every request.
'use strict';
const Koa = require('koa');
const jmespath = require('jmespath');

const regions = ['eu-west', 'eu-central', 'us-east', 'us-west', 'ap-south'];
const snapshot = {
  day: '2024-06-03',
  shipments: Array.from({ length: 120000 }, (_, i) => ({ id: `shp_${700000 + i}`, region: regions[i % 5], status: i % 7 ? 'delivered' : 'delayed',
    weightKg: (i % 90) + 0.5, carrier: { name: `carrier-${i % 12}`, tier: i % 3 }, lines: [{ sku: `sku-${i % 300}`, qty: 1 + (i % 4) }, { sku: `sku-${(i * 7) % 300}`, qty: 1 }] })),
};
const reports = {
  'heavy-freight': "shipments[?weightKg > `60`].{id: id, region: region, carrier: carrier.name, units: sum(lines[].qty)} | sort_by(@, &region)",
};

const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path === '/health') {
    ctx.body = { ok: true };
  } else if (ctx.path === '/x') {
    const expression = reports[ctx.query.report] || reports['heavy-freight'];
    const rows = jmespath.search(snapshot, expression);
    ctx.body = { day: snapshot.day, count: rows.length, first: rows.slice(0, 25) };
  } else {
    ctx.status = 404;
  }
});

app.listen(Number(process.env.PORT) || 0, '127.0.0.1');
